/** The removable media of the panel (DESIGN §5: folders under data/media). Zod-free. */
export const MEDIA = ['usb', 'sd'] as const;
export type Medium = (typeof MEDIA)[number];
