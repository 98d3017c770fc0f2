export interface NelderMeadOptions {
  /** Initial simplex: x0 plus `step` along each coordinate axis. */
  readonly step: number;
  /** Stop when the simplex's values differ by at most this (relative to 1 + |best|) … */
  readonly valueTolerance: number;
  /** … and its vertices by at most this in every coordinate. */
  readonly pointTolerance: number;
  readonly maxEvaluations: number;
}

export interface NelderMeadResult {
  readonly point: number[];
  readonly value: number;
  readonly evaluations: number;
  /** False when maxEvaluations ran out first. */
  readonly converged: boolean;
}

// Reflection, expansion, contraction and shrink coefficients (the standard choice).
const REFLECT = 1;
const EXPAND = 2;
const CONTRACT = 0.5;
const SHRINK = 0.5;

/**
 * Minimises f over R^d without derivatives by the Nelder–Mead simplex method, in the form of
 * Lagarias, Reeds, Wright & Wright (1998), "Convergence properties of the Nelder–Mead simplex
 * method in low dimensions", SIAM J. Optim. 9(1):112–147, §2 (reflect, expand, outside/inside
 * contraction, shrink). f may return +∞ (outside a feasible box): such points are simply worse.
 * Example: f(x, y) = (x − 1)² + 10(y + 2)² from (0, 0) ends at (1, −2) (tested).
 */
export function nelderMead(f: (x: readonly number[]) => number, x0: readonly number[], options: NelderMeadOptions): NelderMeadResult {
  const d = x0.length;
  const points: number[][] = [x0.slice()];
  for (let i = 0; i < d; i++) {
    const vertex = x0.slice();
    vertex[i] += options.step;
    points.push(vertex);
  }
  const values = points.map((p) => f(p));
  let evaluations = d + 1;
  const order = Array.from({ length: d + 1 }, (_, i) => i);
  for (;;) {
    order.sort((i, j) => compare(values[i], values[j]));
    const best = order[0];
    const worst = order[d];
    const secondWorst = order[d - 1];
    if (converged(points, values, order, options)) {
      return { point: points[best].slice(), value: values[best], evaluations, converged: true };
    }
    if (evaluations >= options.maxEvaluations) {
      return { point: points[best].slice(), value: values[best], evaluations, converged: false };
    }
    const centroid = new Array<number>(d).fill(0);
    for (let r = 0; r < d; r++) {
      const p = points[order[r]];
      for (let i = 0; i < d; i++) centroid[i] += p[i] / d;
    }
    const along = (t: number) => centroid.map((c, i) => c + t * (points[worst][i] - c));
    const reflected = along(-REFLECT);
    const fr = f(reflected);
    evaluations++;
    if (fr < values[best]) {
      const expanded = along(-REFLECT * EXPAND);
      const fe = f(expanded);
      evaluations++;
      if (fe < fr) replace(points, values, worst, expanded, fe);
      else replace(points, values, worst, reflected, fr);
      continue;
    }
    if (fr < values[secondWorst]) {
      replace(points, values, worst, reflected, fr);
      continue;
    }
    const outside = fr < values[worst];
    const contracted = along(outside ? -REFLECT * CONTRACT : CONTRACT);
    const fc = f(contracted);
    evaluations++;
    if (outside ? fc <= fr : fc < values[worst]) {
      replace(points, values, worst, contracted, fc);
      continue;
    }
    const anchor = points[best];
    for (let r = 1; r <= d; r++) {
      const index = order[r];
      points[index] = anchor.map((a, i) => a + SHRINK * (points[index][i] - a));
      values[index] = f(points[index]);
      evaluations++;
    }
  }
}

/** NaN sorts last (treated as worse than anything). */
function compare(x: number, y: number): number {
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : 1;
  if (Number.isNaN(y)) return -1;
  return x === y ? 0 : x < y ? -1 : 1;
}

function replace(points: number[][], values: number[], index: number, point: number[], value: number): void {
  points[index] = point;
  values[index] = value;
}

function converged(points: number[][], values: number[], order: number[], options: NelderMeadOptions): boolean {
  const best = values[order[0]];
  const worst = values[order[order.length - 1]];
  if (!(Math.abs(worst - best) <= options.valueTolerance * (1 + Math.abs(best)))) return false;
  const anchor = points[order[0]];
  for (const p of points) {
    for (let i = 0; i < p.length; i++) if (!(Math.abs(p[i] - anchor[i]) <= options.pointTolerance)) return false;
  }
  return true;
}
