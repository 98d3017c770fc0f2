import { describe, expect, it } from 'vitest';
import { exactValuesFor } from '../../../packages/sim/src/engine/exactValues.js';
import { simulate } from '../../../packages/sim/src/engine/simulate.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import { ENGINE_METRICS } from '../../../packages/sim/src/engine/engineMetrics.js';
import type { SummaryMetric } from '../../../packages/sim/src/engine/summarise.js';
import { expectNear } from './engineChecks.js';

// The engine against the budget closed forms (analytic/budgetCaps + exactMetrics, themselves checked
// by hand in test/sim/analytic/budgetCaps.test.ts), within 5 of the reported SEs, on both the
// sequential kernel and the general episode.
// Every engine metric but coverage and passHatK (the per-k pass rates, checked elsewhere).
const METRICS: SummaryMetric[] = ENGINE_METRICS.filter((metric) => metric !== 'coverage' && metric !== 'passHatK');

describe('budgets: soft and hard caps on cost and latency against their closed forms', () => {
  const budgets = [{ cost: 1 }, { cost: 1, mode: 'hard' }, { latency: 2.5 }, { latency: 2.5, mode: 'hard' }, { cost: 0.9, latency: 2.5, mode: 'hard' }];
  for (const budget of budgets)
    for (const model of ['independent', 'markov']) {
      it(`${JSON.stringify(budget)}, ${model} attempts, verifier, deliverLast`, () => {
        const scenario = resolveScenario({
          seed: 5,
          tasks: { successRate: { dist: 'fixed', values: [0.1, 0.4, 0.8] } },
          attempts: { correlation: model === 'markov' ? { model, stickiness: 0.5 } : { model }, cost: { perAttempt: 0.3 }, latency: { perAttempt: 1 } },
          verifier: { falseAccept: 0.1, falseReject: 0.2 },
          policy: { maxAttempts: 6, onNoAccept: 'deliverLast', budget },
          run: { replicates: 1500 },
        });
        const exact = exactValuesFor(scenario);
        for (const general of [false, true]) {
          const summary = simulate(scenario, { exact, forceGeneral: general });
          expect(summary.path).toBe(general ? 'general' : 'sequential');
          for (const row of summary.rows)
            for (const metric of METRICS) {
              const estimate = row[metric];
              const capped = metric.startsWith('cost') && metric !== 'cost' ? 'cost' in budget : metric.startsWith('latencyO') ? 'latency' in budget : true;
              if (!capped) {
                expect(estimate.value).toBeNull();
                continue;
              }
              expect(estimate.exact, `${metric}@${row.k}`).not.toBeNull();
              expectNear(estimate, estimate.exact as number, `${summary.path} ${metric}@${row.k}`);
            }
        }
      });
    }

  it('hard mode in parallel rounds (rounds kernel and general path): no episode ends above a cap; the mean cost stays ≤ the cap', () => {
    const input = {
      seed: 9,
      tasks: { successRate: { dist: 'fixed', values: [0.2, 0.6] } },
      attempts: { cost: { perAttempt: { dist: 'lognormal', median: 0.3, sigma: 0.8 } }, latency: { perAttempt: { dist: 'lognormal', median: 1, sigma: 0.8 } } },
      verifier: { falseAccept: 0.1, falseReject: 0.2 },
      selector: { kind: 'majorityVote' },
      run: { replicates: 300 },
    };
    const hard = resolveScenario({ ...input, policy: { maxAttempts: 6, mode: 'parallel', budget: { cost: 1, latency: 2, mode: 'hard' } } });
    const summaries = [simulate(hard), simulate(hard, { forceGeneral: true })];
    expect(summaries.map((summary) => summary.path)).toEqual(['rounds', 'general']);
    for (const summary of summaries)
      for (const row of summary.rows) {
        expect(row.costOverCap.value).toBe(0);
        expect(row.latencyOverCap.value).toBe(0);
        expect(row.cost.value as number).toBeLessThanOrEqual(1);
        expect(row.latency.value as number).toBeLessThanOrEqual(2);
      }
    // Soft mode: the cap is passed (issue #10: in parallel the spend is checked before each attempt only).
    const soft = simulate(resolveScenario({ ...input, policy: { maxAttempts: 6, mode: 'parallel', budget: { cost: 1 } } }));
    expect(soft.rows[5].costOverCap.value as number).toBeGreaterThan(0);
    expect(soft.rows[5].costOvershoot.value as number).toBeGreaterThan(0);
  });
});
