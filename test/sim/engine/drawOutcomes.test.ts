import { describe, expect, it } from 'vitest';
import { drawOutcomes } from '../../../packages/sim/src/engine/drawOutcomes.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import type { AttemptCorrelation } from '../../../packages/sim/src/scenario/types.js';

const MODELS: AttemptCorrelation[] = [
  { model: 'independent' },
  { model: 'exchangeable', icc: 0.3 },
  { model: 'markov', stickiness: 0.7 },
  { model: 'feedback', afterFailure: 0.5 },
];

describe('drawOutcomes', () => {
  it('p = 1 gives all ones and p = 0 all zeros under every model except feedback (which repairs after failures)', () => {
    const out = new Uint8Array(9);
    const rng = streamRng(1, 'edges');
    for (const model of MODELS) {
      expect(drawOutcomes(model, 1, 8, rng, out)).toBe(8);
      if (model.model !== 'feedback') expect(drawOutcomes(model, 0, 8, rng, out)).toBe(0);
    }
  });

  it('P(all 3 correct) and P(X_2 = 1 | X_1 = 1) match the closed forms within 5 SE', () => {
    const p = 0.4;
    const N = 60000;
    // Closed forms (engine semantics): P(X1 = X2 = X3 = 1) and P(X2 = 1 | X1 = 1).
    // Exchangeable: a = p(1/icc − 1), s = 1/icc − 1; P(all 3) = a(a + 1)(a + 2)/(s(s + 1)(s + 2)), P(X2 | X1) = (a + 1)/(s + 1).
    const s = 1 / 0.3 - 1;
    const a = p * s;
    const exact: Record<string, [number, number]> = {
      independent: [p ** 3, p],
      exchangeable: [(a * (a + 1) * (a + 2)) / (s * (s + 1) * (s + 2)), (a + 1) / (s + 1)],
      markov: [p * (0.7 + 0.3 * p) ** 2, 0.7 + 0.3 * p],
      feedback: [p ** 3, p],
    };
    const out = new Uint8Array(4);
    for (const model of MODELS) {
      const rng = streamRng(2, model.model);
      let all = 0;
      let first = 0;
      let both = 0;
      for (let i = 0; i < N; i++) {
        all += drawOutcomes(model, p, 3, rng, out) === 3 ? 1 : 0;
        first += out[1];
        both += out[1] * out[2];
      }
      const [allExact, conditionalExact] = exact[model.model];
      expect(Math.abs(all / N - allExact)).toBeLessThan(5 * Math.sqrt((allExact * (1 - allExact)) / N));
      expect(Math.abs(both / first - conditionalExact)).toBeLessThan(5 * Math.sqrt((conditionalExact * (1 - conditionalExact)) / first));
    }
  });

  it('feedback: after a failure the rate is p + η(1 − p)', () => {
    const out = new Uint8Array(3);
    const rng = streamRng(3, 'feedback');
    let failedFirst = 0;
    let thenCorrect = 0;
    for (let i = 0; i < 40000; i++) {
      drawOutcomes({ model: 'feedback', afterFailure: 0.5 }, 0.2, 2, rng, out);
      if (out[1] === 0) {
        failedFirst++;
        thenCorrect += out[2];
      }
    }
    const exact = 0.2 + 0.5 * 0.8;
    expect(Math.abs(thenCorrect / failedFirst - exact)).toBeLessThan(5 * Math.sqrt((exact * (1 - exact)) / failedFirst));
  });

  it('feedback η < 0: after a failure the rate is p(1 + η), after two failures p(1 + η)² (within 4 SE); η = −1 never succeeds after a failure', () => {
    const out = new Uint8Array(4);
    const rng = streamRng(4, 'feedback-negative');
    const p = 0.6;
    const eta = -0.5;
    let failedFirst = 0;
    let thenCorrect = 0;
    let failedTwo = 0;
    let thirdCorrect = 0;
    for (let i = 0; i < 60000; i++) {
      drawOutcomes({ model: 'feedback', afterFailure: eta }, p, 3, rng, out);
      if (out[1] === 0) {
        failedFirst++;
        thenCorrect += out[2];
        if (out[2] === 0) {
          failedTwo++;
          thirdCorrect += out[3];
        }
      }
    }
    const once = p * (1 + eta);
    const twice = p * (1 + eta) ** 2;
    expect(Math.abs(thenCorrect / failedFirst - once)).toBeLessThan(4 * Math.sqrt((once * (1 - once)) / failedFirst));
    expect(Math.abs(thirdCorrect / failedTwo - twice)).toBeLessThan(4 * Math.sqrt((twice * (1 - twice)) / failedTwo));
    for (let i = 0; i < 200; i++) {
      drawOutcomes({ model: 'feedback', afterFailure: -1 }, 0.5, 3, rng, out);
      const firstFailure = out.indexOf(0, 1);
      if (firstFailure > 0) expect(Array.from(out.subarray(firstFailure + 1, 4)).every((x) => x === 0)).toBe(true);
    }
  });
});
