import { beta } from '../distributions/beta.js';
import { streamRng } from '../rng/streams.js';
import { deepFreeze } from '../scenario/deepFreeze.js';
import type { Scenario } from '../scenario/types.js';
import { drawDependencePopulation } from './drawDependencePopulation.js';
import { drawTaskPopulation } from './drawTaskPopulation.js';
import { measuredParameters } from './measuredParameters.js';

/**
 * The scenario that replicate block `block` simulates: `scenario` itself when nothing in it is
 * measured; otherwise the scenario under one draw of its measured parameters: the verifier's rates
 * from their posteriors (`measuredParameters`), in their fixed order from the stream
 * (seed, 'parameters', block), and the task population refitted to a bootstrap resample of the
 * log's tasks (`drawTaskPopulation`) from the stream (seed, 'taskPopulation', block), or, for a log
 * with episodes (`tasks.measured.episodes`), the dependence model and its task population refitted
 * together to a bootstrap resample of the tasks (`drawDependencePopulation`) from the stream
 * (seed, 'dependencePopulation', block). Every block is
 * one draw, so the spread between blocks carries the parameters' uncertainty and the spread within a
 * block the Monte Carlo noise (summarise separates the two); the draw depends only on the seed and
 * the block, never on how blocks are split over workers or shards.
 * Example: two calls with the same block give equal rates; blocks 0 and 1 give different ones (tested).
 */
export function blockScenario(scenario: Scenario, block: number): Scenario {
  const parameters = measuredParameters(scenario);
  const measuredTasks = scenario.tasks.measured;
  if (parameters.length === 0 && measuredTasks === undefined) return scenario;
  // A refit costs 10–90 ms and both the engine and the closed forms over the draws (the first 100
  // blocks, exactSpreadOverDraws) ask for those blocks' draws: kept, so that each is made once.
  if (block >= CACHED_BLOCKS) return drawBlock(scenario, block, parameters, measuredTasks);
  let cached = DRAWS.get(scenario);
  if (cached === undefined) DRAWS.set(scenario, (cached = new Map()));
  const known = cached.get(block);
  if (known !== undefined) return known;
  const drawn = drawBlock(scenario, block, parameters, measuredTasks);
  cached.set(block, drawn);
  return drawn;
}

/** Blocks whose draws are kept: those exactSpreadOverDraws evaluates (its EXACT_DRAWS_LIMIT) in a run from block 0. */
const CACHED_BLOCKS = 100;

/** The draws made so far, per (frozen, resolved) scenario object and block: each is a function of both alone. */
const DRAWS = new WeakMap<Scenario, Map<number, Scenario>>();

function drawBlock(
  scenario: Scenario,
  block: number,
  parameters: ReturnType<typeof measuredParameters>,
  measuredTasks: Scenario['tasks']['measured'],
): Scenario {
  let { verifier, tasks } = scenario;
  if (parameters.length > 0) {
    const rng = streamRng(scenario.seed, 'parameters', block);
    let { falseAccept, falseReject } = verifier;
    for (const parameter of parameters) {
      const p = beta(rng, parameter.a, parameter.b);
      if (parameter.path === 'verifier.falseAccept') falseAccept = { dist: 'point', p };
      else falseReject = { dist: 'point', p };
    }
    verifier = { ...verifier, falseAccept, falseReject };
  }
  let { attempts } = scenario;
  if (measuredTasks?.episodes !== undefined) {
    const { measured: _measured, ...rest } = tasks;
    const draw = drawDependencePopulation(measuredTasks.episodes, streamRng(scenario.seed, 'dependencePopulation', block));
    tasks = { ...rest, successRate: draw.successRate };
    attempts = { ...attempts, correlation: draw.correlation };
  } else if (measuredTasks !== undefined) {
    const { measured: _measured, ...rest } = tasks;
    tasks = { ...rest, successRate: drawTaskPopulation(measuredTasks, streamRng(scenario.seed, 'taskPopulation', block)) };
  }
  return deepFreeze({ ...scenario, tasks, attempts, verifier });
}
