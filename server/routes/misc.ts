import { z } from 'zod';
import * as misc from '../../contract/api/misc';
import { secret } from '../../contract/api/secret';
import { DEFAULT_MISC_SETTINGS, frameEmbeddingOpenTo, miscProblems, normalizeMisc } from '../../contract/rules/misc';
import { selfCheckItem, type SelfCheckItem } from '../../contract/api/self-check';
import { defineServerArea, setting } from '../http/area';
import { registerSettingPair } from '../http/setting-pair';
import { refuseProblems } from '../services/email/contacts';

/** The Misc setting as stored: the answer's fields, with the VNC password in place of whether
 * one is set (marked secret: masked in the operation log, never answered). */
export const storedMiscSchema = misc.miscSettingsSchema.extend({
  vnc: misc.miscSettingsSchema.shape.vnc.omit({ password_set: true }).extend({ password: secret(z.string()) }),
});
type StoredMisc = z.output<typeof storedMiscSchema>;

const initialMisc = (): StoredMisc => {
  const { password_set: _set, ...vnc } = DEFAULT_MISC_SETTINGS.vnc;
  return { ...structuredClone(DEFAULT_MISC_SETTINGS), vnc: { ...vnc, password: '' } };
};

/** Features / Misc (specification §2, §9): frame embedding, buzzer, screen saver, backlight and
 * the VNC server's settings. Frame embedding is applied by the server's security headers (set at
 * start and after every change); the others are stored and answered, their hardware effect is the
 * real panel's (docs/decisions.md#misc). */
export const miscArea = defineServerArea({
  name: 'misc',
  settings: {
    misc: setting(storedMiscSchema, initialMisc),
  },
  selfCheck: {
    ids: ['frame_embedding_open'],
    // Other sites may show the console in a frame (clickjacking: a page over it steers the
    // administrator's clicks), beyond the console's own origin of a new device.
    check(device): SelfCheckItem[] {
      const open = frameEmbeddingOpenTo(device.settings.get('misc'));
      return open.length > 0 ? [selfCheckItem('misc', 'frame_embedding_open', 'medium', 'misc.frame_embedding', 'misc', { origins: open.join(', ') })] : [];
    },
  },
  register(app, device) {
    const { settings, project } = device;
    app.securityHeaders.setFrameEmbedding(settings.get('misc').frame_embedding);

    registerSettingPair(app, device, {
      key: 'misc',
      get: misc.getSettings,
      set: misc.setSettings,
      answer: ({ vnc: { password, ...vnc }, ...rest }) => ({
        settings: { ...rest, vnc: { ...vnc, password_set: password !== '' } },
        project_enabled: (project.runtime.project ?? project.project).misc_enabled,
      }),
      store: (body, current) => {
        const input = normalizeMisc(body);
        const { origins: _each, ...problems } = miscProblems(input, current.vnc.password !== '');
        refuseProblems(problems);
        const { password, ...vnc } = input.vnc;
        return { ...input, vnc: { ...vnc, password: password === '' ? current.vnc.password : password } };
      },
      applied: (value) => app.securityHeaders.setFrameEmbedding(value.frame_embedding),
    });
  },
});
