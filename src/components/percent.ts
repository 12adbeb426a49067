/** A share as a whole percentage, at most 100 (0 while the total is unknown). A module of its own:
 * a screen that shows a percentage does not load JobProgress's dialog with it. */
export function percentOf(loaded: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
}
