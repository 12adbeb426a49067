/** The shell's one-line notices: shown at once, gone after NOTICE_MS or when closed; a newer
 * notice replaces the one shown and gets its own time. */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../support/render';
import { noticeShown } from '../../../store/app-slice';
import { NOTICE_MS } from '../../../src/components/Notifier';

afterEach(() => jest.useRealTimers());

test('a notice shows its text and goes after NOTICE_MS', () => {
  jest.useFakeTimers();
  const { store } = renderScreen(<p>screen</p>);
  act(() => void store.dispatch(noticeShown({ key: 'settings.update_success', severity: 'success' })));
  expect(screen.getByRole('alert')).toHaveTextContent('Update settings successful');
  act(() => void jest.advanceTimersByTime(NOTICE_MS - 1));
  expect(screen.getByRole('alert')).toBeInTheDocument();
  act(() => void jest.advanceTimersByTime(1));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a newer notice replaces the shown one and is given its full time', () => {
  jest.useFakeTimers();
  const { store } = renderScreen(<p>screen</p>);
  act(() => void store.dispatch(noticeShown({ key: 'settings.update_success', severity: 'success' })));
  act(() => void jest.advanceTimersByTime(NOTICE_MS - 1000));
  act(() => void store.dispatch(noticeShown({ key: 'settings.update_failed', severity: 'error' })));
  expect(screen.getByRole('alert')).toHaveTextContent('Update settings failed');
  act(() => void jest.advanceTimersByTime(NOTICE_MS - 1));
  expect(screen.getByRole('alert')).toHaveTextContent('Update settings failed');
  act(() => void jest.advanceTimersByTime(1));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('Close removes it at once', async () => {
  const user = userEvent.setup({ delay: null });
  const { store } = renderScreen(<p>screen</p>);
  act(() => void store.dispatch(noticeShown({ key: 'settings.update_success', severity: 'success' })));
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
