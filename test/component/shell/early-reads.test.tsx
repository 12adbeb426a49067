/**
 * Early reads (issue 22): a signed-in page sends the shell's reads before the console's code has
 * arrived (src/boot.ts), and the base query takes each answer for the first request for the same
 * call with the same token: one request each, never an answer for another token or a stale one.
 */
import { makeStore } from '../../../store';
import { prefetchShellData } from '../../../src/layout/shell-data';
import { SHELL_READ_URLS } from '../../../src/layout/shell-reads';
import { EARLY_READ_FRESH_MS, forgetEarlyReads, sendEarlyRead, takeEarlyRead } from '../../../store/api/early-reads';
import { shellDevice, storeSession } from '../../support/shell-device';
import { uacApi } from '../../../store/api/uac-endpoints';

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};
const urlsOf = (device: ReturnType<typeof shellDevice>) => device.requests.map((r) => (r.query ? `${r.path}?${r.query}` : r.path));

afterEach(() => forgetEarlyReads());

describe('takeEarlyRead', () => {
  const get = (url: string, token = 'T1', method = 'GET') =>
    new Request(`http://localhost${url}`, { method, headers: { authorization: `Bearer ${token}` } });
  const answer = () => Promise.resolve(new Response('{"a":1}'));

  beforeEach(() => {
    global.fetch = jest.fn(answer) as typeof fetch;
  });

  test('answers the first GET for the same path, query and token, once', async () => {
    sendEarlyRead('/api/v1/x?y=1', 'T1', 1000);
    expect(global.fetch).toHaveBeenCalledTimes(1);
    const send = jest.fn(answer);
    const early = takeEarlyRead(get('/api/v1/x?y=1'), send, 1500);
    expect(early).not.toBeNull();
    expect(await (await early!).json()).toEqual({ a: 1 });
    expect(takeEarlyRead(get('/api/v1/x?y=1'), send, 1600)).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  test('sends one request when asked twice for the same read', () => {
    sendEarlyRead('/api/v1/x', 'T1');
    sendEarlyRead('/api/v1/x', 'T1');
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });

  test('another query, another token, another method or a stale answer is not taken', () => {
    sendEarlyRead('/api/v1/x?y=1', 'T1', 1000);
    expect(takeEarlyRead(get('/api/v1/x?y=2'), jest.fn(), 1000)).toBeNull();
    expect(takeEarlyRead(get('/api/v1/x?y=1', 'T1', 'DELETE'), jest.fn(), 1000)).toBeNull();
    expect(takeEarlyRead(get('/api/v1/x?y=1', 'T2'), jest.fn(), 1000)).toBeNull();
    sendEarlyRead('/api/v1/z', 'T1', 1000);
    expect(takeEarlyRead(get('/api/v1/z'), jest.fn(), 1000 + EARLY_READ_FRESH_MS + 1)).toBeNull();
  });

  test('an early read that failed to arrive is sent again by the request that takes it', async () => {
    global.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    sendEarlyRead('/api/v1/x', 'T1', 1000);
    const send = jest.fn(answer);
    const response = await takeEarlyRead(get('/api/v1/x'), send, 1000)!;
    expect(send).toHaveBeenCalledTimes(1);
    expect(await response.json()).toEqual({ a: 1 });
  });
});

describe("the shell's reads", () => {
  test('SHELL_READ_URLS are exactly the reads prefetchShellData sends', async () => {
    storeSession('admin');
    const device = shellDevice();
    const store = makeStore();
    prefetchShellData(store.dispatch);
    await settle();
    expect([...urlsOf(device)].sort()).toEqual([...SHELL_READ_URLS].sort());
  });

  test('sent early, each read reaches the device once and answers the shell', async () => {
    const { accessToken } = storeSession('admin');
    const device = shellDevice();
    for (const url of SHELL_READ_URLS) sendEarlyRead(url, accessToken);
    const store = makeStore();
    prefetchShellData(store.dispatch);
    await settle();
    expect(urlsOf(device)).toHaveLength(SHELL_READ_URLS.length);
    expect((await store.dispatch(uacApi.endpoints.userInfo.initiate())).data?.username).toBe('admin');
  });

  test("another account's early reads are not taken: the shell asks again with its own token", async () => {
    storeSession('admin');
    const device = shellDevice();
    for (const url of SHELL_READ_URLS) sendEarlyRead(url, 'someone-elses-token');
    const store = makeStore();
    prefetchShellData(store.dispatch);
    await settle();
    expect(urlsOf(device)).toHaveLength(2 * SHELL_READ_URLS.length);
    expect((await store.dispatch(uacApi.endpoints.userInfo.initiate())).data?.username).toBe('admin');
  });
});
