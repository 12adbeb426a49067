/** The sidebar across a window that narrows and widens again, or a tablet turned round. */
import { appSlice, formFactorChanged, initialAppState, sidebarClosed, sidebarToggled, type AppState } from '../../store/app-slice';

const run = (state: AppState, ...actions: Parameters<typeof appSlice.reducer>[1][]) => actions.reduce(appSlice.reducer, state);

test('open on a wide screen, closed while narrow, open again once wide (it stayed off-screen before)', () => {
  const narrow = run(initialAppState, formFactorChanged('mobile'));
  expect(narrow.sidebarOpen).toBe(false);
  const wide = run(narrow, formFactorChanged('desktop'));
  expect(wide.sidebarOpen).toBe(true);
});

test('the drawer opened and closed while narrow does not change the wide-screen choice', () => {
  const state = run(initialAppState, formFactorChanged('mobile'), sidebarToggled(), sidebarClosed(), formFactorChanged('desktop'));
  expect(state.sidebarOpen).toBe(true);
  expect(state.desktopSidebarOpen).toBe(true);
});

test('a sidebar the user closed on the wide screen stays closed after a narrow spell', () => {
  const state = run(initialAppState, sidebarToggled(), formFactorChanged('mobile'), sidebarToggled(), formFactorChanged('desktop'));
  expect(state.sidebarOpen).toBe(false);
  expect(state.desktopSidebarOpen).toBe(false);
});
