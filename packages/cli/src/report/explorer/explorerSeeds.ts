import { scenarioToInput, type ScenarioInput } from '@passk/sim';
import type { ReportInput } from '../reportInput.js';
import type { ResultDocumentOf } from '../../results/resultSchemas.js';
import { seedK, type ExplorerSeed } from './explorerSeed.js';
import { POLICY_MAX_K } from './policySettings.js';

/**
 * The explorer's starting views from the report's own results, in page order:
 * - a simulate result → its scenario (tasks with their point masses, verifier, policy, costs) at
 *   k = its maxAttempts; the page's numbers are the simulation's closed-form ("exact") columns,
 *   which the explorer computes with the same function (exactMetrics);
 * - a fit → the chosen model's task population (scenarioTasks, point masses included) with a perfect
 *   verifier and independent retries given p, as the fit assumes; coverage and pass^k at k equal the
 *   fit's predicted pass@k and pass^k (delivered correct = coverage, nothing wrong delivered).
 * Other result kinds give no seed (the explorer then opens on its made-up agent).
 */
export function explorerSeeds(inputs: readonly ReportInput[]): ExplorerSeed[] {
  const seeds: ExplorerSeed[] = [];
  for (const input of inputs) {
    const result = input.result;
    if (result.kind === 'passk.simulate') seeds.push(simulateSeed(result, input.source));
    else if (result.kind === 'passk.fit') {
      const seed = fitSeed(result, input.source);
      if (seed) seeds.push(seed);
    }
  }
  return seeds;
}

function simulateSeed(result: ResultDocumentOf<'passk.simulate'>, source: string): ExplorerSeed {
  const scenario = scenarioToInput(result.scenario);
  const k = seedK(Math.min(result.rows.length, result.scenario.policy.maxAttempts));
  const row = result.rows[k - 1]!;
  return {
    label: `simulate: ${result.scenario.name ?? source}`,
    basis: `the simulation's exact columns (closed forms for its drawn tasks; its Monte Carlo columns estimate them)`,
    scenario: { ...scenario, name: result.scenario.name ?? source },
    k,
    page: {
      coverage: row.coverage.exact,
      passHatK: row.passHatK.exact,
      deliveredCorrect: row.deliveredCorrect.exact,
      deliveredWrong: row.deliveredWrong.exact,
      abstained: row.abstained.exact,
    },
  };
}

function fitSeed(result: ResultDocumentOf<'passk.fit'>, source: string): ExplorerSeed | null {
  const model = result.models.find((candidate) => candidate.name === result.chosen) ?? result.models[0]!;
  const ks = Object.keys(model.predicted.passAtK)
    .map(Number)
    .filter((k) => Number.isInteger(k) && k >= 1 && k <= POLICY_MAX_K);
  if (ks.length === 0) return null;
  const k = Math.max(...ks);
  // resample true: the fit's predictions are over its population, not over tasks drawn once from it.
  const tasks = { ...(result.scenarioTasks as unknown as ScenarioInput['tasks']), resample: true };
  const passAt = model.predicted.passAtK[String(k)]!;
  return {
    label: `fit: ${model.name} fitted to ${source}`,
    basis: `the fit's predicted pass@${k} and pass^${k} (${model.name})`,
    scenario: {
      name: `fitted to ${source} (${model.name})`,
      tasks,
      attempts: { correlation: { model: 'independent' }, cost: { perAttempt: 1 }, latency: { perAttempt: 1 } },
      selector: { kind: 'firstAccepted' },
      policy: { maxAttempts: k, mode: 'sequential', onNoAccept: 'abstain' },
    },
    k,
    page: { coverage: passAt, passHatK: model.predicted.passHatK[String(k)]!, deliveredCorrect: passAt, deliveredWrong: 0, abstained: 1 - passAt },
  };
}
