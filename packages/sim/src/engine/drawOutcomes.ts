import { feedbackStep } from '../analytic/feedbackRate.js';
import type { Rng } from '../rng/rng.js';
import type { AttemptCorrelation } from '../scenario/types.js';

const TWO_POW_MINUS_32 = 1 / 4294967296;

/**
 * Outcomes X_1..X_n (1 correct, 0 wrong) of one episode's attempts on a task with success rate p,
 * in order, one 32-bit uniform each, written to out[1..n]; returns the number correct.
 *
 * Formula (docs/design.md §3, engine semantics): independent X_j ~ Bernoulli(p); exchangeable {icc}: Pólya
 * urn P(X_{j+1} = 1 | s correct of j) = (a + s)/(a + b + j), a = p(1/icc − 1), b = (1 − p)(1/icc − 1)
 * (the same law as q ~ Beta(a, b) then iid Bernoulli(q); icc = 0 is independent); markov {λ}:
 * X_1 ~ Bernoulli(p), X_j = X_{j−1} w.p. λ else a fresh Bernoulli(p), i.e. P(X_j = 1 | X_{j−1}) =
 * λ·X_{j−1} + (1 − λ)p; feedback {η}: the rate starts at p and after each wrong attempt q ← q + η(1 − q)
 * for η ≥ 0, q ← q(1 + η) for η < 0 (`feedbackStep`).
 * Example: p = 1 gives all ones under every model, p = 0 all zeros except under feedback (tested).
 */
export function drawOutcomes(correlation: AttemptCorrelation, p: number, n: number, rng: Rng, out: Uint8Array): number {
  let correct = 0;
  switch (correlation.model) {
    case 'exchangeable': {
      if (correlation.icc > 0) {
        const scale = 1 / correlation.icc - 1;
        const a = p * scale;
        const total = scale; // a + b
        for (let j = 1; j <= n; j++) {
          const x = rng.uint32() * TWO_POW_MINUS_32 < (a + correct) / (total + j - 1) ? 1 : 0;
          out[j] = x;
          correct += x;
        }
        return correct;
      }
      break; // icc = 0: independent
    }
    case 'markov': {
      const stay = correlation.stickiness;
      const fresh = (1 - stay) * p;
      let previous = 0;
      for (let j = 1; j <= n; j++) {
        const rate = j === 1 ? p : stay * previous + fresh;
        const x = rng.uint32() * TWO_POW_MINUS_32 < rate ? 1 : 0;
        out[j] = x;
        correct += x;
        previous = x;
      }
      return correct;
    }
    case 'feedback': {
      const eta = correlation.afterFailure;
      let rate = p;
      for (let j = 1; j <= n; j++) {
        const x = rng.uint32() * TWO_POW_MINUS_32 < rate ? 1 : 0;
        out[j] = x;
        correct += x;
        if (x === 0) rate = feedbackStep(rate, eta);
      }
      return correct;
    }
    case 'independent':
      break;
  }
  for (let j = 1; j <= n; j++) {
    const x = rng.uint32() * TWO_POW_MINUS_32 < p ? 1 : 0;
    out[j] = x;
    correct += x;
  }
  return correct;
}
