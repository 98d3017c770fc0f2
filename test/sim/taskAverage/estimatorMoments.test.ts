import { describe, it } from 'vitest';
import { estimatorMoments } from '../../../packages/sim/src/taskAverage/estimatorMoments.js';
import type { TaskMetric } from '../../../packages/sim/src/taskAverage/taskValues.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Expected values: python3 test/reference/estimator_moments_reference.py (mpmath at 40 digits:
// the sum over the beta-binomial term by term with binomials and beta functions, E[p^j] as
// B(s + j, f)/B(s, f)). Rows: metric, n, k, a, b, first, second, squareOfMean.
const CASES = [
  ['passHatK', 8, 4, 4.0, 1.0, 0.5, 0.4023232323232323, 0.3333333333333333],
  ['passAtK', 8, 8, 0.3, 0.7, 0.407502396984375, 0.407502396984375, 0.3331447693758172],
  ['passHatK', 30, 8, 0.5, 0.5, 0.196380615234375, 0.15049395166308355, 0.13994993409141898],
  ['passAtK', 100, 10, 50.5, 50.5, 0.001468169886838238, 9.25726367379948e-6, 4.647144231532231e-6],
  ['passHatK', 100, 1, 0.5, 100.5, 0.0049504950495049506, 0.00012157833430401864, 7.280139778683751e-5],
  ['passHatK', 5000, 3, 0.3, 4000.7, 1.3994623442221058e-11, 4.7603517359539683e-20, 1.6383698531729608e-20],
  ['passAtK', 5000, 8, 2000.25, 3000.75, 0.01686562204798813, 0.0002893198135527818, 0.00028687634627603707],
  ['passHatK', 4, 4, 4.0, 5.0, 0.0707070707070707, 0.0707070707070707, 0.01282051282051282],
  // Extreme shapes: U-shaped beta-binomials (parameters far below 1) and concentrated posteriors
  // whose first term t_k underflows a double (the running sum is kept as a multiple of e^scale).
  ['passHatK', 5000, 8, 1e-6, 1e-6, 0.49999870357424314, 0.49999834131625603, 0.4999983408894414],
  ['passAtK', 5000, 1, 0.01, 3.0, 0.9966777408637874, 0.9941927573093844, 0.9941922602132542],
  ['passHatK', 4000, 5, 3000.5, 1000.5, 0.2374034492132923, 0.05659506643423493, 0.05647763929220103],
  ['passHatK', 2000, 10, 0.02, 0.05, 0.2488576097322683, 0.24013342306142846, 0.24010182663151164],
  ['passAtK', 3000, 3, 2999.5, 1.5, 4.85140237578965e-10, 8.414104164510266e-18, 2.876222474810388e-18],
  ['passHatK', 100, 10, 0.5, 100.5, 3.757056105293271e-15, 2.227589216652521e-22, 4.255302437949942e-24],
] as [TaskMetric, number, number, number, number, number, number, number][];

// The sum starts from its first term t_k, whose log is a sum of ln Γ values up to ln Γ(n + 1) ≈ n ln n:
// a few ε·n ln n of absolute error in the log, so as much relative error in every term (the
// n − k ratios after it add about n·ε).
const sumTolerance = (n: number) => Math.max(1e-12, 4 * Number.EPSILON * n * Math.log(n));

describe('estimatorMoments (exact beta-binomial moments of the unbiased estimate)', () => {
  it.each(CASES)('%s n %i k %i under Beta(%d, %d)', (metric, n, k, a, b, first, second, squareOfMean) => {
    const moments = estimatorMoments(metric, n, k, a, b);
    expectRelativelyClose(moments.first, first, undefined, 'first');
    expectRelativelyClose(moments.squareOfMean, squareOfMean, undefined, 'squareOfMean');
    expectRelativelyClose(moments.second, second, sumTolerance(n), 'second');
  });
});
