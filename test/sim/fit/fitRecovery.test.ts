import { describe, expect, it } from 'vitest';
import { beta } from '../../../packages/sim/src/distributions/beta.js';
import { binomial } from '../../../packages/sim/src/distributions/binomial.js';
import type { TaskTrials } from '../../../packages/sim/src/estimators/taskAverage.js';
import { BETA_BINOMIAL } from '../../../packages/sim/src/fit/fitModels.js';
import { fitTasks } from '../../../packages/sim/src/fit/fitTasks.js';
import { logLikelihood } from '../../../packages/sim/src/fit/logLikelihood.js';
import { maximiseLikelihood } from '../../../packages/sim/src/fit/maximiseLikelihood.js';
import { mixtureParameters } from '../../../packages/sim/src/fit/mixtureParameters.js';
import { observedCovariance } from '../../../packages/sim/src/fit/observedCovariance.js';
import { taskCells } from '../../../packages/sim/src/fit/taskCells.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';

interface Truth {
  readonly pi0: number;
  readonly pi1: number;
  readonly a: number;
  readonly b: number;
}

/** T tasks: p_t = 0 w.p. π0, 1 w.p. π1, else Beta(a, b); c_t ~ Binomial(n_t, p_t) — the project's samplers, seeded streams. */
function simulateTasks(truth: Truth, trials: (t: number) => number, count: number, seed: string): TaskTrials[] {
  return Array.from({ length: count }, (_, t) => {
    const rng = streamRng(20250101, 'fit-recovery', seed, t);
    const u = rng.uniform();
    const p = u < truth.pi0 ? 0 : u < truth.pi0 + truth.pi1 ? 1 : beta(rng, truth.a, truth.b);
    const n = trials(t);
    return { n, c: binomial(rng, n, p) };
  });
}

/** The true values of the reported parameters. */
function reported(truth: Truth): Record<string, number> {
  const s = truth.a + truth.b;
  const mean = truth.a / s;
  const w = 1 - truth.pi0 - truth.pi1;
  // Raw moments of the mixture: E p = π1 + w·mean, E p² = π1 + w·(mean² + mean(1 − mean)/(s + 1)).
  const [m1, m2] = [truth.pi1 + w * mean, truth.pi1 + w * (mean ** 2 + (mean * (1 - mean)) / (s + 1))];
  const taskCorrelation = (m2 - m1 ** 2) / (m1 * (1 - m1));
  return { pi0: truth.pi0, pi1: truth.pi1, a: truth.a, b: truth.b, mean, concentration: s, taskCorrelation };
}

// Each estimate must lie within 4.5 of its own reported SE of the truth (docs/design.md §5.7: tolerance from the SE).
const Z = 4.5;

const settings: Array<[label: string, truth: Truth, trials: (t: number) => number, tasks: number, model: string]> = [
  ['beta-binomial Beta(2, 3), n = 8', { pi0: 0, pi1: 0, a: 2, b: 3 }, () => 8, 400, 'betaBinomial'],
  ['beta-binomial U-shaped Beta(0.5, 0.8), unequal n = 2 … 12', { pi0: 0, pi1: 0, a: 0.5, b: 0.8 }, (t) => 2 + (t % 11), 500, 'betaBinomial'],
  ['inflated π0 0.2, π1 0.15, Beta(3, 2), unequal n = 4 … 10', { pi0: 0.2, pi1: 0.15, a: 3, b: 2 }, (t) => 4 + (t % 7), 800, 'zeroOneInflatedBetaBinomial'],
  ['inflated π0 0.3, π1 0.1, Beta(4, 6), n = 6', { pi0: 0.3, pi1: 0.1, a: 4, b: 6 }, () => 6, 800, 'zeroOneInflatedBetaBinomial'],
];

describe('fitTasks recovers the parameters of simulated tasks (within 4.5 reported SEs)', () => {
  it.each(settings)('%s', (label, truth, trials, count, modelName) => {
    const fit = fitTasks(simulateTasks(truth, trials, count, label));
    const model = fit.models.find((m) => m.name === modelName)!;
    expect(model.boundary).toEqual([]);
    const expected = reported(truth);
    for (const [name, estimate] of Object.entries(model.params)) {
      expect(estimate.se, name).not.toBeNull();
      expect(Math.abs(estimate.value! - expected[name]!), `${name}: ${estimate.value} ± ${estimate.se}, truth ${expected[name]}`).toBeLessThan(
        Z * estimate.se!,
      );
    }
  });
});

describe('the reported SEs are honest: z-scores over repeated simulations have mean square ≈ 1', () => {
  it('beta-binomial Beta(2, 3), 150 tasks × 6 trials, 40 data sets: mean z² of logit mean and ln s within χ²₄₀ bounds', () => {
    const truth = { pi0: 0, pi1: 0, a: 2, b: 3 };
    const target = [Math.log(2 / 3), Math.log(5)];
    const squares = [0, 0];
    const R = 40;
    for (let r = 0; r < R; r++) {
      const cells = taskCells(simulateTasks(truth, () => 6, 150, `calibration-${r}`));
      const max = maximiseLikelihood(cells, BETA_BINOMIAL.fixed, BETA_BINOMIAL.free, BETA_BINOMIAL.starts(cells));
      const at = (x: readonly number[]) => logLikelihood(cells, mixtureParameters([x[0]!, x[1]!, -Infinity, -Infinity]));
      const cov = observedCovariance(at, [max.theta[0]!, max.theta[1]!])!;
      for (let i = 0; i < 2; i++) squares[i] += (max.theta[i]! - target[i]!) ** 2 / cov[i]![i]! / R;
    }
    // If the SEs are right, R·mean z² ~ χ²_R; bounds at 1e-4 each side:
    // python3 -c "from scipy.stats import chi2; print(chi2.ppf(1e-4, 40)/40, chi2.ppf(1 - 1e-4, 40)/40)"
    for (const meanSquare of squares) {
      expect(meanSquare).toBeGreaterThan(0.37207651626558824);
      expect(meanSquare).toBeLessThan(2.051557345883613);
    }
  });
});
