/** Where the console keeps its tokens (specification §3: local storage, `ihmi_user_token`;
 * docs/decisions.md#tokens). */
import { SIGNED_IN_HINT_COOKIE } from '../contract/api/auth.routes';

export const ACCESS_TOKEN_KEY = 'ihmi_user_token';
export const REFRESH_TOKEN_KEY = 'ihmi_refresh_token';

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

export function loadTokens(): StoredTokens {
  try {
    return { accessToken: localStorage.getItem(ACCESS_TOKEN_KEY), refreshToken: localStorage.getItem(REFRESH_TOKEN_KEY) };
  } catch {
    return { accessToken: null, refreshToken: null };
  }
}

export function saveTokens(tokens: StoredTokens): void {
  for (const [key, value] of [[ACCESS_TOKEN_KEY, tokens.accessToken], [REFRESH_TOKEN_KEY, tokens.refreshToken]] as const) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  }
  // The hint the device reads to send the signed-in page (SIGNED_IN_HINT_COOKIE): no secret in it.
  const signedIn = tokens.accessToken !== null || tokens.refreshToken !== null;
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=${signedIn ? '1' : ''}; path=/; SameSite=Strict${signedIn ? '; max-age=31536000' : '; max-age=0'}`;
}

/** The account a token was issued to (its `sub`), read without verifying: only to pick the
 * renewal path. The server verifies every token it receives. */
export function accountOfToken(token: string | null): string | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof json.sub === 'string' ? json.sub : null;
  } catch {
    return null;
  }
}
