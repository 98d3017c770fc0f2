/** The rate p moved by `shift` on the log-odds scale: logistic(logit p + shift) (p = 0 and 1 stay). */
export function shiftRate(p: number, shift: number): number {
  return 1 / (1 + ((1 - p) / p) * Math.exp(-shift));
}

/** Root of an increasing function of a log-odds shift in [−40, 40], by bisection. */
export function solveShift(f: (shift: number) => number): number {
  let low = -40;
  let high = 40;
  for (let i = 0; i < 200 && high - low > 1e-12; i++) {
    const mid = (low + high) / 2;
    if (f(mid) < 0) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
