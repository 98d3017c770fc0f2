import type { Scenario } from '../scenario/types.js';
import type { EnginePath } from './blockRunner.js';
import { enginePath } from './enginePlan.js';

/**
 * Single-thread nanoseconds per episode, by engine path: a constant (one or a few draws per
 * episode) plus a part per attempt (maxAttempts K). Rounded from `pnpm bench`'s scenarios on the
 * project's 2-core machine (2026-12-01): perfectVerifier 4.5 ns, independentVerifier 33 ns,
 * parallelVote (K = 8) 95 ns, sequential with a cost budget (K = 8) 200 ns, general 400–900 ns;
 * rounds (K = 8, the bench's `rounds` what-ifs, 2026-12-03) 165 ns in batches of 2 with a cost
 * budget, 535 ns in parallel with bestScore, 690 ns in parallel with majorityVote.
 */
const NS_PER_EPISODE: Record<EnginePath, { readonly fixed: number; readonly perAttempt: number }> = {
  perfectVerifier: { fixed: 5, perAttempt: 0 },
  independentVerifier: { fixed: 35, perAttempt: 0 },
  parallelVote: { fixed: 5, perAttempt: 12 },
  sequential: { fixed: 10, perAttempt: 25 },
  rounds: { fixed: 20, perAttempt: 45 },
  general: { fixed: 20, perAttempt: 70 },
};

/**
 * About how long (ms, one thread) the engine takes for `replicates` replicates of a scenario:
 * tasks × replicates × (fixed + K·perAttempt) ns of its engine path. Deterministic (no timing), so
 * a runner can decide from it alone whether starting worker threads pays off; a rough figure
 * (within a factor of about 2), never used for results.
 * Example: 1000 tasks × 10 000 replicates on the perfectVerifier path → 50 ms.
 */
export function estimatedWorkMs(scenario: Scenario, replicates: number): number {
  const cost = NS_PER_EPISODE[enginePath(scenario)];
  return (scenario.tasks.count * replicates * (cost.fixed + scenario.policy.maxAttempts * cost.perAttempt)) / 1e6;
}
