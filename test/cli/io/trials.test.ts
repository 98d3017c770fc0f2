import { TrialBudget } from '../../../packages/cli/src/io/trialBudget.js';
import { TrialIds } from '../../../packages/cli/src/io/trialIds.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TaskTrials } from '../../../packages/cli/src/io/taskTrials.js';
import { TrialProbe } from '../../../packages/cli/src/io/trialCheck.js';
import { trialFromBytes, trialFromJson, trialFromText } from '../../../packages/cli/src/io/trialValue.js';

describe('trial values: an integer ≥ 0, optionally written with .0…', () => {
  it.each<[string, number]>([
    ['0', 0],
    ['7', 7],
    ['0007', 7],
    ['3.0', 3],
    ['12.000', 12],
    ['9007199254740991', 9007199254740991],
    ['', -1],
    ['-1', -1],
    ['1.5', -1],
    ['3.', -1],
    ['.0', -1],
    [' 3', -1],
    ['3 ', -1],
    ['x', -1],
    ['1e3', -1],
    ['9007199254740993', -1],
  ])('text %j → %d', (text, expected) => {
    expect(trialFromText(text)).toBe(expected);
    const bytes = Buffer.from(`,${text},`);
    expect(trialFromBytes(bytes, 1, bytes.length - 1)).toBe(expected);
  });
  it.each<[unknown, number]>([
    [0, 0],
    [4, 4],
    ['4', 4],
    ['4.0', 4],
    [4.0, 4],
    [-1, -1],
    [1.5, -1],
    [Number.NaN, -1],
    [null, -1],
    [true, -1],
    [[1], -1],
    [2 ** 53, -1],
  ])('JSON %j → %d', (value, expected) => expect(trialFromJson(value)).toBe(expected));
});

describe('TaskTrials', () => {
  it('finds exactly the repeated pairs, against a Set of "task:trial" strings', () => {
    // A fixed pseudo-random sequence (LCG, Numerical Recipes constants) over 3 000 tasks and trials
    // mostly below 64, some up to 5 000 (bitmaps widen; ≥ 1024 go to per-task sets).
    let state = 12345;
    const next = (m: number) => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state % m;
    };
    const trials = new TaskTrials();
    const seen = new Set<string>();
    let repeats = 0;
    for (let i = 0; i < 60_000; i++) {
      const task = next(3000);
      const trial = next(10) === 0 ? next(5000) : next(64);
      const key = `${task}:${trial}`;
      const fresh = !seen.has(key);
      seen.add(key);
      if (!fresh) repeats++;
      if (trials.mark(task, trial) !== fresh) throw new Error(`pair ${key} at step ${i}: expected ${fresh}`);
    }
    expect(repeats).toBeGreaterThan(0);
  });

  it('keeps earlier marks when the bitmaps widen (trial 0 of task 5, then trial 900 of task 0)', () => {
    const trials = new TaskTrials();
    expect(trials.mark(5, 0)).toBe(true);
    expect(trials.mark(0, 900)).toBe(true);
    expect(trials.mark(5, 0)).toBe(false);
    expect(trials.mark(0, 900)).toBe(false);
    expect(trials.mark(0, 0)).toBe(true);
  });

  it('TrialProbe stops only at its pair', () => {
    const probe = new TrialProbe(2, 3);
    expect([probe.mark(2, 2), probe.mark(1, 3), probe.mark(2, 3)]).toEqual([true, true, false]);
  });
});

describe('TaskTrials: movable bitmaps for large trials agree with a plain set of pairs', () => {
  // Reference: a Set of "task:trial" strings; mark() must return false exactly for the pairs seen before.
  const trial = fc.oneof(
    fc.integer({ min: 0, max: 2000 }), // the flat bitmaps and just past them
    fc.integer({ min: 5000, max: 9000 }), // a dense block far from 0
    fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), // scattered: the Set fallback
    fc.integer({ min: 0, max: 40 }).map((i) => 2 ** 50 + i), // text ids (TrialIds numbers them from 2^50)
  );
  it('on random (task, trial) sequences with repeats', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), trial), { maxLength: 400 }), fc.infiniteStream(fc.boolean()), (pairs, repeat) => {
        const trials = new TaskTrials();
        const seen = new Set<string>();
        const sequence = pairs.flatMap((pair, i) => (repeat.next().value && i > 0 ? [pair, pairs[i - 1]!] : [pair]));
        for (const [task, t] of sequence) {
          const key = `${task}:${t}`;
          expect(trials.mark(task, t), key).toBe(!seen.has(key));
          seen.add(key);
        }
      }),
    );
  });
});

describe('markRange: mark for first..last in turn, up to the first repeat', () => {
  // Reference: the same marks on a second TaskTrials, then mark() for each trial of the range in
  // order until one returns false. Both must return the same trial (or -1) and be left in the same
  // state: every probe pair afterwards gets the same answer from both.
  // Tasks up to 40: the flat bitmaps start with room for 32 tasks of one word, so ranges both widen and grow them.
  const ranges = fc.tuple(
    fc.integer({ min: 0, max: 40 }),
    fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 990, max: 1030 })),
    fc.integer({ min: 0, max: 70 }),
  );
  it('on random earlier marks and ranges (within a word, across words, across 1024)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.oneof(fc.integer({ min: 0, max: 31 }), fc.integer({ min: 0, max: 1100 }))), { maxLength: 60 }),
        fc.array(ranges, { minLength: 1, maxLength: 6 }),
        (earlier, steps) => {
          const ours = new TaskTrials();
          const reference = new TaskTrials();
          for (const [task, trial] of earlier) {
            ours.mark(task, trial);
            reference.mark(task, trial);
          }
          for (const [task, first, length] of steps) {
            const last = first + length;
            let expected = -1;
            for (let trial = first; trial <= last && expected < 0; trial++) if (!reference.mark(task, trial)) expected = trial;
            expect(ours.markRange(task, first, last), `${task}: ${first}..${last}`).toBe(expected);
          }
          // Every (task, trial) of 41 × 1111 marked after: 1 where it was new. Compared as one string (a
          // deep equality of two 45 551-element arrays took most of the property's time).
          const probe = (trials: TaskTrials) => Array.from({ length: 41 * 1111 }, (_, i) => (trials.mark(i % 41, Math.floor(i / 41)) ? '1' : '0')).join('');
          expect(probe(ours)).toBe(probe(reference));
        },
      ),
      { numRuns: 150, seed: 20261203 },
    );
  });

  it('finds the repeat at bit 31 and at bit 0 of a word (hand-worked)', () => {
    const trials = new TaskTrials();
    expect(trials.mark(1, 31)).toBe(true);
    expect(trials.mark(1, 64)).toBe(true);
    expect(trials.markRange(1, 0, 40)).toBe(31); // 0..30 marked on the way
    expect(trials.mark(1, 30)).toBe(false);
    expect(trials.mark(1, 32)).toBe(true);
    expect(trials.markRange(1, 33, 70)).toBe(64);
    expect(trials.markRange(0, 0, 1023)).toBe(-1);
    expect(trials.mark(0, 1023)).toBe(false);
  });

  it('TrialProbe: its trial when the range holds its pair, else -1', () => {
    const probe = new TrialProbe(2, 3);
    expect([probe.markRange(2, 0, 2), probe.markRange(1, 0, 9), probe.markRange(2, 3, 3), probe.markRange(2, 1, 9)]).toEqual([-1, -1, 3, 3]);
  });
});

describe('the trial budget (--max-trial-memory)', () => {
  it('TrialIds numbers text ids per task and refuses a new one past the budget', () => {
    // 96 + 2·length bytes per id (trialBudget.ts): "x" and "y" cost 98 each, so 2 KiB holds 20.
    const budget = new TrialBudget(2048);
    const ids = new TrialIds(budget);
    expect(ids.of(0, 'x')).toBe(ids.of(0, 'x'));
    expect(ids.of(1, 'x')).toBe(ids.of(0, 'x')); // each task's first text id: the same number, no clash (pairs differ by task)
    expect(ids.of(0, 'y')).toBe(ids.of(0, 'x') + 1);
    expect(ids.name(0, ids.of(0, 'y'))).toBe('"y"');
    for (let task = 2; task < 19; task++) expect(ids.of(task, 'x')).toBeGreaterThan(0);
    expect(budget.exceeded).toBe(false);
    expect(ids.of(19, 'x')).toBe(-1); // the 21st id
    expect(budget.exceeded).toBe(true);
  });

  it('TaskTrials stops (and says why) when scattered trials pass the budget, not before', () => {
    const budget = new TrialBudget(1024);
    const trials = new TaskTrials(budget);
    expect(trials.mark(0, 5000)).toBe(true); // the task's movable bitmap (4 words, not charged)
    // Each later trial is 10^6 further: a Set entry of 56 bytes; 1024 / 56 = 18.3, so 18 fit.
    for (let i = 1; i <= 18; i++) expect(trials.mark(0, 5000 + i * 1_000_000)).toBe(true);
    expect(budget.exceeded).toBe(false);
    expect(trials.mark(0, 5000 + 19 * 1_000_000)).toBe(false);
    expect(budget.exceeded).toBe(true);
  });
});
