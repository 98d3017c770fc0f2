import { beta } from '../distributions/beta.js';
import { streamRng } from '../rng/streams.js';
import { deepFreeze } from '../scenario/deepFreeze.js';
import type { Scenario } from '../scenario/types.js';
import { measuredParameters } from './measuredParameters.js';

/**
 * The scenario that replicate block `block` simulates: `scenario` itself when nothing in it is
 * measured; otherwise the scenario under one draw of its measured parameters from their posteriors
 * (`measuredParameters`), in their fixed order from the stream (seed, 'parameters', block). Every
 * block is one draw, so the spread between blocks carries the parameters' uncertainty and the
 * spread within a block the Monte Carlo noise (summarise separates the two); the draw depends only
 * on the seed and the block, never on how blocks are split over workers or shards.
 * Example: two calls with the same block give equal rates; blocks 0 and 1 give different ones (tested).
 */
export function blockScenario(scenario: Scenario, block: number): Scenario {
  const parameters = measuredParameters(scenario);
  if (parameters.length === 0) return scenario;
  const rng = streamRng(scenario.seed, 'parameters', block);
  let { falseAccept, falseReject } = scenario.verifier;
  for (const parameter of parameters) {
    const p = beta(rng, parameter.a, parameter.b);
    if (parameter.path === 'verifier.falseAccept') falseAccept = { dist: 'point', p };
    else falseReject = { dist: 'point', p };
  }
  return deepFreeze({ ...scenario, verifier: { ...scenario.verifier, falseAccept, falseReject } });
}
