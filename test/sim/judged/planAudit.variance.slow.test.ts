import { describe, expect, it } from 'vitest';
import { auditMomentsFromRates, judgeCorrectedMean } from '../../../packages/sim/src/internal.js';
import { correctedVariance } from '../../../packages/sim/src/judged/planAudit.js';
import { taskEstimate } from '../../../packages/sim/src/taskAverage/taskValues.js';
// @ts-expect-error: a plain .mjs module of the benchmark scripts (built code; `pnpm test` builds first).
import { drawJudgedLog } from '../../../bench/judgeCoverageCells.mjs';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';

// The slow suite (`pnpm test:slow`): a study of 12 000 simulated judged logs, split from
// planAudit.test.ts (which checks the plan against test/reference/ppi.py).
const rates = { mean: 0.6, concentration: 3, trials: 5, falseAccept: 0.3, falseReject: 0.2 };

describe('planAudit: the planned variance by simulation', () => {
  it('the planned variance is the variance of the corrected estimate, by simulation (4 SE)', () => {
    // 200 tasks from Beta(1.8, 1.2) (mean 0.6, concentration 3), n = 5, the judge of `rates`, 42 audited:
    // V(42) of the plan; the sample variance of θ̂ over D datasets has SE ≈ V·√(2/(D − 1)). The
    // simulated variance is 2.6 % above V (λ is estimated on the 42 audited tasks: an O(1/m) excess).
    const planned = correctedVariance(auditMomentsFromRates(rates), 200, 42);
    const D = 12_000;
    const estimates: number[] = [];
    for (let d = 0; d < D; d++) {
      const log = drawJudgedLog(streamRng(7, 'plan-audit', d), { falseAccept: 0.3, falseReject: 0.2, auditFraction: 0.21, T: 200 }) as {
        n: number;
        c: number;
        truth?: number;
      }[];
      const values = log.map(({ n, c, truth }) =>
        truth === undefined
          ? { judged: taskEstimate('passAtK', n, c, 1) }
          : { judged: taskEstimate('passAtK', n, c, 1), truth: taskEstimate('passAtK', n, truth, 1) },
      );
      estimates.push(judgeCorrectedMean(values, { confidence: 0.95, sides: 2 }).estimate);
    }
    const mean = estimates.reduce((a, x) => a + x, 0) / D;
    const variance = estimates.reduce((a, x) => a + (x - mean) ** 2, 0) / (D - 1);
    expect(Math.abs(variance - planned)).toBeLessThan(4 * planned * Math.sqrt(2 / (D - 1)));
    // Unbiased: the mean within 4 SE of the population's pass@1, 0.6.
    expect(Math.abs(mean - 0.6)).toBeLessThan(4 * Math.sqrt(variance / D));
  });
});
