import type { IntervalMethod } from '@passk/sim/internal';

const METHOD_NAMES: Record<IntervalMethod, string> = {
  wilson: 'Wilson',
  'clopper-pearson': 'Clopper–Pearson (exact)',
  jeffreys: 'Jeffreys',
  'agresti-coull': 'Agresti–Coull',
};

export function methodName(method: IntervalMethod): string {
  return METHOD_NAMES[method];
}

/** "95% two-sided" or "95% one-sided (lower bound)": every interval in the output says which it is. */
export function describeCoverage(confidence: number, sides: number, tail: 'lower' | 'upper' = 'lower'): string {
  const level = describeLevel(confidence);
  return sides === 2 ? `${level} two-sided` : `${level} one-sided (${tail} bound)`;
}

/** A confidence level as "95%" (up to six significant digits: "99.9%", "80%"). */
export function describeLevel(confidence: number): string {
  return `${Number((confidence * 100).toPrecision(6))}%`;
}

/** A level in a verdict line: "95%" two-sided, "95% lower bound" (or "upper bound") one-sided. */
export function shortCoverage(confidence: number, sides: number, tail: 'lower' | 'upper' = 'lower'): string {
  return sides === 2 ? describeLevel(confidence) : `${describeLevel(confidence)} ${tail} bound`;
}
