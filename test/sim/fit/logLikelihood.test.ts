import { describe, expect, it } from 'vitest';
import { logLikelihood } from '../../../packages/sim/src/fit/logLikelihood.js';
import { mixtureParameters } from '../../../packages/sim/src/fit/mixtureParameters.js';
import { taskCells } from '../../../packages/sim/src/fit/taskCells.js';
import { TAU_TASKS } from './tauBench.js';

const beta = (a: number, b: number) => mixtureParameters([Math.log(a / b), Math.log(a + b), -Infinity, -Infinity]);

describe('logLikelihood', () => {
  it('τ-bench counts at Beta(0.6418, 0.8575) equal the sum of scipy.stats.betabinom.logpmf', () => {
    // python3 -c "import numpy as np; from scipy.stats import betabinom;
    //   c = np.repeat([0,1,2,3,4], [14,12,10,4,10]); print(betabinom.logpmf(c, 4, 0.6418, 0.8575).sum())"
    expect(logLikelihood(taskCells(TAU_TASKS), beta(0.6418, 0.8575))).toBeCloseTo(-78.97548374344683, 10);
  });

  it('τ-bench counts under π0 = 0.2, π1 = 0.1, Beta(2, 3)', () => {
    // python3 -c "import numpy as np; from scipy.stats import betabinom; c = np.repeat([0,1,2,3,4], [14,12,10,4,10]);
    //   print(np.log(0.7*betabinom.pmf(c, 4, 2, 3) + 0.2*(c == 0) + 0.1*(c == 4)).sum())"
    const p = mixtureParameters([Math.log(2 / 3), Math.log(5), Math.log(0.2 / 0.7), Math.log(0.1 / 0.7)]);
    expect(logLikelihood(taskCells(TAU_TASKS), p)).toBeCloseTo(-78.6110029667691, 10);
  });

  it('unequal n: one term per task with its own n (scipy, Beta(1.5, 2.5); and the binomial limit at p = 0.4)', () => {
    const cells = taskCells([
      { n: 4, c: 0 },
      { n: 6, c: 3 },
      { n: 10, c: 10 },
      { n: 1, c: 1 },
      { n: 3, c: 2 },
    ]);
    // python3 -c "import numpy as np; from scipy.stats import betabinom, binom; n = np.array([4,6,10,1,3]);
    //   c = np.array([0,3,10,1,2]); print(betabinom.logpmf(c, n, 1.5, 2.5).sum(), binom.logpmf(c, n, 0.4).sum())"
    expect(logLikelihood(cells, beta(1.5, 2.5))).toBeCloseTo(-9.901492339091144, 11);
    const binomial = mixtureParameters([Math.log(0.4 / 0.6), Infinity, -Infinity, -Infinity]);
    expect(logLikelihood(cells, binomial)).toBeCloseTo(-14.652912137892304, 11);
  });
});
