/**
 * The form hook every settings screen uses: the draft over what the device holds, `normalise`,
 * the shared rules' problems, `dirty`, and the two ways to submit (a plain save with its notices,
 * a safe apply through the flow), and the generic settings card built on it.
 */
import type { ReactNode } from 'react';
import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import TextField from '@mui/material/TextField';
import { makeStore, type AppStore } from '../../../store';
import { hotspotProblems, normalizeHotspot, type HotspotSettings } from '../../../contract/rules/network';
import {
  hasProblems,
  sameValue,
  useSettingsForm,
  type SafeApplyFlow,
  type SettingsFormOptions,
  type Problems,
} from '../../../src/components/settings/use-settings-form';
import { inRange, readWholeNumber } from '../../../src/components/settings/whole-number';
import { SettingsCard } from '../../../src/components/settings/SettingsCard';
import { renderScreen } from '../../support/render';
import { hotspotSettings } from '../../support/settings';
import deShell from '../../../public/locales/shell/de.json';

const STORED: HotspotSettings = hotspotSettings({
  enabled: true,
  address: '192.168.100.1',
  range_start: '192.168.100.10',
  range_end: '192.168.100.100',
  password: 'hotspot-pass-1',
});

/** The hook in a real store (for its notices), re-rendered with new options as a page would be. */
function mount<Stored, Draft, Value, P extends Problems>(initial: SettingsFormOptions<Stored, Draft, Value, P>) {
  const store: AppStore = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook((options: SettingsFormOptions<Stored, Draft, Value, P>) => useSettingsForm(options), { initialProps: initial, wrapper });
  const notice = () => store.getState().app.notice;
  return { ...hook, store, notice };
}

/** A settings call that the test settles: `resolve()` or `reject()` the pending one. */
function deferredSave<Value>() {
  const sent: Value[] = [];
  let settle: { resolve(): void; reject(error: unknown): void } | null = null;
  const save = jest.fn(
    (value: Value) =>
      new Promise<void>((resolve, reject) => {
        sent.push(value);
        settle = { resolve, reject };
      }),
  );
  return {
    save,
    sent,
    resolve: () => settle!.resolve(),
    reject: () => settle!.reject({ status: 500, data: { error_code: 'internal_error' } }),
  };
}

/** A stand-in for the safe-apply flow: records what it was asked to apply. */
function fakeFlow<Value>(busy = false) {
  const calls: { request: Value; safe: boolean; onAccepted: (() => void) | undefined }[] = [];
  const flow: SafeApplyFlow<Value> = {
    busy,
    apply: (request, safe, onAccepted) => {
      calls.push({ request, safe, onAccepted });
    },
  };
  return { flow, calls };
}

const hotspotForm = (save: (value: HotspotSettings) => Promise<unknown>) =>
  ({ stored: STORED as HotspotSettings | undefined, normalise: normalizeHotspot, problems: hotspotProblems, save }) as SettingsFormOptions<
    HotspotSettings,
    HotspotSettings,
    HotspotSettings,
    ReturnType<typeof hotspotProblems>
  >;

describe('useSettingsForm: the draft', () => {
  test('nothing to show while what the device holds loads; then its values, clean and valid', () => {
    const { result, rerender } = mount({ ...hotspotForm(jest.fn()), stored: undefined });
    expect(result.current.value).toBeNull();
    expect(result.current.normalised).toBeNull();
    expect(result.current.problems).toBeNull();
    expect(result.current.dirty).toBe(false);
    expect(result.current.valid).toBe(false);

    rerender(hotspotForm(jest.fn()));
    expect(result.current.value).toEqual(STORED);
    expect(result.current.problems).toEqual({});
    expect(result.current.dirty).toBe(false);
    expect(result.current.valid).toBe(true);
    expect(result.current.attempted).toBe(false);
  });

  test('dirty follows the edits, and clears when a change is undone', () => {
    const { result } = mount(hotspotForm(jest.fn()));
    act(() => result.current.change({ enabled: false }));
    expect(result.current.value).toEqual({ ...STORED, enabled: false });
    expect(result.current.dirty).toBe(true);
    act(() => result.current.change({ enabled: true }));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.change({ password: 'another-pass' }));
    act(() => result.current.reset());
    expect(result.current.value).toEqual(STORED);
    expect(result.current.dirty).toBe(false);
  });

  test('dirty compares what would be sent: spaces around an address are no change', () => {
    const { result } = mount(hotspotForm(jest.fn()));
    act(() => result.current.change({ address: ' 192.168.100.1  ' }));
    expect(result.current.value?.address).toBe(' 192.168.100.1  ');
    expect(result.current.normalised?.address).toBe('192.168.100.1');
    expect(result.current.dirty).toBe(false);
    act(() => result.current.change({ address: ' 192.168.100.2' }));
    expect(result.current.dirty).toBe(true);
  });

  test('edits given as a function build on the latest draft, so edits in one go all count', () => {
    const { result } = mount(hotspotForm(jest.fn()));
    act(() => {
      result.current.change({ range_start: '192.168.100.20' });
      result.current.change((draft) => ({ range_end: draft.range_start.replace('.20', '.60') }));
      result.current.change({ enabled: false });
    });
    expect(result.current.value).toEqual({ ...STORED, range_start: '192.168.100.20', range_end: '192.168.100.60', enabled: false });
  });

  test('numbers typed as text: normalise reads them, the draft keeps the text', () => {
    const stored = { length: 12 };
    const { result } = mount({
      stored,
      toDraft: (s: { length: number }) => ({ length: String(s.length) }),
      normalise: (d: { length: string }) => ({ length: readWholeNumber(d.length) }),
      problems: (v: { length: number }) => ({ length: inRange(v.length, { min: 4, max: 64 }) ? undefined : 'range' }),
      save: jest.fn(),
    });
    expect(result.current.value).toEqual({ length: '12' });
    act(() => result.current.change({ length: ' 12 ' }));
    expect(result.current.normalised).toEqual({ length: 12 });
    expect(result.current.dirty).toBe(false);
    for (const text of ['3', '65', 'abc', '', '4.5', '-1']) {
      act(() => result.current.change({ length: text }));
      expect(result.current.problems).toEqual({ length: 'range' });
      expect(result.current.valid).toBe(false);
      expect(result.current.dirty).toBe(true);
    }
    act(() => result.current.change({ length: '20' }));
    expect(result.current.problems).toEqual({ length: undefined });
    expect(result.current.valid).toBe(true);
  });
});

describe('useSettingsForm: the shared rules', () => {
  test('problems are the contract rules of the normalised value', () => {
    const { result } = mount(hotspotForm(jest.fn()));
    act(() => result.current.change({ range_end: '192.168.100.5', password: 'short' }));
    expect(result.current.problems).toEqual(hotspotProblems({ ...STORED, range_end: '192.168.100.5', password: 'short' }));
    expect(result.current.problems).toEqual({ range_end: 'range_order', password: 'wpa_length' });
    expect(result.current.valid).toBe(false);
  });

  test('a submit with problems sends nothing and marks the draft attempted', async () => {
    const call = deferredSave<HotspotSettings>();
    const { result, notice } = mount(hotspotForm(call.save));
    act(() => result.current.change({ password: '' }));
    await act(() => result.current.submit());
    expect(call.save).not.toHaveBeenCalled();
    expect(result.current.attempted).toBe(true);
    expect(result.current.value?.password).toBe('');
    expect(notice()).toBeNull();
  });

  test('hasProblems reads objects of codes and maps alike', () => {
    expect(hasProblems({})).toBe(false);
    expect(hasProblems({ a: undefined, b: null })).toBe(false);
    expect(hasProblems({ a: 'required' })).toBe(true);
    expect(hasProblems(new Map())).toBe(false);
    expect(hasProblems(new Map([[1, { ip: 'ipv4_format' }]]))).toBe(true);
  });

  test('sameValue compares JSON values whatever the order of their keys', () => {
    expect(sameValue({ a: 1, b: [1, { c: '' }] }, { b: [1, { c: '' }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: NaN }, { a: NaN })).toBe(true);
    expect(sameValue({ a: 0 }, { a: NaN })).toBe(false);
  });
});

describe('useSettingsForm: a plain save', () => {
  test('sends the normalised value; on success the draft goes and the notice says so', async () => {
    const call = deferredSave<HotspotSettings>();
    const { result, rerender, notice } = mount(hotspotForm(call.save));
    act(() => result.current.change({ range_start: ' 192.168.100.20 ' }));
    let saved!: Promise<void>;
    act(() => {
      saved = result.current.submit();
    });
    expect(result.current.busy).toBe(true);
    expect(call.sent).toEqual([{ ...STORED, range_start: '192.168.100.20' }]);
    // The device takes it; the page's store holds the new settings.
    await act(async () => {
      call.resolve();
      await saved;
    });
    expect(result.current.busy).toBe(false);
    expect(notice()).toMatchObject({ key: 'settings.update_success', severity: 'success' });
    // Nothing of the draft is kept: the form shows what is stored (the old value until the new
    // one arrives, then that).
    expect(result.current.value).toEqual(STORED);
    expect(result.current.attempted).toBe(false);
    const updated = { ...STORED, range_start: '192.168.100.20' };
    rerender({ ...hotspotForm(call.save), stored: updated });
    expect(result.current.value).toEqual(updated);
    expect(result.current.dirty).toBe(false);
  });

  test('on failure every edit stays, still dirty, and the notice says the update failed', async () => {
    const call = deferredSave<HotspotSettings>();
    const { result, notice } = mount(hotspotForm(call.save));
    act(() => result.current.change({ password: 'new-hotspot-pass', enabled: false }));
    let saved!: Promise<void>;
    act(() => {
      saved = result.current.submit();
    });
    await act(async () => {
      call.reject();
      await saved;
    });
    // A failure with nothing more specific to say reads as the settings' own wording of it.
    expect(notice()).toMatchObject({ key: expect.stringMatching(/^(shell:)?settings\.update_failed$/), severity: 'error' });
    expect(result.current.value).toEqual({ ...STORED, password: 'new-hotspot-pass', enabled: false });
    expect(result.current.dirty).toBe(true);
    expect(result.current.busy).toBe(false);
    expect(result.current.attempted).toBe(true);
  });

  test('a second submit while one is running sends nothing more', async () => {
    const call = deferredSave<HotspotSettings>();
    const { result } = mount(hotspotForm(call.save));
    act(() => result.current.change({ enabled: false }));
    let saved!: Promise<void>;
    act(() => {
      saved = result.current.submit();
    });
    await act(() => result.current.submit());
    expect(call.save).toHaveBeenCalledTimes(1);
    await act(async () => {
      call.resolve();
      await saved;
    });
  });
});

describe('useSettingsForm: a safe apply', () => {
  const safeForm = (flow: SafeApplyFlow<HotspotSettings>, keepOnSuccess = false) =>
    ({ stored: STORED, normalise: normalizeHotspot, problems: hotspotProblems, safeApply: flow, keepOnSuccess }) as SettingsFormOptions<
      HotspotSettings,
      HotspotSettings,
      HotspotSettings,
      ReturnType<typeof hotspotProblems>
    >;

  test('hands the normalised value and the safety-net choice to the flow; the draft goes once the device took it', async () => {
    const { flow, calls } = fakeFlow<HotspotSettings>();
    const { result, notice } = mount(safeForm(flow));
    act(() => result.current.change({ range_end: '192.168.100.60  ' }));
    await act(() => result.current.submit(false));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ request: { ...STORED, range_end: '192.168.100.60' }, safe: false });
    // Until the device answers, the edit is what the form shows.
    expect(result.current.value?.range_end).toBe('192.168.100.60  ');
    act(() => calls[0]!.onAccepted!());
    expect(result.current.value).toEqual(STORED);
    // The flow's bar tells the outcome, not a notice.
    expect(notice()).toBeNull();
  });

  test('a refused change keeps the draft (the flow never calls back)', async () => {
    const { flow, calls } = fakeFlow<HotspotSettings>();
    const { result } = mount(safeForm(flow));
    act(() => result.current.change({ password: 'another-pass' }));
    await act(() => result.current.submit(true));
    expect(calls[0]).toMatchObject({ safe: true });
    expect(result.current.value?.password).toBe('another-pass');
    expect(result.current.dirty).toBe(true);
  });

  test('busy is the flow\'s: nothing is applied while a change is under way', async () => {
    const { flow, calls } = fakeFlow<HotspotSettings>(true);
    const { result } = mount(safeForm(flow));
    expect(result.current.busy).toBe(true);
    act(() => result.current.change({ enabled: false }));
    await act(() => result.current.submit(true));
    expect(calls).toHaveLength(0);
  });

  test('with problems nothing goes to the flow', async () => {
    const { flow, calls } = fakeFlow<HotspotSettings>();
    const { result } = mount(safeForm(flow));
    act(() => result.current.change({ address: '192.168.100' }));
    await act(() => result.current.submit(true));
    expect(calls).toHaveLength(0);
    expect(result.current.attempted).toBe(true);
  });

  test('keepOnSuccess: an action form keeps what was typed after the device took it', async () => {
    const { flow, calls } = fakeFlow<HotspotSettings>();
    const { result } = mount(safeForm(flow, true));
    act(() => result.current.change({ password: 'another-pass' }));
    await act(() => result.current.submit(true));
    act(() => calls[0]!.onAccepted!());
    expect(result.current.value?.password).toBe('another-pass');
    expect(result.current.attempted).toBe(true);
  });
});

describe('SettingsCard', () => {
  function Card({ stored, loadFailed = false, save }: { stored?: { name: string }; loadFailed?: boolean; save: (v: { name: string }) => Promise<unknown> }) {
    const form = useSettingsForm({
      stored,
      normalise: (d: { name: string }) => ({ name: d.name.trim() }),
      problems: (v: { name: string }) => ({ name: v.name === '' ? 'required' : undefined }),
      save,
    });
    return (
      <SettingsCard title="Panel" form={form} loadFailed={loadFailed} onRetry={() => undefined}>
        <TextField label="Name" value={form.value?.name ?? ''} onChange={(e) => form.change({ name: e.target.value })} />
      </SettingsCard>
    );
  }

  test('Save follows dirty and valid; Enter saves like Save', async () => {
    const save = jest.fn().mockResolvedValue(undefined);
    const user = userEvent.setup({ delay: null });
    renderScreen(<Card stored={{ name: 'Line-3' }} save={save} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    await user.clear(name);
    expect(button).toBeDisabled();
    await user.type(name, 'Press-7 {Enter}');
    expect(await screen.findByText('Update settings successful')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({ name: 'Press-7' });
  });

  test('while loading: a labelled progress bar and no Save', () => {
    renderScreen(<Card save={jest.fn()} />);
    expect(screen.getByRole('progressbar', { name: 'Loading Panel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  test('its texts are the neutral settings.* texts of the shell namespace', () => {
    renderScreen(<Card loadFailed save={jest.fn()} />, { language: 'de' });
    expect(screen.getByText(deShell.settings.load_failed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: deShell.settings.retry })).toBeInTheDocument();
  });
});
