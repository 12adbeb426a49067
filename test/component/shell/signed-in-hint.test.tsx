/**
 * The signed-in hint (issue 22): the device sends the page that preloads the shell only to a
 * browser with SIGNED_IN_HINT_COOKIE, which the console keeps beside its tokens and drops with them.
 */
import { SIGNED_IN_HINT_COOKIE } from '../../../contract/api/auth.routes';
import { saveTokens } from '../../../store/token-storage';

const hint = () => document.cookie.split('; ').find((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`)) ?? null;

afterEach(() => saveTokens({ accessToken: null, refreshToken: null }));

test('is set with the tokens and holds nothing of them', () => {
  saveTokens({ accessToken: 'access.token.value', refreshToken: 'refresh-value' });
  expect(hint()).toBe(`${SIGNED_IN_HINT_COOKIE}=1`);
  expect(document.cookie).not.toContain('access.token.value');
  expect(document.cookie).not.toContain('refresh-value');
});

test('goes when the tokens go', () => {
  saveTokens({ accessToken: 'a', refreshToken: 'r' });
  saveTokens({ accessToken: null, refreshToken: null });
  expect(hint()).toBeNull();
});
