import { expect } from 'vitest';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import type { Scenario } from '../../../packages/sim/src/scenario/types.js';
import type { Estimate, Summary, SummaryMetric } from '../../../packages/sim/src/engine/summarise.js';

/** A resolved scenario from file-form fields (tasks fixed at `values` unless given). */
export function scenarioOf(values: number[], fields: Record<string, unknown> = {}, replicates = 2000): Scenario {
  return resolveScenario({
    seed: 11,
    tasks: { successRate: { dist: 'fixed', values } },
    policy: { maxAttempts: 5 },
    run: { replicates },
    ...fields,
  });
}

/** Mean over the tasks' rates of a per-task closed form. */
export function averageOver(values: number[], f: (p: number) => number): number {
  return values.reduce((sum, p) => sum + f(p), 0) / values.length;
}

/** |simulated − exact| ≤ 5 SE (the SE the summary reports); exact values of 0 or 1 may have SE 0. */
export function expectNear(estimate: Estimate, exact: number, label: string): void {
  expect(estimate.value, label).not.toBeNull();
  expect(estimate.se, label).not.toBeNull();
  const slack = 5 * (estimate.se as number) + 1e-12;
  expect(Math.abs((estimate.value as number) - exact), `${label}: ${estimate.value} vs ${exact} (SE ${estimate.se})`).toBeLessThanOrEqual(slack);
}

/** Every metric of every k agrees between two independent simulations within 5 combined SE. */
export function expectSameLaw(a: Summary, b: Summary, metrics: SummaryMetric[], label: string): void {
  a.rows.forEach((row, i) => {
    for (const metric of metrics) {
      const x = row[metric];
      const y = b.rows[i][metric];
      const se = Math.hypot(x.se ?? 0, y.se ?? 0);
      expect(Math.abs((x.value ?? 0) - (y.value ?? 0)), `${label} ${metric}@${row.k}: ${x.value} vs ${y.value}`).toBeLessThanOrEqual(5 * se + 1e-12);
    }
  });
}

export const ALL_METRICS: SummaryMetric[] = [
  'coverage',
  'passHatK',
  'deliveredCorrect',
  'deliveredWrong',
  'abstained',
  'attempts',
  'cost',
  'costPerCorrect',
  'latency',
];
