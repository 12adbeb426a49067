import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** One section of the Diagnostics screen: its id (`?section=<id>`, its tab's text
 * `sections.<id>`) and its view, loaded when it is first opened. Only the open section is mounted:
 * what it polls stops when another is chosen or the screen is left. */
export interface DiagnosticsSection {
  id: string;
  View: LazyExoticComponent<ComponentType>;
}

/** The sections, in their tabs' order; the first is the one the screen opens on. Another section
 * is one line here (and its texts). Services comes first: what is wrong now is what a field engineer
 * looks for first, and Live's charts (@mui/x-charts, about 95 KB gzipped) then load only when Live
 * is opened, keeping the route within its 350 KB budget (docs/performance.md). */
export const DIAGNOSTICS_SECTIONS: readonly DiagnosticsSection[] = [
  { id: 'services', View: lazy(() => import(/* webpackChunkName: "diagnostics-services" */ './ServicesSection')) },
  { id: 'live', View: lazy(() => import(/* webpackChunkName: "diagnostics-live" */ './LiveSection')) },
  { id: 'log', View: lazy(() => import(/* webpackChunkName: "diagnostics-log" */ './LogSection')) },
  { id: 'reach', View: lazy(() => import(/* webpackChunkName: "diagnostics-reach" */ './ReachSection')) },
  // The security self-check and the diagnostic bundle.
  { id: 'self_check', View: lazy(() => import(/* webpackChunkName: "diagnostics-self-check" */ './SelfCheckSection')) },
  { id: 'bundle', View: lazy(() => import(/* webpackChunkName: "diagnostics-bundle" */ './BundleSection')) },
];
