/** The removable media of the panel (folders under data/media:
 * docs/decisions.md#the-simulated-panel). Zod-free. */
export const MEDIA = ['usb', 'sd'] as const;
export type Medium = (typeof MEDIA)[number];
