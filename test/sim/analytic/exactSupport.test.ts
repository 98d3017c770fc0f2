import { describe, expect, it } from 'vitest';
import { exactSupport } from '../../../packages/sim/src/analytic/exactSupport.js';
import { defaultScenario } from '../../../packages/sim/src/scenario/defaultScenario.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';

const tasks = { count: 2, successRate: { dist: 'point', p: 0.5 } };
const all = (n: number, value: boolean) => Array(n).fill(value);

describe('exactSupport (which closed forms exist)', () => {
  it('doc example: the default scenario (sequential, firstAccepted, lognormal cost) has every value, no cap', () => {
    const s = exactSupport(defaultScenario());
    expect(s).toMatchObject({ attemptCap: Infinity, delivery: all(8, true), attempts: true, latency: all(8, true), overCap: true });
  });

  it('random: exact for independent/exchangeable; for markov/feedback only with rounds of one or uniform acceptance', () => {
    const random = (correlation: object, verifier?: object, policy: object = { maxAttempts: 3, mode: 'parallel' }) =>
      exactSupport(resolveScenario({ tasks, attempts: { correlation }, ...(verifier ? { verifier } : {}), selector: { kind: 'random' }, policy }));
    const v = { falseAccept: 0.1, falseReject: 0.2 };
    expect(random({ model: 'exchangeable', icc: 0.3 }, v).delivery).toEqual(all(3, true));
    expect(random({ model: 'markov', stickiness: 0.3 }, v).delivery).toEqual([true, false, false]);
    expect(random({ model: 'markov', stickiness: 0.3 }).delivery).toEqual(all(3, true)); // perfect verifier
    expect(random({ model: 'feedback', afterFailure: 0.3 }, { falseAccept: 0.1, falseReject: 1 }).delivery).toEqual(all(3, true));
    expect(random({ model: 'feedback', afterFailure: 0.3 }, v, { maxAttempts: 3, mode: 'batches', batchSize: 1 }).delivery).toEqual(all(3, true));
    expect(random({ model: 'feedback', afterFailure: 0.3 }, v).attempts).toBe(true);
  });

  it('majorityVote and bestScore without threshold: like random under markov; bestScore with a threshold: nothing', () => {
    const v = { falseAccept: 0.1, falseReject: 0.2 };
    const of = (selector: object) => exactSupport(resolveScenario({ tasks, verifier: v, selector, policy: { maxAttempts: 3, mode: 'parallel' } }));
    expect(of({ kind: 'majorityVote' }).delivery).toEqual([true, false, false]);
    expect(of({ kind: 'bestScore' }).delivery).toEqual([true, false, false]);
    expect(of({ kind: 'bestScore', threshold: 1 })).toMatchObject({
      attemptCap: Infinity,
      delivery: all(3, false),
      attempts: false,
      latency: all(3, false),
      overCap: false,
    });
  });

  it('cost budgets: a cap for constant cost (⌈budget/u⌉, or the running sum on the boundary), none for lognormal', () => {
    const withBudget = (cost: unknown, budget: number, verifierCost = 0) =>
      exactSupport(
        resolveScenario({
          tasks,
          attempts: { cost: { perAttempt: cost } },
          verifier: { cost: verifierCost },
          policy: { maxAttempts: 8, budget: { cost: budget } },
        }),
      );
    expect(withBudget(0.3, 1, 0.05).attemptCap).toBe(3); // 1/0.35 = 2.86
    expect(withBudget(0.1, 0.5).attemptCap).toBe(5); // 0.1 + 0.1 + 0.1 + 0.1 + 0.1 = 0.5, not < 0.5
    expect(withBudget(0.1, 0.3).attemptCap).toBe(3); // the sum of three 0.1 is 0.30000000000000004, not < 0.3
    // python3 -c "s=0
    // for m in range(8): s += 0.1
    // print(s)"  → 0.7999999999999999 < 0.8: the engine's running sum would let a 9th attempt start,
    // so with maxAttempts 8 the cap never binds
    expect(withBudget(0.1, 0.8).attemptCap).toBe(Infinity);
    // python3 -c "s=0
    // for m in range(7): s += 0.1
    // print(s < 0.7)"  → False: the running sum reaches 0.7 after 7 attempts, so 7 start
    expect(withBudget(0.1, 0.7).attemptCap).toBe(7);
    // python3 -c "s=0;n=0
    // while s<0.3: s+=0.1+0.05; n+=1
    // print(n)"  → 2 (0.1 + 0.05 = 0.15000000000000002)
    expect(withBudget(0.1, 0.3, 0.05).attemptCap).toBe(2);
    expect(withBudget(0, 0.3).attemptCap).toBe(Infinity);
    const lognormal = withBudget({ dist: 'lognormal', median: 0.1, sigma: 0.5 }, 0.3);
    expect(lognormal.attempts).toBe(false);
    expect(lognormal.delivery).toEqual(all(8, false));
  });

  it('latency: lognormal only with rounds of one', () => {
    const latency = { perAttempt: { dist: 'lognormal', median: 1, sigma: 0.5 } };
    const par = exactSupport(resolveScenario({ tasks, attempts: { latency }, policy: { maxAttempts: 3, mode: 'parallel' } }));
    expect(par.latency).toEqual([true, false, false]);
    const seq = exactSupport(resolveScenario({ tasks, attempts: { latency }, policy: { maxAttempts: 3 } }));
    expect(seq.latency).toEqual(all(3, true));
  });
});
