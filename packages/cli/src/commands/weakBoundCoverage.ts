import { oneSidedMinimumCoverage, type IntervalMethod, type IntervalOptions, type MinimumCoverage } from '@passk/sim/estimate';

/**
 * Dips of the coverage evaluated at most (oneSidedMinimumCoverage's maxDips), so that the note of
 * `estimate --sides 1` costs milliseconds at any n (`pnpm bench:one-sided-coverage`): every dip, so
 * the exact minimum, up to n = 2 000 for Wilson and Agresti–Coull (a closed-form bound each) and up
 * to n = 200 for Jeffreys (a beta quantile each); beyond, the dips nearest p = 0 and 1.
 */
export const MINIMUM_COVERAGE_DIPS: Readonly<Record<IntervalMethod, number>> = Object.freeze({
  wilson: 2_000,
  'agresti-coull': 2_000,
  jeffreys: 200,
  'clopper-pearson': 2,
});

/**
 * A one-sided bound other than Clopper–Pearson (which holds its level at every p): its least
 * coverage over p at this n, for the note under `passk estimate`'s table; else null.
 */
export function weakBoundCoverage(n: number, interval: IntervalOptions): MinimumCoverage | null {
  if (interval.sides !== 1 || interval.method === 'clopper-pearson') return null;
  return oneSidedMinimumCoverage(n, {
    method: interval.method,
    confidence: interval.confidence,
    tail: interval.tail,
    maxDips: MINIMUM_COVERAGE_DIPS[interval.method],
  });
}
