import { useState } from 'react';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/app-slice';

export interface SettingsDraftOptions<Stored, Draft extends object> {
  /** What the device holds now (undefined while it loads). */
  stored: Stored | undefined;
  /** The form's values for what is stored (numbers as the text the user edits). */
  toDraft: (stored: Stored) => Draft;
  /** Whether the draft says the same as what is stored (Save stays disabled then). */
  same: (draft: Draft, stored: Stored) => boolean;
  /** Sends the draft; throws when the device refuses. */
  send: (draft: Draft) => Promise<void>;
}

/** The edit-then-save cycle of a settings card: the draft starts as what the device holds, a
 * successful save drops it (the card shows the device's answer again) and says so; a failed one
 * keeps every edit and says that. */
export function useSettingsDraft<Stored, Draft extends object>({ stored, toDraft, same, send }: SettingsDraftOptions<Stored, Draft>) {
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState<Draft | null>(null);
  const value = draft ?? (stored === undefined ? null : toDraft(stored));
  const dirty = value !== null && stored !== undefined && !same(value, stored);

  return {
    value,
    dirty,
    change(patch: Partial<Draft>) {
      if (value) setDraft({ ...value, ...patch });
    },
    async save() {
      if (!value) return;
      try {
        await send(value);
        setDraft(null);
        dispatch(noticeShown({ key: 'settings.update_success', severity: 'success' }));
      } catch {
        dispatch(noticeShown({ key: 'settings.update_failed', severity: 'error' }));
      }
    },
  };
}
