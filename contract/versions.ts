/** The oldest design-software version whose projects this device runs (specification §9). */
export const MIN_DESIGN_SOFTWARE_VERSION = '6.04.01';
