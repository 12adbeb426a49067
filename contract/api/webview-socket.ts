/**
 * The messages of the WebView socket (`WEBVIEW_SOCKET_PATH`, docs/decisions.md#the-webview-socket),
 * after its first message, the access token (as on the time channel). JSON text frames; the server
 * validates every client message with these schemas and closes the socket on one it cannot read.
 */
import { z } from 'zod';
import { WEBVIEW_WRITE_ERRORS } from './webview.routes';

const tagValue = z.union([z.number(), z.string().max(256)]);

export const webviewClientMessageSchema = z.discriminatedUnion('type', [
  /** Follow one screen: the server answers every tag of it, then only the tags that changed. */
  z.object({ type: z.literal('screen'), id: z.number().int().min(1) }),
  /** Write a tag; answered by a `write_result` with the same id. */
  z.object({ type: z.literal('write'), id: z.string().min(1).max(64), tag: z.string().min(1).max(64), value: tagValue }),
  /** The viewer touched or typed: the idle timeout starts again. */
  z.object({ type: z.literal('activity') }),
]);
export type WebviewClientMessage = z.infer<typeof webviewClientMessageSchema>;

export const webviewServerMessageSchema = z.discriminatedUnion('type', [
  /** Values of the followed screen's tags: all of them first, then the ones that changed. */
  z.object({ type: z.literal('values'), screen: z.number().int(), values: z.record(z.string(), tagValue) }),
  z.object({
    type: z.literal('write_result'),
    id: z.string(),
    ok: z.boolean(),
    error_code: z.enum(WEBVIEW_WRITE_ERRORS).optional(),
  }),
  /** Every WEBVIEW_HEARTBEAT_MS, whatever changed: a viewer that hears nothing knows it is stale. */
  z.object({ type: z.literal('heartbeat'), at: z.string() }),
]);
export type WebviewServerMessage = z.infer<typeof webviewServerMessageSchema>;
