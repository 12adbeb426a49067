import { z } from 'zod';
import { defineCall } from './define';
import { MISC_ROUTES } from './misc.routes';
import { secret } from './secret';
import { FRAME_ORIGIN_MAX_LENGTH, FRAME_ORIGINS_MAX, VNC_PASSWORD_MAX } from '../rules/misc';

const admin = { kind: 'menu', menu: 'misc', accounts: ['admin'] } as const;
// Wide bounds: the ranges are contract/rules/misc.ts's, which name the field that is wrong.
const wholeNumber = z.number().int().min(-1).max(1_000_000);

const frameEmbeddingSchema = z.object({
  /** On (a new device): the console may be embedded in a frame by its own origin and the listed
   * ones; off: by no page. The response headers follow it (CSP `frame-ancestors`, `X-Frame-Options`). */
  enabled: z.boolean(),
  /** Other origins that may embed it, exactly (`https://scada.example:8443`): no path, no wildcard. */
  allowed_origins: z.array(z.string().max(FRAME_ORIGIN_MAX_LENGTH + 16)).max(FRAME_ORIGINS_MAX + 1),
});

const common = {
  frame_embedding: frameEmbeddingSchema,
  /** The panel beeps on a touch. */
  buzzer: z.object({ enabled: z.boolean() }),
  /** Minutes without a touch before the screen saver starts; 0 is off (at most 60). */
  screen_saver_minutes: wholeNumber,
  /** The backlight's brightness, 10–100 %. */
  backlight_percent: wholeNumber,
};

/** The Misc settings as answered (specification §2 "Misc"): never the VNC password. The
 * simulated panel stores the buzzer, screen saver, backlight and VNC settings; their hardware
 * effect is the real panel's (docs/decisions.md#misc). */
export const miscSettingsSchema = z
  .object({
    ...common,
    vnc: z.object({
      enabled: z.boolean(),
      port: wholeNumber,
      /** Viewers see the screen and cannot touch it. */
      view_only: z.boolean(),
      /** A password is stored (it is never answered). */
      password_set: z.boolean(),
    }),
  })
  .meta({ id: 'MiscSettings' });

/** What the administrator sends: the VNC password empty keeps the stored one. */
export const miscSettingsInputSchema = z
  .object({
    ...common,
    vnc: z.object({
      enabled: z.boolean(),
      port: wholeNumber,
      view_only: z.boolean(),
      password: secret(z.string().max(VNC_PASSWORD_MAX + 16)),
    }),
  })
  .meta({ id: 'MiscSettingsInput' });

/** The answer: the settings, and whether the running project enables Misc (specification §2: the
 * screen says otherwise that the feature is not enabled; frame embedding applies either way). */
export const miscAnswerSchema = z
  .object({
    settings: miscSettingsSchema,
    project_enabled: z.boolean(),
  })
  .meta({ id: 'Misc' });

export const getSettings = defineCall({
  ...MISC_ROUTES.getSettings,
  tag: 'misc',
  summary: 'The Misc settings: frame embedding, buzzer, screen saver, backlight, VNC server (never its password)',
  access: admin,
  response: miscAnswerSchema,
});

export const setSettings = defineCall({
  ...MISC_ROUTES.setSettings,
  tag: 'misc',
  summary:
    'Stores the Misc settings; the frame-embedding headers follow at once. 400 for an origin that is not exactly scheme://host[:port] or is listed twice, ' +
    'more than 10 origins, a screen saver outside 0–60 minutes, a backlight outside 10–100 %, a VNC port outside 1024–65535, a VNC password not 6–8 characters, ' +
    'or VNC enabled without a password',
  access: admin,
  body: miscSettingsInputSchema,
  response: miscAnswerSchema,
  audit: { action: 'set_misc_settings', target: 'misc.settings' },
});
