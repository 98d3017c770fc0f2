import { scenarioToInput, type ScenarioInput } from '@passk/sim/internal';
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
 * - an estimate of a file → the Beta population with the log's mean E p = pass@1 and E p² = pass^2
 *   (method of moments; all at one p, or point masses at 0 and 1, at the two limits), independent
 *   retries and a perfect verifier; at k = 2 coverage and pass^k equal the estimate's pass@2 and
 *   pass^2 when every task has n ≥ 2 (per task pass@2 = 2·c/n − pass^2, so E[1 − (1 − p)²] = 2 E p − E p²).
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
    } else if (result.kind === 'passk.estimate.file') {
      const seed = estimateSeed(result, input.source);
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

function estimateSeed(result: ResultDocumentOf<'passk.estimate.file'>, source: string): ExplorerSeed | null {
  const one = result.rows.find((row) => row.k === 1);
  const two = result.rows.find((row) => row.k === 2);
  const mean = one?.passAtK;
  const square = two?.passHatK;
  if (typeof mean !== 'number' || typeof square !== 'number' || !two || typeof two.passAtK !== 'number') return null;
  const variance = square - mean * mean;
  const limit = mean * (1 - mean);
  // Moments: a Beta needs 0 < Var p < E p (1 − E p); at the limits, one rate for all or all-or-nothing tasks.
  const successRate: ScenarioInput['tasks']['successRate'] =
    variance <= 1e-12 || limit <= 1e-12
      ? { dist: 'point', p: Math.min(1, Math.max(0, mean)) }
      : variance >= limit - 1e-12
        ? {
            dist: 'mixture',
            components: [
              { weight: mean, dist: 'point', p: 1 },
              { weight: 1 - mean, dist: 'point', p: 0 },
            ],
          }
        : { dist: 'beta', mean, concentration: limit / variance - 1 };
  // pass^2 below pass@1²: the tasks vary less than one rate for all would; no population has those moments.
  const comparable = variance >= -1e-12;
  return {
    label: `estimate: tasks of ${source}`,
    basis: comparable
      ? "the estimate's pass@2 and pass^2 (a Beta population with the log's E p = pass@1 and E p² = pass^2; beyond k = 2 the Beta's extrapolation)"
      : "not the estimate's: its pass^2 is below pass@1², which no population of rates has (every task here at p = pass@1)",
    scenario: {
      name: `tasks like ${source} (mean ${mean.toFixed(4)}, E p² ${square.toFixed(4)})`,
      tasks: { count: result.tasks, successRate, resample: true },
      attempts: { correlation: { model: 'independent' }, cost: { perAttempt: 1 }, latency: { perAttempt: 1 } },
      selector: { kind: 'firstAccepted' },
      policy: { maxAttempts: 2, mode: 'sequential', onNoAccept: 'abstain' },
    },
    k: 2,
    page: comparable
      ? { coverage: two.passAtK, passHatK: square, deliveredCorrect: two.passAtK, deliveredWrong: 0, abstained: 1 - two.passAtK }
      : { coverage: null, passHatK: null, deliveredCorrect: null, deliveredWrong: null, abstained: null },
  };
}
