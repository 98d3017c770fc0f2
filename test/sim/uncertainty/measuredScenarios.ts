import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';

// Scenarios of measuredVerifier.test.ts and measuredVerifierCoverage.slow.test.ts.

/** Twenty tasks' success rates (0.1 to 0.9, four times). */
export const P = [0.1, 0.3, 0.5, 0.7, 0.9, 0.1, 0.3, 0.5, 0.7, 0.9, 0.1, 0.3, 0.5, 0.7, 0.9, 0.1, 0.3, 0.5, 0.7, 0.9];

/** The twenty tasks, three attempts, a verifier measured as `accepted` of `wrong` and `rejected` of `right`. */
export function measuredScenario(accepted: number, wrong: number, rejected: number, right: number, seed: number, replicates: number) {
  return resolveScenario({
    seed,
    tasks: { count: P.length, successRate: { dist: 'fixed', values: P } },
    verifier: { measured: { falseAccept: { accepted, wrong }, falseReject: { rejected, right } } },
    policy: { maxAttempts: 3 },
    run: { replicates },
  });
}

/** The same with a budget no closed form covers (lognormal cost, cost cap): the interval's parameter part from the spread between blocks. */
export function budgetedScenario(verifier: object, seed: number, replicates: number) {
  return resolveScenario({
    seed,
    tasks: { count: P.length, successRate: { dist: 'fixed', values: P } },
    attempts: { cost: { perAttempt: { dist: 'lognormal', median: 0.02, sigma: 0.5 } } },
    verifier,
    policy: { maxAttempts: 3, budget: { cost: 0.05 } },
    run: { replicates },
  });
}
