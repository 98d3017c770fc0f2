import { describe, it } from 'vitest';
import { estimatorMoments } from '../../../packages/sim/src/benchmark/estimatorMoments.js';
import type { TaskMetric } from '../../../packages/sim/src/benchmark/taskValues.js';
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
] as [TaskMetric, number, number, number, number, number, number, number][];

// The sum is accumulated over up to n = 5000 terms by their ratio in logs: n·ε of relative error at most.
const SUM_RTOL = 1e-11;

describe('estimatorMoments (exact beta-binomial moments of the unbiased estimate)', () => {
  it.each(CASES)('%s n %i k %i under Beta(%d, %d)', (metric, n, k, a, b, first, second, squareOfMean) => {
    const moments = estimatorMoments(metric, n, k, a, b);
    expectRelativelyClose(moments.first, first, undefined, 'first');
    expectRelativelyClose(moments.squareOfMean, squareOfMean, undefined, 'squareOfMean');
    expectRelativelyClose(moments.second, second, SUM_RTOL, 'second');
  });
});
