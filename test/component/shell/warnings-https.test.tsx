/**
 * @jest-environment-options {"url": "https://localhost/"}
 */
/**
 * On a page loaded over https: there is no insecure-connection warning (specification §2
 * "Warnings"), and the time channel uses wss: (§7).
 */
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { shellDevice } from '../../support/shell-device';
import { FakeWebSocket } from '../../support/fake-socket';

test('no insecure-connection warning over HTTPS; the time channel is wss:', async () => {
  const device = shellDevice({ legacy: ['update'] });
  await renderApp('/admin/dashboard', { account: 'admin' });
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  expect(window.location.protocol).toBe('https:');
  // The region is there (the old-format warning) and holds nothing about the connection.
  const region = await screen.findByRole('region', { name: 'Warnings' });
  expect(region).toHaveTextContent(/stored in an old format/);
  expect(screen.queryByText(/The connection is not secure/)).not.toBeInTheDocument();
  expect(device.requests.some((r) => r.path === '/api/v1/system/legacyhash')).toBe(true);
  await waitFor(() => expect(FakeWebSocket.instances[0]?.url).toBe('wss://localhost/ws/datetime'));
});
