import { optionalObject } from '../checkArgs.js';
import { requireInteger } from '../checks.js';
import { InputError } from '../errors.js';
import { DEFAULT_SCENARIO_INPUT } from '../scenario/defaultScenario.js';
import { resolveScenario } from '../scenario/resolveScenario.js';
import type { ScenarioInput } from '../scenario/scenarioInput.js';
import type { Scenario } from '../scenario/types.js';
import { exactValuesFor } from '../engine/exactValues.js';
import type { PartialResult } from '../engine/partialResult.js';
import { simulatePartial } from '../engine/simulatePartial.js';
import { simulatePilot, type PilotDesign, type PilotReport } from '../engine/simulatePilot.js';
import { summarise, type Summary } from '../engine/summarise.js';

/**
 * The defaults of `simulate` (and of `passk simulate`): the built-in scenario (`DEFAULT_SCENARIO_INPUT`:
 * 200 tasks, a 5 % false-accept verifier, up to 8 sequential attempts, 2 000 replicates, seed 42)
 * and, when a pilot is asked for, its trials as separate episodes.
 *
 * @category Simulate
 */
export const SIMULATE_DEFAULTS = Object.freeze({
  scenario: DEFAULT_SCENARIO_INPUT,
  pilotDesign: 'separateEpisodes' as PilotDesign,
});

/**
 * Options of `simulate`.
 *
 * @category Simulate
 */
export interface SimulationOptions {
  /** Also simulate a pilot of this many trials per task: what it would have told you (`simulatePilot`). */
  readonly pilotTrials?: number;
  /** The pilot's trials as separate episodes (default) or as the attempts of one episode. */
  readonly pilotDesign?: PilotDesign;
  /** Called after each block of 64 replicates with the replicates done and requested. */
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * What `simulate` returns: the resolved scenario, its summary per k (coverage, delivery, cost, …
 * each with its Monte Carlo SE and the closed form where one exists) and the pilot's report.
 *
 * @category Simulate
 */
export interface SimulationResult {
  readonly scenario: Scenario;
  readonly summary: Summary;
  readonly pilot: PilotReport | null;
}

/**
 * Simulates a retry policy, as `passk simulate` does (on one thread; `@passk/sim/node` has the
 * worker-thread runner): the scenario resolved (docs/scenario.md), every replicate's episodes drawn
 * from seeded streams, summarised per k with Monte Carlo SEs and the closed forms beside them
 * (docs/engine-semantics.md). Same seed, same result.
 *
 * @category Simulate
 * @param input - A scenario in the file format (default: the built-in scenario).
 * @param options - pilotTrials, pilotDesign, onProgress (`SIMULATE_DEFAULTS`).
 * @returns The scenario, its summary and the pilot's report (`SimulationResult`).
 * @example
 * ```ts
 * import { simulate } from '@passk/sim';
 * const { summary } = simulate({ tasks: { count: 20, successRate: { dist: 'point', p: 0.5 } }, policy: { maxAttempts: 2 }, run: { replicates: 128 } });
 * console.log(summary.rows[1].coverage.exact); // → 0.75
 * ```
 */
export function simulate(input: ScenarioInput = SIMULATE_DEFAULTS.scenario, options: SimulationOptions = {}): SimulationResult {
  optionalObject('options', options);
  const scenario = resolveScenario(input);
  const partial = simulatePartial(scenario, options.onProgress === undefined ? {} : { onProgress: options.onProgress });
  return summariseSimulation(scenario, partial, options);
}

/**
 * The result of a simulation from its replicates (one call or the merged partials of threads or
 * shards): the summary with the closed forms, and the pilot when asked for. `simulate` and
 * `passk simulate` both end here.
 *
 * @category Simulate
 * @param scenario - The resolved scenario simulated.
 * @param partial - Its replicates (`simulatePartial`, `mergePartials`, `runSimulation`).
 * @param options - pilotTrials and pilotDesign as `simulate` takes them.
 * @returns The scenario, its summary and the pilot's report.
 * @example
 * ```ts
 * import { resolveScenario, simulatePartial, summariseSimulation } from '@passk/sim/internal';
 * const scenario = resolveScenario({ tasks: { count: 10, successRate: { dist: 'point', p: 1 } }, policy: { maxAttempts: 2 }, run: { replicates: 64 } });
 * console.log(summariseSimulation(scenario, simulatePartial(scenario)).summary.rows[0].coverage.value); // → 1
 * ```
 */
export function summariseSimulation(scenario: Scenario, partial: PartialResult, options: SimulationOptions = {}): SimulationResult {
  optionalObject('options', options);
  const summary = summarise(scenario, partial, exactValuesFor(scenario));
  const design = options.pilotDesign ?? SIMULATE_DEFAULTS.pilotDesign;
  if (design !== 'separateEpisodes' && design !== 'oneEpisode') throw new InputError('options.pilotDesign', 'must be separateEpisodes or oneEpisode', design);
  const pilot =
    options.pilotTrials === undefined
      ? null
      : simulatePilot(scenario, { trials: requireInteger('options.pilotTrials', options.pilotTrials, 1, 1_000_000), truth: summary, design });
  return { scenario, summary, pilot };
}
