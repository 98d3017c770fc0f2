import { describe, expect, it } from 'vitest';
import { drawOutcomes } from '../../../packages/sim/src/engine/drawOutcomes.js';
import {
  drawsOutcomePatterns,
  OutcomePatterns,
  PATTERN_BYTES_LIMIT,
  patternOf,
  patternProbabilities,
} from '../../../packages/sim/src/engine/outcomePatterns.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import type { TaskParameters } from '../../../packages/sim/src/engine/taskParameters.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import type { AttemptCorrelation } from '../../../packages/sim/src/scenario/types.js';

const MODELS: AttemptCorrelation[] = [
  { model: 'independent' },
  { model: 'exchangeable', icc: 0.3 },
  { model: 'markov', stickiness: 0.7 },
  { model: 'feedback', afterFailure: 0.5 },
];
const TWO_POW_32 = 4294967296;

function tasksOf(rates: number[]): TaskParameters {
  const n = rates.length;
  return { count: n, successRate: Float64Array.from(rates), falseAccept: new Float64Array(n), falseReject: new Float64Array(n) };
}

/** How many of the 2^32 words x each pattern gets from task t's packed words: column i keeps n_i = w_i >>> K for its pattern, the rest go to alias_i. */
function wordCounts(patterns: OutcomePatterns, t: number): number[] {
  const K = patterns.attempts;
  const C = 2 ** K;
  const column = TWO_POW_32 / C;
  const counts = new Array<number>(C).fill(0);
  const at = patterns.at(t);
  for (let i = 0; i < C; i++) {
    const w = patterns.words[at + i];
    const alias = w & (C - 1);
    const keep = alias === i ? column : w >>> K;
    counts[i] += keep;
    counts[alias] += column - keep;
  }
  return counts;
}

describe('patternProbabilities', () => {
  it('sum to 1; p = 1 puts all mass on all-correct under every model, p = 0 on all-wrong except feedback; independent p = 0.5 gives 2^-K each', () => {
    const out = new Float64Array(256);
    for (const model of MODELS)
      for (const p of [0, 0.1, 0.5, 0.97, 1]) {
        patternProbabilities(model, p, 8, out);
        expect(Math.abs(out.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
        if (p === 1) expect(out[255]).toBeCloseTo(1, 15); // markov: λ + (1 − λ)·1 rounds to 1 − 2^-53
        if (p === 0 && model.model !== 'feedback') expect(out[0]).toBe(1);
      }
    patternProbabilities({ model: 'independent' }, 0.5, 8, out);
    expect(new Set(out)).toEqual(new Set([2 ** -8]));
  });

  it('match closed forms: P(all K correct), P(X_1 = 1, X_2 = 0) and the marginal P(X_K = 1) under every model', () => {
    // Closed forms (engine semantics, docs/design.md §3), K = 5, p = 0.3:
    // independent p^K; exchangeable Π_{j<K} (a + j)/(s + j), s = 1/icc − 1, a = p·s; markov p(λ + (1 − λ)p)^{K−1};
    // feedback (no failure, so no repair) p^K. P(X_1 = 1, X_2 = 0): p(1 − p), p(s − a)/(s + 1), p(1 − λ)(1 − p), p(1 − p).
    // Marginal P(X_K = 1): p for independent, exchangeable (exchangeable law) and markov (X_1 ~ Bernoulli(p) is stationary).
    const K = 5;
    const p = 0.3;
    const s = 1 / 0.3 - 1;
    const a = p * s;
    let exchangeableAll = 1;
    for (let j = 0; j < K; j++) exchangeableAll *= (a + j) / (s + j);
    const exact: Record<string, [number, number]> = {
      independent: [p ** K, p * (1 - p)],
      exchangeable: [exchangeableAll, (p * (s - a)) / (s + 1)],
      markov: [p * (0.7 + 0.3 * p) ** (K - 1), p * 0.3 * (1 - p)],
      feedback: [p ** K, p * (1 - p)],
    };
    const out = new Float64Array(2 ** K);
    for (const model of MODELS) {
      patternProbabilities(model, p, K, out);
      const [all, firstThenWrong] = exact[model.model];
      expect(out[2 ** K - 1]).toBeCloseTo(all, 14);
      let pair = 0;
      let last = 0;
      out.forEach((q, m) => {
        if ((m & 3) === 1) pair += q;
        if ((m >>> (K - 1)) & 1) last += q;
      });
      expect(pair).toBeCloseTo(firstThenWrong, 14);
      if (model.model !== 'feedback') expect(last).toBeCloseTo(p, 14);
    }
    // Feedback: P(first success at attempt 3) = (1 − p)·(1 − q_2)·q_3 with 1 − q_i = (1 − p)(1 − η)^{i−1}.
    patternProbabilities({ model: 'feedback', afterFailure: 0.5 }, p, K, out);
    let third = 0;
    out.forEach((q, m) => {
      if ((m & 7) === 4) third += q;
    });
    expect(third).toBeCloseTo((1 - p) * ((1 - p) * 0.5) * (1 - (1 - p) * 0.25), 14);
    // Feedback η = −0.5: the rate after i failures is p(1 + η)^i, so P(first success at 3) = (1 − p)(1 − p/2)(p/4).
    patternProbabilities({ model: 'feedback', afterFailure: -0.5 }, p, K, out);
    third = 0;
    out.forEach((q, m) => {
      if ((m & 7) === 4) third += q;
    });
    expect(third).toBeCloseTo((1 - p) * (1 - p / 2) * (p / 4), 14);
  });

  it('agree with drawOutcomes (one uniform per attempt) within 5 SE on every pattern of K = 3', () => {
    const N = 40000;
    const out = new Uint8Array(4);
    const exact = new Float64Array(8);
    for (const model of MODELS) {
      patternProbabilities(model, 0.4, 3, exact);
      const rng = streamRng(4, model.model);
      const counts = new Array<number>(8).fill(0);
      for (let i = 0; i < N; i++) {
        drawOutcomes(model, 0.4, 3, rng, out);
        counts[out[1] | (out[2] << 1) | (out[3] << 2)]++;
      }
      counts.forEach((c, m) => {
        expect(Math.abs(c / N - exact[m]), `${model.model} pattern ${m}`).toBeLessThan(5 * Math.sqrt((exact[m] * (1 - exact[m])) / N) + 1e-12);
      });
    }
  });
});

describe('OutcomePatterns', () => {
  it('each pattern gets its probability of the 2^32 words to a few 2^-32 (K = 1, 4, 8, 10), and patterns of probability 0 none', () => {
    const rates = [0, 0.0005, 0.3, 0.5, 0.9995, 1];
    for (const K of [1, 4, 8, 10])
      for (const model of MODELS) {
        const patterns = new OutcomePatterns(model, tasksOf(rates), K);
        const exact = new Float64Array(2 ** K);
        // The patterns off their probability, collected and checked once per table (an expect per
        // pattern cost more than the counting).
        const off: string[] = [];
        rates.forEach((p, t) => {
          patternProbabilities(model, p, K, exact);
          const counts = wordCounts(patterns, t);
          expect(counts.reduce((x, y) => x + y, 0)).toBe(TWO_POW_32);
          counts.forEach((c, m) => {
            if (exact[m] === 0) {
              if (c !== 0) off.push(`p=${p} pattern ${m}: ${c} words where its probability is 0`);
            }
            // AliasTable's resolution: each class exact to 2C·2^-32.
            else if (!(Math.abs(c - exact[m] * TWO_POW_32) <= 2 * 2 ** K)) off.push(`p=${p} pattern ${m}: ${c} words for ${exact[m]! * TWO_POW_32}`);
          });
        });
        expect(off, `${model.model} K=${K}`).toEqual([]);
      }
  });

  it('draw(t, x) = patternOf: pattern i of column x & (C − 1) when (x >>> K) < n_i, else its alias', () => {
    const K = 8;
    const patterns = new OutcomePatterns({ model: 'markov', stickiness: 0.5 }, tasksOf([0.2, 0.7]), K);
    const rng = streamRng(5, 'words');
    // Every disagreement collected and checked once (an expect per draw cost more than the draws).
    const disagreements: { t: number; x: number; expected: number; draw: number; patternOf: number }[] = [];
    for (let n = 0; n < 20000; n++) {
      const x = rng.uint32();
      const t = n & 1;
      const i = x & 255;
      const w = patterns.words[patterns.at(t) + i];
      const alias = w & 255;
      const expected = alias === i || x >>> K < w >>> K ? i : alias;
      const draw = patterns.draw(t, x);
      const pattern = patternOf(patterns.words, patterns.at(t), K, x);
      if (draw !== expected || pattern !== expected) disagreements.push({ t, x, expected, draw, patternOf: pattern });
    }
    expect(disagreements).toEqual([]);
  });

  it('are drawn on a fixed benchmark with K ≤ 10 whose tables fit in 16 MiB (T·2^K·4 bytes); otherwise one uniform per outcome', () => {
    const scenario = (count: number, maxAttempts: number, resample = false) =>
      resolveScenario({ tasks: { count, successRate: { dist: 'beta', mean: 0.5, concentration: 2 }, resample }, policy: { maxAttempts } });
    expect(PATTERN_BYTES_LIMIT).toBe(2 ** 24);
    expect(drawsOutcomePatterns(scenario(16384, 8))).toBe(true); // 16384 · 256 · 4 = 2^24 bytes
    expect(drawsOutcomePatterns(scenario(16385, 8))).toBe(false);
    expect(drawsOutcomePatterns(scenario(4096, 10))).toBe(true);
    expect(drawsOutcomePatterns(scenario(4097, 10))).toBe(false);
    expect(drawsOutcomePatterns(scenario(10, 11))).toBe(false);
    expect(drawsOutcomePatterns(scenario(10, 8, true))).toBe(false);
  });
});
