import { partsOfLocal } from '../../contract/rules/device-time';

/** The panel's wall time as a file name stamp, YYYYMMDD-HHmmss (what its clock shows). */
export function stampOf(ms: number): string {
  const p = partsOfLocal(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}${two(p.month)}${two(p.day)}-${two(p.hour)}${two(p.minute)}${two(p.second)}`;
}
