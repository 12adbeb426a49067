/** The time channel, outside the request/response table (docs/decisions.md#the-datetime-socket).
 * Zod-free. */
export const DATETIME_SOCKET_PATH = '/ws/datetime';
export const SOCKET_UNAUTHORIZED_CLOSE = 4401;
export const SOCKET_AUTH_TIMEOUT_MS = 5000;
