/**
 * Touch calibration (Features / Touch Calibration, docs/decisions.md#touch-calibration): the five
 * targets on the panel's screen, the affine fit from touched points to targets and the residual
 * beyond which the points are inconsistent. Zod-free: the server computes with it, the console
 * draws the targets from the status.
 */

/** The simulated panel's screen, in panel pixels. */
export const TOUCH_SCREEN = { width: 1024, height: 600 } as const;
/** How far the corner targets sit from the edges, as a share of each side. */
export const TARGET_INSET = 0.1;
/** A point whose fitted position is farther than this from its target (panel pixels) makes the
 * points inconsistent: about 2 % of the screen's width, far beyond a finger's spread on one
 * target, far below the distance between two targets. */
export const MAX_RESIDUAL_PX = 20;
/** How long the panel waits for the five touches. */
export const CALIBRATION_TIMEOUT_MS = 60_000;
/** What the simulated touch takes: room for touches well outside the screen (refused by the fit,
 * not by the schema). */
export const TOUCH_COORDINATE_LIMIT = 65_535;

export interface Point {
  x: number;
  y: number;
}

/** The five targets: top left, top right, bottom right, bottom left (inset), then the centre. */
export function calibrationTargets(screen: { width: number; height: number } = TOUCH_SCREEN): Point[] {
  const dx = Math.round(screen.width * TARGET_INSET);
  const dy = Math.round(screen.height * TARGET_INSET);
  const right = screen.width - 1 - dx;
  const bottom = screen.height - 1 - dy;
  return [
    { x: dx, y: dy },
    { x: right, y: dy },
    { x: right, y: bottom },
    { x: dx, y: bottom },
    { x: Math.round((screen.width - 1) / 2), y: Math.round((screen.height - 1) / 2) },
  ];
}

/** `[a, b, c, d, e, f]`: a touch at (x, y) is at (a·x + b·y + c, d·x + e·y + f) on the screen. */
export type AffineMatrix = [number, number, number, number, number, number];

export type CalibrationFit =
  | { ok: true; matrix: AffineMatrix; residuals: number[]; maxResidual: number }
  | { ok: false; reason: 'outside_screen' | 'inconsistent'; residuals: number[]; maxResidual: number | null };

/** Solves the 3×3 system m·v = r (Cramer's rule); null when it is singular. */
function solve3(m: number[][], r: number[]): [number, number, number] | null {
  const det = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
    a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
    a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const d = det(m);
  if (!Number.isFinite(d) || Math.abs(d) < 1e-9) return null;
  const col = (i: number) => det(m.map((row, k) => row.map((v, j) => (j === i ? r[k]! : v))));
  return [col(0) / d, col(1) / d, col(2) / d];
}

export function applyAffine(m: AffineMatrix, p: Point): Point {
  return { x: m[0] * p.x + m[1] * p.y + m[2], y: m[3] * p.x + m[4] * p.y + m[5] };
}

/** Fits the affine transform from `touched` to `targets` by least squares (the normal equations
 * of each axis), and judges it: a touch outside the screen, a degenerate set, or a point whose
 * fitted position lies more than `maxResidual` from its target fails. */
export function fitCalibration(
  touched: readonly Point[],
  targets: readonly Point[],
  screen: { width: number; height: number } = TOUCH_SCREEN,
  maxResidual: number = MAX_RESIDUAL_PX,
): CalibrationFit {
  if (touched.some((p) => p.x < 0 || p.y < 0 || p.x >= screen.width || p.y >= screen.height)) {
    return { ok: false, reason: 'outside_screen', residuals: [], maxResidual: null };
  }
  // Normal equations: (AᵀA)·v = Aᵀb, A's rows (x, y, 1).
  const ata = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const atx = [0, 0, 0];
  const aty = [0, 0, 0];
  touched.forEach((p, i) => {
    const row = [p.x, p.y, 1];
    for (let j = 0; j < 3; j++) {
      for (let k = 0; k < 3; k++) ata[j]![k]! += row[j]! * row[k]!;
      atx[j]! += row[j]! * targets[i]!.x;
      aty[j]! += row[j]! * targets[i]!.y;
    }
  });
  const sx = solve3(ata, atx);
  const sy = solve3(ata, aty);
  if (!sx || !sy) return { ok: false, reason: 'inconsistent', residuals: [], maxResidual: null };
  const matrix: AffineMatrix = [sx[0], sx[1], sx[2], sy[0], sy[1], sy[2]];
  const residuals = touched.map((p, i) => {
    const q = applyAffine(matrix, p);
    return Math.hypot(q.x - targets[i]!.x, q.y - targets[i]!.y);
  });
  const worst = Math.max(...residuals);
  if (!(worst <= maxResidual)) return { ok: false, reason: 'inconsistent', residuals, maxResidual: worst };
  return { ok: true, matrix, residuals, maxResidual: worst };
}
