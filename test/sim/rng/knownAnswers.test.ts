// Pinned random streams: streamRng (Alea seeding, eight discarded words), Xoshiro128 and every copy
// of the xoshiro128** step inlined in the engine's fast runners, against known answers from an
// independent Python implementation (scripts/rng-known-answers.py → test/fixtures/rng/known-answers.json).
// A change to any of them changes every seeded result: this test says which one moved.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { Xoshiro128 } from '../../../packages/sim/src/rng/xoshiro128.js';
import { REPO_ROOT, fixture } from '../../helpers/runPassk.js';

interface KnownAnswers {
  streams: Array<{ seed: number | string; path: Array<string | number>; state: number[]; uint32: number[]; uniform: number[] }>;
  xoshiro128starstar: Array<{ state: number[]; first16: number[]; all256: number[]; stateAfter256: number[] }>;
}
const known: KnownAnswers = JSON.parse(readFileSync(fixture('rng/known-answers.json'), 'utf8'));

describe('streamRng', () => {
  it.each(known.streams.map((s) => [s.seed, s.path, s] as const))('streamRng(%j, …%j): state, words and uniforms', (_seed, _path, s) => {
    const rng = streamRng(s.seed, ...s.path);
    expect([rng.s0, rng.s1, rng.s2, rng.s3]).toEqual(s.state);
    expect(Array.from({ length: s.uint32.length }, () => rng.uint32())).toEqual(s.uint32);
    const again = streamRng(s.seed, ...s.path);
    expect(Array.from({ length: s.uniform.length }, () => again.uniform())).toEqual(s.uniform);
  });
});

describe('Xoshiro128', () => {
  it.each(known.xoshiro128starstar.map((x) => [x.state, x] as const))('from state %j: 256 words and the state after them', (_state, x) => {
    const rng = new Xoshiro128(x.state);
    expect(Array.from({ length: 256 }, () => rng.uint32())).toEqual(x.all256);
    expect([rng.s0, rng.s1, rng.s2, rng.s3]).toEqual(x.stateAfter256);
  });
});

// Each inlined step as written in the engine: `y = Math.imul(s1, 5)`, the output word, `t = s1 << 9`
// and the state update, with the runner's own names (on one line or several). The test extracts every copy from the source
// text and runs it, so a typo in any one of them fails here.
const ENGINE = `${REPO_ROOT}packages/sim/src/engine/`;
const INLINED_STEP =
  /(?:(?:const|let) )?y = Math\.imul\(s1, 5\);\s*(?:(?:const|let) )?(\w+) = Math\.imul\(\(y << 7\) \| \(y >>> 25\), 9\)( >>> 0)?;\s*(?:(?:const|let) )?(\w+) = s1 << 9;\s*(s2 \^= s0;\s*s3 \^= s1;\s*s1 \^= s2;\s*s0 \^= s3;\s*s2 \^= \3;\s*s3 = \(s3 << 11\) \| \(s3 >>> 21\);)/g;

interface InlinedStep {
  where: string;
  step: (state: Int32Array) => number;
}

/** The copies, and the places where `Math.imul(s1, 5)` starts something not of this shape. */
function inlinedSteps(): { steps: InlinedStep[]; odd: string[] } {
  const steps: InlinedStep[] = [];
  const odd: string[] = [];
  for (const file of readdirSync(ENGINE).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(ENGINE + file, 'utf8');
    const lines = (index: number): number => source.slice(0, index).split('\n').length;
    const starts = [...source.matchAll(/Math\.imul\(s1, 5\)/g)].map((m) => m.index!);
    const matched = [...source.matchAll(INLINED_STEP)];
    const found = new Set(matched.map((m) => lines(m.index! + m[0].indexOf('Math.imul(s1, 5)'))));
    for (const start of starts) if (!found.has(lines(start))) odd.push(`${file}:${lines(start)}`);
    for (const m of matched) {
      const [text, word, , t] = m;
      const body = text.replace(/\b(?:const|let) /g, '');
      const run = new Function(
        'state',
        `let s0 = state[0], s1 = state[1], s2 = state[2], s3 = state[3], y, ${word}, ${t};\n${body}\nstate[0] = s0; state[1] = s1; state[2] = s2; state[3] = s3;\nreturn ${word} >>> 0;`,
      );
      steps.push({ where: `${file}:${lines(m.index!)}`, step: run as (state: Int32Array) => number });
    }
  }
  return { steps, odd };
}

describe('xoshiro128** inlined in the engine', () => {
  const { steps, odd } = inlinedSteps();

  it('finds the copies (fast runners, lognormal sum); every Math.imul(s1, 5) there starts one', () => {
    expect(steps.length).toBeGreaterThanOrEqual(7);
    expect(odd).toEqual([]);
  });

  it.each(steps.map((s) => [s.where, s] as const))('%s gives the known 256 words and state', (_where, { step }) => {
    for (const x of known.xoshiro128starstar.filter((entry) => entry.state.some((v) => v !== 0))) {
      const state = Int32Array.from(x.state);
      expect(Array.from({ length: 256 }, () => step(state))).toEqual(x.all256);
      expect(Array.from(state)).toEqual(x.stateAfter256);
    }
  });
});
