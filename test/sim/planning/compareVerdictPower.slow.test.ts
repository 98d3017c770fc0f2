import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../packages/sim/src/compare/compareRuns.js';
import { differenceVerdict } from '../../../packages/sim/src/compare/differenceVerdict.js';
import type { Run } from '../../../packages/sim/src/compare/runTasks.js';
import { beta } from '../../../packages/sim/src/distributions/beta.js';
import { binomial } from '../../../packages/sim/src/distributions/binomial.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { planComparison } from '../../../packages/sim/src/planning/compare.js';
import { planComparisonFromPilot } from '../../../packages/sim/src/planning/comparePilot.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import type { Rng } from '../../../packages/sim/src/rng/rng.js';

// The power `plan compare` promises is that of the verdict `compare` prints. Checked here against
// an independent simulation: datasets drawn by this file's own code (own streams), each run through
// `compareRuns` (the full comparison, as the CLI runs it) and its verdict at the planned metric and
// k. Promised and delivered must agree within 4 SE of their difference (both binomial MC errors).

const DELIVERED = 300;

/** Share of `datasets` experiments whose compare verdict is "better" at metric, k. */
function deliveredPower(draw: (rng: Rng) => { a: Run; b: Run }, metric: 'passAtK' | 'passHatK', k: number, stream: string): number {
  let better = 0;
  for (let d = 0; d < DELIVERED; d++) {
    const { a, b } = draw(streamRng(99, 'delivered', stream, d));
    const comparison = compareRuns(a, b, { ks: [k], bootstrap: 0, seed: 1 });
    const value = comparison.rows[0]![metric]!;
    if (differenceVerdict({ difference: value.difference, interval: value.interval, p: value.pValue?.value ?? null }, comparison) === 'better') better++;
  }
  return better / DELIVERED;
}

function agree(promised: { value: number; se: number }, delivered: number): void {
  const se = Math.sqrt(promised.se ** 2 + (delivered * (1 - delivered)) / DELIVERED);
  expect(Math.abs(promised.value - delivered)).toBeLessThan(4 * se);
}

describe("plan compare: the promised power is that of compare's verdict", () => {
  it('parametric: pass@1, Beta(1, 1) tasks, Δ = 0.2, uneven gains (spread 1)', () => {
    const plan = planComparison({
      metric: 'passAtK',
      k: 1,
      mean: 0.5,
      concentration: 2,
      delta: 0.2,
      power: 0.8,
      alpha: 0.05,
      trials: [3],
      gainSpread: 1,
      simulations: 200,
      seed: 3,
    });
    const row = plan.rows[0]!;
    const { a: alphaA, b: betaA } = plan.taskDistribution;
    const delivered = deliveredPower(
      (rng) => {
        const tasksA = [];
        const tasksB = [];
        for (let t = 0; t < row.tasks; t++) {
          const pA = beta(rng, alphaA, betaA);
          const z = Math.sqrt(-2 * Math.log(1 - rng.uniform())) * Math.cos(2 * Math.PI * rng.uniform());
          const pB = 1 / (1 + ((1 - pA) / pA) * Math.exp(-(plan.logOddsShift + z)));
          tasksA.push({ id: t, n: row.trials, c: binomial(rng, row.trials, pA) });
          tasksB.push({ id: t, n: row.trials, c: binomial(rng, row.trials, pB) });
        }
        return { a: { name: 'A', tasks: tasksA }, b: { name: 'B', tasks: tasksB } };
      },
      'passAtK',
      1,
      'parametric',
    );
    agree(row.simulatedPower!, delivered);
    // The z-test's tasks are kept as the search's starting guess.
    expect(row.zTestTasks).toBeGreaterThan(1);
  }, 300_000);

  it('pilot of two runs: resampling its tasks (trials subsampled) delivers the promised power', () => {
    // A pilot of 40 tasks × 6 trials from a known truth; B gains on most tasks.
    const rng = streamRng(5, 'pilot');
    const tasksA: { id: string; n: number; c: number }[] = [];
    const tasksB: { id: string; n: number; c: number }[] = [];
    for (let t = 0; t < 40; t++) {
      const p = beta(rng, 1, 1);
      tasksA.push({ id: `t${t}`, n: 6, c: binomial(rng, 6, p) });
      tasksB.push({ id: `t${t}`, n: 6, c: binomial(rng, 6, Math.min(1, p + 0.2 * rng.uniform())) });
    }
    const pilot: [Run, Run] = [
      { name: 'A', tasks: tasksA },
      { name: 'B', tasks: tasksB },
    ];
    const plan = planComparisonFromPilot({ metric: 'passAtK', k: 1, power: 0.8, alpha: 0.05, runs: pilot, trials: [3], simulations: 300, seed: 2 });
    const row = plan.rows[0]!;
    expect(row.trialsFrom).toBe('subsample');
    expect(row.tasks).not.toBeNull();
    // Own resampling: tasks with replacement, 3 of each task's 6 trials without replacement.
    const delivered = deliveredPower(
      (draw) => {
        const a = [];
        const b = [];
        for (let t = 0; t < row.tasks!; t++) {
          const i = Math.floor(draw.uniform() * 40);
          a.push({ id: t, n: 3, c: ownSubsample(draw, tasksA[i]!.c, 6, 3) });
          b.push({ id: t, n: 3, c: ownSubsample(draw, tasksB[i]!.c, 6, 3) });
        }
        return { a: { name: 'A', tasks: a }, b: { name: 'B', tasks: b } };
      },
      'passAtK',
      1,
      'pilot',
    );
    agree(row.simulatedPower, delivered);
  }, 120_000);

  it('one pilot run and a gain: B − A over the pilot is Δ; --tasks gives trials', () => {
    const tasks = Array.from({ length: 30 }, (_, t) => ({ n: 4, c: t % 5 === 0 ? 0 : (t % 4) + 1 }));
    const plan = planComparisonFromPilot({
      metric: 'passAtK',
      k: 1,
      power: 0.8,
      alpha: 0.05,
      single: { tasks, delta: 0.2, gainSpread: 0 },
      trials: [4],
      tasks: 60,
      simulations: 100,
      seed: 1,
    });
    expect(plan.pilot.comparison - plan.pilot.baseline).toBeCloseTo(0.2, 12);
    expect(plan.gain!.logOddsShift).toBeGreaterThan(0);
    expect(plan.fixedTasks!.tasks).toBe(60);
    expect(plan.fixedTasks!.simulatedPower.se).toBeGreaterThan(0);
  }, 120_000);

  it('one run, the shift gain model without a gain spread: one log-odds shift on every task, the same shift as an explicit 0', () => {
    const tasks = Array.from({ length: 30 }, (_, t) => ({ n: 4, c: t % 5 === 0 ? 0 : (t % 4) + 1 }));
    const base = { metric: 'passAtK', k: 1, power: 0.8, alpha: 0.05, trials: [4], simulations: 20, seed: 1 } as const;
    const fromPilot = planComparisonFromPilot({ ...base, single: { tasks, delta: 0.2, gainModel: 'shift' } });
    const explicit = planComparisonFromPilot({ ...base, single: { tasks, delta: 0.2, gainSpread: 0, gainModel: 'shift' } });
    expect(fromPilot.gain).toMatchObject({ gainSpread: 0, gainSpreadFrom: 'pilot' });
    expect(explicit.gain).toMatchObject({ gainSpread: 0, gainSpreadFrom: 'option' });
    expect(fromPilot.gain!.logOddsShift).toBe(explicit.gain!.logOddsShift);
    expect(fromPilot.rows[0]!.powerInterval).toBeNull();
    expect(fromPilot.method).toContain('on every task');
  }, 120_000);

  it.each([
    [{}, /^options: must give either runs/],
    [{ single: { tasks: [{ n: 4, c: 1 }], delta: 0.1 } }, /^single\.tasks: /],
    [
      {
        single: {
          tasks: [
            { n: 4, c: 1 },
            { n: 4, c: 2 },
          ],
          delta: 0.99,
        },
      },
      /^single\.delta: /,
    ],
  ])('bad input %#', (change, message) => {
    const options = { metric: 'passAtK', k: 1, power: 0.8, alpha: 0.05, simulations: 2, ...change } as const;
    expect(() => planComparisonFromPilot(options)).toThrow(InputError);
    expect(() => planComparisonFromPilot(options)).toThrow(message);
  });
});

/** Successes among n of N trials (c successes) drawn without replacement: a random permutation's first n. */
function ownSubsample(rng: Rng, c: number, total: number, n: number): number {
  const trials: number[] = Array.from({ length: total }, (_, i) => (i < c ? 1 : 0));
  for (let i = total - 1; i > 0; i--) {
    const j = Math.floor(rng.uniform() * (i + 1));
    [trials[i], trials[j]] = [trials[j]!, trials[i]!];
  }
  return trials.slice(0, n).reduce((s: number, x) => s + x, 0);
}
