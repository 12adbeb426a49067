/**
 * The sidebar across a window that narrows and widens again, or a tablet turned from portrait to
 * landscape: the browser reports the change through matchMedia, and back above 992 px the sidebar
 * is on screen again without the menu button (it stayed off-screen at x = −250 px).
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../support/render';
import { shellDevice } from '../../support/shell-device';

/** A window whose width can change: matchMedia answers min-/max-width queries for the width now and
 * tells the lists it handed out when their answer changes, as a browser does on resize. */
function resizableWindow(initial: number) {
  let width = initial;
  const lists: Array<{ query: string; matches: boolean; listeners: Set<(e: { matches: boolean }) => void> }> = [];
  const matches = (query: string) =>
    query
      .replace(/^@media\s*/, '')
      .split(/\s+and\s+/)
      .every((part) => {
        const m = /\((min|max)-width:\s*([\d.]+)px\)/.exec(part);
        return m ? (m[1] === 'min' ? width >= Number(m[2]) : width <= Number(m[2])) : false;
      });
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const entry = { query, matches: matches(query), listeners: new Set<(e: { matches: boolean }) => void>() };
      lists.push(entry);
      return {
        media: query,
        get matches() {
          return matches(query);
        },
        onchange: null,
        addEventListener: (_type: string, listener: (e: { matches: boolean }) => void) => entry.listeners.add(listener),
        removeEventListener: (_type: string, listener: (e: { matches: boolean }) => void) => entry.listeners.delete(listener),
        addListener: (listener: (e: { matches: boolean }) => void) => entry.listeners.add(listener),
        removeListener: (listener: (e: { matches: boolean }) => void) => entry.listeners.delete(listener),
        dispatchEvent: () => false,
      };
    },
  });
  return {
    resize(to: number) {
      width = to;
      act(() => {
        for (const entry of lists) {
          const now = matches(entry.query);
          if (now === entry.matches) continue;
          entry.matches = now;
          for (const listener of [...entry.listeners]) listener({ matches: now });
        }
      });
    },
  };
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

const menu = () => screen.queryByRole('navigation', { name: 'Main menu' });

async function openShell(width: number) {
  const viewport = resizableWindow(width);
  shellDevice();
  const user = userEvent.setup({ delay: null });
  const app = await renderApp('/admin/dashboard', { account: 'admin' });
  await screen.findByRole('heading', { level: 1 });
  return { viewport, user, app };
}

test('a window narrowed below 992 px and widened again shows the sidebar again', async () => {
  const { viewport, app } = await openShell(1280);
  expect(menu()).toBeVisible();
  viewport.resize(800);
  await waitFor(() => expect(menu()).not.toBeInTheDocument());
  viewport.resize(1280);
  await waitFor(() => expect(menu()).toBeVisible());
  expect(app.store.getState().app.sidebarOpen).toBe(true);
});

test('a tablet opened in portrait and turned to landscape shows the sidebar, though the drawer was used meanwhile', async () => {
  const { viewport, user } = await openShell(768);
  expect(menu()).not.toBeInTheDocument();
  // The drawer opened and closed again while narrow is no choice about the wide layout.
  await user.click(screen.getByRole('button', { name: 'Show or hide the menu' }));
  expect(menu()).toBeVisible();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(menu()).not.toBeInTheDocument());
  viewport.resize(1024);
  await waitFor(() => expect(menu()).toBeVisible());
  // Turned back to portrait, the drawer is closed again.
  viewport.resize(768);
  await waitFor(() => expect(menu()).not.toBeInTheDocument());
});

test('a sidebar the user hid on the wide screen stays hidden after a narrow spell', async () => {
  const { viewport, user } = await openShell(1280);
  await user.click(screen.getByRole('button', { name: 'Show or hide the menu' }));
  await waitFor(() => expect(menu()).not.toBeInTheDocument());
  viewport.resize(800);
  viewport.resize(1280);
  // Give the layout a moment to settle, then it is still the user's choice.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 50));
  });
  expect(menu()).not.toBeInTheDocument();
  expect(document.cookie).toMatch(/(^|; )sidebarStatus=0(;|$)/);
});
