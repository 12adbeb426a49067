/** The Diagnostics area's text namespace (public/locales/diagnostics/<lng>.json). */
export const DIAGNOSTICS_NS = 'diagnostics';
