import { requireObject } from '../checkArgs.js';
import { requireScenario } from '../scenario/requireScenario.js';
import { InputError } from '../errors.js';
import { streamRng } from '../rng/streams.js';
import type { Scenario } from '../scenario/types.js';
import { blockSums } from './blockSums.js';
import type { BlockRunner, RunnerTables } from './blockRunner.js';
import { pushNode, type BlockNode } from './blockTree.js';
import { METRIC_COUNT } from './engineMetrics.js';
import { createBlockRunner } from './enginePlan.js';
import { coveredRanges, nodeToJson, PARTIAL_FORMAT, type PartialResult } from './partialResult.js';
import { blockReplicates, REPLICATES_PER_BLOCK, requireBlockRange } from './replicateBlocks.js';
import { scenarioFingerprint } from './scenarioFingerprint.js';
import { blockScenario } from '../uncertainty/blockScenario.js';
import { drawnParameters } from '../uncertainty/measuredParameters.js';

/** Options of `simulate` and `simulatePartial`: which replicates to run, progress, stopping early, forcing the general sampler and reuse of work between calls. */
export interface SimulateOptions {
  /** Replicates to simulate, whole blocks of 64 (end may be run.replicates); default 0..run.replicates. */
  readonly replicates?: { readonly start: number; readonly end: number };
  /** Called after each block with the replicates done so far in this call and the number requested. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Checked before each block: true stops at that block boundary (the result has `stopped: true`). */
  readonly shouldStop?: () => boolean;
  /** Internal (tests, benchmarks): simulate attempt by attempt even where a fast path applies. */
  readonly forceGeneral?: boolean;
  /**
   * An object (start with `{}`) passed to every call on the same scenario object, e.g. the slices of
   * one run: the engine keeps its per-task tables and the fingerprint there, so they are built once
   * rather than per call. Results are the same with or without it.
   */
  readonly reuse?: SimulationReuse;
}

/** What simulatePartial keeps in `options.reuse` (replaced when the scenario object or forceGeneral differs). */
export interface SimulationReuse {
  scenario?: Scenario;
  general?: boolean;
  runner?: BlockRunner;
  fingerprint?: string;
  /** Set by the caller: per-task tables another runner of this scenario built (`runner.tables()`, e.g. in another thread), used when the runner is created. */
  tables?: RunnerTables;
}

/**
 * Monte Carlo sums for a range of replicates of a resolved scenario (engine semantics): mergeable
 * with `mergePartials`, turned into tables by `summarise`. Block b (replicates 64b..64b + 63) draws
 * everything from the stream (seed, 'block', b), so the result for a set of blocks does not depend
 * on how they are split; memory does not grow with the number of replicates.
 * Example: simulatePartial(s, { replicates: { start: 0, end: 128 } }) merged with the part for
 * { start: 128, end: R } summarises to the same JSON as simulatePartial(s) (tested).
 */
export function simulatePartial(scenario: Scenario, options: SimulateOptions = {}): PartialResult {
  scenario = requireScenario('scenario', scenario);
  if (typeof options !== 'object' || options === null) throw new InputError('options', 'must be an object', options);
  const R = scenario.run.replicates;
  const range = options.replicates ?? { start: 0, end: R };
  requireBlockRange('options.replicates', requireObject('options.replicates', range) as typeof range, R);
  if (options.onProgress !== undefined && typeof options.onProgress !== 'function') {
    throw new InputError('options.onProgress', 'must be a function', options.onProgress);
  }
  if (options.shouldStop !== undefined && typeof options.shouldStop !== 'function') {
    throw new InputError('options.shouldStop', 'must be a function', options.shouldStop);
  }
  if (options.reuse !== undefined && (typeof options.reuse !== 'object' || options.reuse === null)) {
    throw new InputError('options.reuse', 'must be an object', options.reuse);
  }
  const reuse: SimulationReuse = options.reuse ?? {};
  const general = options.forceGeneral === true;
  // Measured parameters: every block simulates its own draw of them (blockScenario), with a runner
  // built for that draw (its tables depend on the rates); the run's runner is block 0's and names the path.
  const measured = drawnParameters(scenario).length > 0;
  if (reuse.runner === undefined || reuse.scenario !== scenario || reuse.general !== general) {
    reuse.scenario = scenario;
    reuse.general = general;
    reuse.runner = measured ? createBlockRunner(blockScenario(scenario, 0), general) : createBlockRunner(scenario, general, reuse.tables);
    reuse.fingerprint = scenarioFingerprint(scenario, PARTIAL_FORMAT);
  }
  const runner = reuse.runner;
  const K = scenario.policy.maxAttempts;
  const totals = new Float64Array(REPLICATES_PER_BLOCK * METRIC_COUNT * K);
  const stack: BlockNode[] = [];
  const firstBlock = range.start / REPLICATES_PER_BLOCK;
  const endBlock = Math.ceil(range.end / REPLICATES_PER_BLOCK);
  const requested = range.end - range.start;
  let done = 0;
  let stopped = false;
  for (let b = firstBlock; b < endBlock; b++) {
    if (options.shouldStop?.()) {
      stopped = true;
      break;
    }
    const count = blockReplicates(b, R);
    totals.fill(0, 0, count * METRIC_COUNT * K);
    const blockRunner = measured && b > 0 ? createBlockRunner(blockScenario(scenario, b), general) : runner;
    blockRunner.run(streamRng(scenario.seed, 'block', b), b * REPLICATES_PER_BLOCK, count, totals);
    pushNode(stack, { level: 0, index: b, replicates: count, sums: blockSums(totals, count, K) });
    done += count;
    options.onProgress?.(done, requested);
  }
  return {
    format: PARTIAL_FORMAT,
    fingerprint: reuse.fingerprint!,
    path: runner.path,
    blockSize: REPLICATES_PER_BLOCK,
    tasks: scenario.tasks.count,
    maxAttempts: K,
    replicates: R,
    done,
    stopped,
    ranges: coveredRanges(stack, REPLICATES_PER_BLOCK, R),
    nodes: stack.map(nodeToJson),
  };
}
