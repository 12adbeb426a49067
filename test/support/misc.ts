import { DEFAULT_MISC_SETTINGS, type MiscSettingsInput } from '../../contract/rules/misc';

type Patch = Partial<Omit<MiscSettingsInput, 'vnc' | 'frame_embedding'>> & {
  vnc?: Partial<MiscSettingsInput['vnc']>;
  frame_embedding?: Partial<MiscSettingsInput['frame_embedding']>;
};

/** A Misc settings request: a new device's settings (the contract's defaults, no new VNC password)
 * with the fields a test cares about. */
export function miscInputOf(patch: Patch = {}): MiscSettingsInput {
  const { password_set: _set, ...vnc } = DEFAULT_MISC_SETTINGS.vnc;
  return {
    ...structuredClone(DEFAULT_MISC_SETTINGS),
    ...patch,
    frame_embedding: { ...DEFAULT_MISC_SETTINGS.frame_embedding, allowed_origins: [], ...patch.frame_embedding },
    vnc: { ...vnc, password: '', ...patch.vnc },
  };
}
