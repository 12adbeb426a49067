/**
 * The running project's WebView screens as WebView shows them: the `webview.screens` call
 * (contract/api/webview.ts) and the WebView socket (server/ws/webview-socket.ts,
 * docs/decisions.md#the-webview-socket) read them from here, so the page draws the tags the socket
 * sends and writes only what the page was told it may.
 */
import type { z } from 'zod';
import type { screens as screensCall } from '../../contract/api/webview';
import type { WebviewRole } from '../../contract/api/webview.routes';
import type { Project } from '../../contract/project-format';
import { ApiError } from '../lib/api-error';
import type { Device } from '../device';
import { webviewRoleOf } from './webview-roles';

export type WebviewScreens = z.infer<typeof screensCall.response>;

/** What one project's screens come to, made once per project (the socket asks at every message). */
interface Resolved {
  /** Each screen's tags, each once, in the order of its elements. */
  screenTags: Map<number, string[]>;
  /** Every tag a screen names: the only tags WebView reads or writes. */
  tags: Set<string>;
}

const resolved = new WeakMap<Project, Resolved>();

function resolve(project: Project): Resolved {
  let r = resolved.get(project);
  if (!r) {
    const screenTags = new Map<number, string[]>();
    const tags = new Set<string>();
    for (const s of project.webview.screens) {
      const mine = [...new Set(s.elements.flatMap((e) => (e.tag === undefined ? [] : [e.tag])))];
      screenTags.set(s.id, mine);
      mine.forEach((t) => tags.add(t));
    }
    r = { screenTags, tags };
    resolved.set(project, r);
  }
  return r;
}

/** The tags screen `id` shows; null for a screen the project does not have. */
export function screenTagsOf(project: Project, id: number): readonly string[] | null {
  return resolve(project).screenTags.get(id) ?? null;
}

/** Whether a WebView screen of the project names `tag`. */
export function isWebviewTag(project: Project, tag: string): boolean {
  return resolve(project).tags.has(tag);
}

/** The screens, and each tag they name with what the page needs to show and write it. */
export function webviewScreensOf(project: Project, role: WebviewRole | null): WebviewScreens {
  const byName = new Map(project.tags.map((t) => [t.name, t]));
  const tags: WebviewScreens['tags'] = {};
  for (const name of resolve(project).tags) {
    const t = byName.get(name);
    if (!t) continue; // the runtime links no project where this happens
    tags[name] = {
      data_type: t.data_type,
      ...(t.decimals === undefined ? {} : { decimals: t.decimals }),
      ...(t.unit === undefined ? {} : { unit: t.unit }),
      writable: t.access.write,
    };
  }
  return {
    screens: project.webview.screens.map((s) => ({
      id: s.id,
      name: s.name,
      width: s.width,
      height: s.height,
      elements: s.elements.map((e) => ({ ...e })),
    })),
    tags,
    role,
  };
}

/** The `webview.screens` call: 403 webview_disabled while WebView is off (for every account), 403
 * forbidden for an account with no WebView role, 409 no_running_project while no project runs. */
export function webviewScreensFor(device: Device, username: string): WebviewScreens {
  if (!device.settings.get('webview').enabled) throw new ApiError(403, 'webview_disabled', 'WebView is turned off');
  const role = webviewRoleOf(device, username);
  if (role === null) throw ApiError.forbidden('This account may not view WebView');
  const project = device.project.runtime.project;
  if (!project) throw new ApiError(409, 'no_running_project', 'No project is running');
  return webviewScreensOf(project, role);
}
