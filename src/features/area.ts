import type { ComponentType } from 'react';
import type { CallId } from '../../contract/api/calls';
import type { MenuId } from '../../contract/roles';

/** One menu screen of an area. Its group, path and title come from its menu id (src/app/screens.ts). */
export interface AreaScreen {
  menu: MenuId;
  /** The last path segment: `/admin/<group>/<slug>`, or `/<mode>/<slug>` for a screen at the root. */
  slug: string;
  /** A screen at the root of its mode (the dashboard, the logo's target) instead of under its group. */
  root?: boolean;
  /** Also a screen of user mode (/app), for the WebView users: there always at `/app/<slug>`. */
  userMode?: boolean;
  /** The screen's page as its own chunk, loaded the first time the route is visited. */
  load: () => Promise<{ default: ComponentType }>;
  /** The calls whose answers the screen is made of, read as it opens (by id, types only: nothing
   * of the contract is loaded). When they cannot be fetched the screen keeps its frame and says the
   * panel cannot be reached, with Retry (test/e2e/error-states.spec.ts aborts these calls). Left
   * out for a screen that needs no answer to show itself. */
  reads?: readonly CallId[];
}

/** A feature area: one folder of src/features (or the shell), listed once in src/features/areas.ts.
 * The router, the sidebar, the Access Denied check, the locale test and the test i18n set-up all
 * read that list, so adding an area is one folder plus one line. (Its state machines live in
 * machines/, each with its QA entry beside it, listed in machines/registry.ts:
 * docs/adding.md#add-a-machine.) */
export interface FeatureArea {
  name: string;
  screens: readonly AreaScreen[];
  /** The i18next namespace of the area's own texts (`public/locales/<ns>/<lng>.json`). */
  textNamespace?: string;
}

export function defineArea<const A extends FeatureArea>(area: A): A {
  return area;
}
