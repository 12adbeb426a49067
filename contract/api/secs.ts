import { z } from 'zod';
import { defineCall } from './define';
import { SECS_ROUTES } from './secs.routes';
import {
  DEVICE_ID_MAX,
  DEVICE_ID_MIN,
  LINKTEST_MAX,
  REMOTE_HOST_MAX,
  SECS_MODES,
  SECS_PORT_MAX,
  SECS_PORT_MIN,
  SECS_TIMER_RANGES,
} from '../rules/secs';

/** Admin only, and only with the licence: the server answers 403 `secs_not_licensed` without it. */
const admin = { kind: 'menu', menu: 'secs_gem', accounts: ['admin'] } as const;
const port = z.number().int().min(SECS_PORT_MIN).max(SECS_PORT_MAX);
const timer = (t: keyof typeof SECS_TIMER_RANGES) => z.number().int().min(SECS_TIMER_RANGES[t].min).max(SECS_TIMER_RANGES[t].max);

/** The HSMS-SS endpoint's settings (SEMI E37, docs/decisions.md#secsgem). The remote host's rule
 * (required and a host name in active mode) is contract/rules/secs.ts's, judged by the form and the
 * server alike. */
export const secsSettingsSchema = z
  .object({
    /** The endpoint runs (with the licence). Off on a new device. */
    enabled: z.boolean(),
    /** The SECS-II device ID: the session ID of data messages. */
    device_id: z.number().int().min(DEVICE_ID_MIN).max(DEVICE_ID_MAX),
    /** Passive: listens on `port`; active: connects to `remote_host:remote_port`. */
    mode: z.enum(SECS_MODES),
    port,
    remote_host: z.string().max(REMOTE_HOST_MAX),
    remote_port: port,
    /** Reply timeout, seconds (1–120). */
    t3: timer('t3'),
    /** Connect separation: seconds between connect attempts in active mode (1–240). */
    t5: timer('t5'),
    /** Control transaction timeout: a Select or Linktest unanswered for this long ends the connection (1–240). */
    t6: timer('t6'),
    /** Not-selected timeout: a connection not selected within this is closed (1–240). */
    t7: timer('t7'),
    /** Network inter-character timeout: a message whose bytes stop for this long ends the connection (1–120). */
    t8: timer('t8'),
    /** Seconds between the panel's linktests while selected; 0 = none (else 1–3600). */
    linktest_interval: z.number().int().min(0).max(LINKTEST_MAX),
  })
  .meta({ id: 'SecsSettings' });

export const getSettings = defineCall({
  ...SECS_ROUTES.getSettings,
  tag: 'secs',
  summary: 'The SECS/GEM (HSMS-SS) endpoint\'s settings. 403 secs_not_licensed without the licence',
  access: admin,
  response: secsSettingsSchema,
});

export const setSettings = defineCall({
  ...SECS_ROUTES.setSettings,
  tag: 'secs',
  summary:
    'Stores the SECS/GEM settings and applies them at once: enabled starts the endpoint, disabled stops it, a change while it runs ' +
    'restarts it (the connection ends). 400 for a value out of range or active mode without a remote host; 409 secs_port_reserved for a port ' +
    'the panel\'s own services hold (HTTP, HTTPS, OPC UA, FTP). A port another program holds is stored and the status says port_in_use. ' +
    '403 secs_not_licensed without the licence',
  access: admin,
  body: secsSettingsSchema,
  response: secsSettingsSchema,
  audit: { action: 'set_secs_settings', target: 'secs.settings' },
});

export const SECS_STATES = ['not_connected', 'connected', 'selected'] as const;
/** What went wrong last: the listen port is held, a connect attempt failed, T6/T7/T8 ran out, the
 * peer broke the protocol, or anything else (its words in `last_error_detail`). */
export const SECS_ERRORS = ['port_in_use', 'listen_failed', 'connect_failed', 't6_timeout', 't7_timeout', 't8_timeout', 'protocol_error', 'connection_lost'] as const;

export const secsStatusSchema = z
  .object({
    /** The endpoint runs: listening (passive) or connecting (active). */
    running: z.boolean(),
    state: z.enum(SECS_STATES),
    mode: z.enum(SECS_MODES),
    /** The peer of the connection, while there is one. */
    peer: z.object({ address: z.string(), port }).nullable(),
    /** Since when the state holds (ISO, the device clock). */
    since: z.string(),
    last_error: z.enum(SECS_ERRORS).nullable(),
    /** The system's words for the last error, for the log; the console words `last_error` itself. */
    last_error_detail: z.string().nullable(),
    /** When the last error happened (ISO), or null. */
    last_error_at: z.string().nullable(),
  })
  .meta({ id: 'SecsStatus' });

export const status = defineCall({
  ...SECS_ROUTES.status,
  tag: 'secs',
  summary: 'The HSMS connection: not connected, connected or selected, the peer\'s address, since when, and the last error. 403 secs_not_licensed without the licence',
  access: admin,
  response: secsStatusSchema,
});

export type SecsSettings = z.infer<typeof secsSettingsSchema>;
export type SecsStatus = z.infer<typeof secsStatusSchema>;
export type SecsError = (typeof SECS_ERRORS)[number];
