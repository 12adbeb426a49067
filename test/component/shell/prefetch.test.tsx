/**
 * Fetching ahead (issue 22): the screens of a menu group the user opens are fetched one after the
 * other, each once, with their texts; nothing when the browser asks to save data; a failed fetch
 * is tried again next time. And the one-link sentences of the shell (LinkedText).
 */
import { render, screen } from '@testing-library/react';
import { prefetchScreens } from '../../../src/app/route-chunks';
import { LinkedText } from '../../../src/components/LinkedText';

const flush = () => new Promise((r) => setTimeout(r, 0));

function fakeScreen(path: string, textNamespace?: string, fail = false) {
  const load = jest.fn(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ default: () => null })));
  return { path, load, ...(textNamespace ? { textNamespace } : {}) };
}

describe('prefetchScreens', () => {
  afterEach(() => {
    delete (navigator as { connection?: unknown }).connection;
  });

  test('loads each screen and its texts once, one after the other', async () => {
    const a = fakeScreen('/admin/p/a', 'ns-a');
    const b = fakeScreen('/admin/p/b');
    const texts = jest.fn(() => Promise.resolve());
    prefetchScreens([a, b], texts);
    expect(a.load).toHaveBeenCalledTimes(1);
    expect(b.load).not.toHaveBeenCalled();
    await flush();
    expect(b.load).toHaveBeenCalledTimes(1);
    expect(texts.mock.calls).toEqual([['ns-a']]);
    prefetchScreens([a, b], texts);
    await flush();
    expect(a.load).toHaveBeenCalledTimes(1);
    expect(b.load).toHaveBeenCalledTimes(1);
  });

  test('a screen that failed to load is fetched again the next time', async () => {
    const c = fakeScreen('/admin/p/c', undefined, true);
    prefetchScreens([c], jest.fn());
    await flush();
    prefetchScreens([c], jest.fn());
    await flush();
    expect(c.load).toHaveBeenCalledTimes(2);
  });

  test('fetches nothing when the browser asks to save data', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    const d = fakeScreen('/admin/p/d');
    prefetchScreens([d], jest.fn());
    await flush();
    expect(d.load).not.toHaveBeenCalled();
  });
});

describe('LinkedText', () => {
  test('the words between <goto> tags become the link, the rest stays text', () => {
    render(<p data-testid="p"><LinkedText text="Turn on HTTPS in <goto>Administration / Security</goto>." link={<a href="/x" />} /></p>);
    expect(screen.getByRole('link', { name: 'Administration / Security' })).toHaveAttribute('href', '/x');
    expect(screen.getByTestId('p')).toHaveTextContent('Turn on HTTPS in Administration / Security.');
  });

  test('a text without the tags is shown as it is', () => {
    render(<p data-testid="p"><LinkedText text="No link here" link={<a href="/x" />} /></p>);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('p')).toHaveTextContent('No link here');
  });
});
