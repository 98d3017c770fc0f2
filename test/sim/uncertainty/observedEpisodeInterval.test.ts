// observedEpisodeInterval (issue #41): within a log of attempt-ordered episodes, a what-if's coverage,
// pass^k and (through a known verifier) delivered correct at k are rates the log observes, and their
// interval comes from the log's episodes, not the refitted model's draws. Expected values from
// test/reference/observed_episode_interval.py (written from the formulas, scipy's t quantile).
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../packages/sim/src/engine/simulate.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import {
  deliveryOfEpisode,
  episodeCountsAt,
  observedEpisodeInterval,
  OBSERVED_EPISODE_WORDS,
  type KnownVerifier,
} from '../../../packages/sim/src/uncertainty/observedEpisodeInterval.js';

const fixed = (outcomes: string[]) => ({ outcomes, stopping: 'fixed' as const, model: 'aic' as const });
/** 12 tasks × 1 fixed episode of 3 attempts (observed_episode_interval.py's log). */
const LOG = ['110', '011', '001', '000', '100', '010', '111', '000', '001', '101', '011', '000'];

describe('episodeCountsAt', () => {
  it('per task: episodes solved within k (coverage) or all correct among the first k (pass^k)', () => {
    expect(episodeCountsAt(['001', '11 01'], 2, 'coverage')).toEqual([
      { n: 1, c: 0 },
      { n: 2, c: 2 },
    ]);
    expect(episodeCountsAt(['001', '11 01'], 2, 'passHatK')).toEqual([
      { n: 1, c: 0 },
      { n: 2, c: 1 },
    ]);
  });

  it('an episode shorter than k counts when settled before it, else the log does not observe k (null)', () => {
    // untilSuccess: '1' stopped at its success (solved within any k); '00' ran out unsolved at 2.
    expect(episodeCountsAt(['1', '01'], 4, 'coverage')).toEqual([
      { n: 1, c: 1 },
      { n: 1, c: 1 },
    ]);
    expect(episodeCountsAt(['1', '00'], 3, 'coverage')).toBeNull();
    expect(episodeCountsAt(['1', '01'], 2, 'passHatK')).toBeNull();
    expect(episodeCountsAt(['0', '10'], 3, 'passHatK')).toEqual([
      { n: 1, c: 0 },
      { n: 1, c: 0 },
    ]);
  });

  it('bad input: one error naming the entry', () => {
    expect(() => episodeCountsAt(['01', '0x'], 1, 'coverage')).toThrow('outcomes[1]: must be episodes of');
    expect(() => episodeCountsAt(['01'], 0, 'coverage')).toThrow('k: must be an integer ≥ 1, got 0');
  });
});

describe('deliveryOfEpisode (python: observed_episode_interval.py)', () => {
  const verifier: KnownVerifier = { falseAccept: 0.1, falseReject: 0.2, onNoAccept: 'abstain' };
  const last: KnownVerifier = { ...verifier, onNoAccept: 'deliverLast' };
  const correct = (episode: string, k: number, v = verifier) => deliveryOfEpisode(episode, k, v)!.deliveredCorrect;
  it('correct: Σ over correct attempts of r_i·a_i, plus the last when nothing was accepted and deliverLast', () => {
    expect(correct('01', 2)).toBeCloseTo(0.72, 14);
    expect(correct('01', 1)).toBe(0);
    expect(correct('001', 3)).toBeCloseTo(0.648, 14);
    expect(correct('001', 3, last)).toBeCloseTo(0.81, 14);
    expect(correct('10', 2, last)).toBeCloseTo(0.8, 14);
  });

  it('wrong and abstained beside it; they sum to 1', () => {
    const abstain = deliveryOfEpisode('01', 2, verifier)!;
    expect(abstain.deliveredWrong).toBeCloseTo(0.1, 14);
    expect(abstain.abstained).toBeCloseTo(0.18, 14);
    expect(deliveryOfEpisode('001', 3, last)).toEqual({ deliveredCorrect: expect.closeTo(0.81, 14), deliveredWrong: expect.closeTo(0.19, 14), abstained: 0 });
    expect(deliveryOfEpisode('00', 2, last)).toEqual({ deliveredCorrect: 0, deliveredWrong: expect.closeTo(1, 14), abstained: 0 });
  });

  it('an episode shorter than k is settled only by an attempt accepted for sure', () => {
    expect(deliveryOfEpisode('1', 3, verifier)).toBeNull();
    expect(deliveryOfEpisode('1', 3, { ...verifier, falseReject: 0 })).toEqual({ deliveredCorrect: 1, deliveredWrong: 0, abstained: 0 });
  });
});

describe('observedEpisodeInterval', () => {
  it('30 of 100 single episodes solved at the first attempt: the population score interval (python)', () => {
    const outcomes = Array.from({ length: 100 }, (_, t) => (t < 30 ? '10' : '01'));
    const interval = observedEpisodeInterval(fixed(outcomes), 1, 'coverage', true)!;
    expect(interval.lower).toBeCloseTo(0.21770206727703412, 10);
    expect(interval.upper).toBeCloseTo(0.3975970474800592, 10);
    expect(interval.level).toBe(0.95);
    expect(interval.method.startsWith(OBSERVED_EPISODE_WORDS.rate)).toBe(true);
  });

  it('a 12-task log at k = 2: coverage (7 of 12) and delivered correct through FA 0.05, FR 0.1 (python)', () => {
    const coverage = observedEpisodeInterval(fixed(LOG), 2, 'coverage', true)!;
    expect(coverage.lower).toBeCloseTo(0.2840620363014063, 10);
    expect(coverage.upper).toBeCloseTo(0.8316470329171022, 10);
    const delivered = observedEpisodeInterval(fixed(LOG), 2, 'coverage', true, { falseAccept: 0.05, falseReject: 0.1, onNoAccept: 'abstain' })!;
    expect(delivered.lower).toBeCloseTo(0.26527013071709454, 10);
    expect(delivered.upper).toBeCloseTo(0.7771281324549659, 10);
    expect(delivered.method.startsWith(OBSERVED_EPISODE_WORDS.delivered)).toBe(true);
    const verifier = { falseAccept: 0.05, falseReject: 0.1, onNoAccept: 'abstain' } as const;
    const wrong = observedEpisodeInterval(fixed(LOG), 2, 'coverage', true, verifier, 'deliveredWrong')!;
    expect(wrong.lower).toBeCloseTo(0.03259048139025674, 10);
    expect(wrong.upper).toBeCloseTo(0.08806068221169294, 10);
    const abstained = observedEpisodeInterval(fixed(LOG), 2, 'coverage', true, verifier, 'abstained')!;
    expect(abstained.lower).toBeCloseTo(0.1971640101367388, 10);
    expect(abstained.upper).toBeCloseTo(0.6761888247511748, 10);
  });

  it('null where the log does not observe k, and for delivered correct on a fixed benchmark', () => {
    expect(observedEpisodeInterval(fixed(LOG), 4, 'coverage', true)).toBeNull();
    expect(observedEpisodeInterval(fixed(LOG), 2, 'coverage', false, { falseAccept: 0.05, falseReject: 0.1, onNoAccept: 'abstain' })).toBeNull();
    expect(observedEpisodeInterval(fixed(LOG), 2, 'coverage', false)!.method).toContain('Student t interval');
  });
});

describe('simulate with tasks.measured.episodes: which rows take the interval from the log', () => {
  const measured = {
    trials: LOG.map(() => 3),
    successes: LOG.map((e) => [...e].filter((x) => x === '1').length),
    episodes: fixed(LOG),
  };
  const run = (extra: object) =>
    simulate(
      resolveScenario({
        seed: 3,
        tasks: { count: 12, successRate: { dist: 'beta', a: 1, b: 1 }, resample: true, measured },
        attempts: { correlation: { model: 'feedback', afterFailure: 0.2 } },
        policy: { maxAttempts: 4 },
        run: { replicates: 192 },
        ...extra,
      }),
    );
  const fromLog = (interval: { method: string } | undefined) => interval!.method.startsWith('observed');

  it('perfect verifier: coverage, pass^k and delivered correct at k ≤ 3 from the log (delivered = coverage), the model beyond', () => {
    const { rows } = run({});
    for (const row of rows) {
      const within = row.k <= 3;
      expect(fromLog(row.coverage.interval), `coverage@${row.k}`).toBe(within);
      expect(fromLog(row.passHatK.interval), `passHatK@${row.k}`).toBe(within);
      expect(fromLog(row.deliveredCorrect.interval), `deliveredCorrect@${row.k}`).toBe(within);
      expect(fromLog(row.abstained.interval), `abstained@${row.k}`).toBe(within);
      // Exactly 0 with a perfect verifier that abstains: the draws' point [0, 0].
      expect(fromLog(row.deliveredWrong.interval)).toBe(false);
      expect(fromLog(row.cost.interval)).toBe(false);
      if (within) {
        const coverage = observedEpisodeInterval(fixed(LOG), row.k, 'coverage', true)!;
        expect(row.coverage.interval).toEqual(coverage);
        expect(row.deliveredCorrect.interval).toEqual(coverage);
        expect(row.abstained.interval!.lower).toBe(1 - coverage.upper);
        expect(row.abstained.interval!.upper).toBe(1 - coverage.lower);
      }
    }
  });

  it('a known verifier on a sequential policy: delivered correct through it; a measured one or a cost cap: the draws', () => {
    const known = run({ verifier: { falseAccept: 0.05, falseReject: 0.1 } }).rows[1]!;
    const verifier = { falseAccept: 0.05, falseReject: 0.1, onNoAccept: 'abstain' } as const;
    expect(known.deliveredCorrect.interval).toEqual(observedEpisodeInterval(fixed(LOG), 2, 'coverage', true, verifier));
    expect(known.deliveredWrong.interval).toEqual(observedEpisodeInterval(fixed(LOG), 2, 'coverage', true, verifier, 'deliveredWrong'));
    expect(known.abstained.interval).toEqual(observedEpisodeInterval(fixed(LOG), 2, 'coverage', true, verifier, 'abstained'));
    const measuredVerifier = run({
      verifier: { falseAccept: 0.05, falseReject: 0.1, measured: { falseAccept: { accepted: 2, wrong: 40 }, falseReject: { rejected: 6, right: 60 } } },
    }).rows[1]!;
    expect(fromLog(measuredVerifier.deliveredCorrect.interval)).toBe(false);
    expect(fromLog(measuredVerifier.coverage.interval)).toBe(true);
    const capped = run({ policy: { maxAttempts: 4, budget: { cost: 2 } } }).rows[1]!;
    expect(fromLog(capped.coverage.interval)).toBe(false);
  });

  it('a selector that may deliver nothing though a correct attempt was accepted (bestScore with a threshold): delivery from the draws', () => {
    // A correct attempt scored below the threshold is not delivered, so delivered correct is not the
    // log's coverage: from the draws, each value within its own interval (docs/testing.md, Summary).
    const thresholded = run({ selector: { kind: 'bestScore', separation: 1, threshold: 2 }, policy: { maxAttempts: 4, mode: 'parallel' } });
    for (const row of thresholded.rows) {
      expect(fromLog(row.coverage.interval), `coverage@${row.k}`).toBe(row.k <= 3);
      for (const metric of ['deliveredCorrect', 'abstained'] as const) {
        const { value, interval } = row[metric];
        expect(fromLog(interval), `${metric}@${row.k}`).toBe(false);
        expect(value!, `${metric}@${row.k}`).toBeGreaterThanOrEqual(interval!.lower);
        expect(value!, `${metric}@${row.k}`).toBeLessThanOrEqual(interval!.upper);
      }
    }
    // Without a threshold the best score is always delivered: delivered correct is the log's coverage.
    const untouched = run({ selector: { kind: 'bestScore', separation: 1 }, policy: { maxAttempts: 4, mode: 'parallel' } }).rows[1]!;
    expect(untouched.deliveredCorrect.interval).toEqual(untouched.coverage.interval);
  });

  it("one block of replicates (64: no spread over draws) still gives the log's interval within the episode, none beyond", () => {
    const { rows } = run({ run: { replicates: 64 } });
    for (const row of rows.slice(0, 3)) {
      const coverage = observedEpisodeInterval(fixed(LOG), row.k, 'coverage', true)!;
      expect(row.coverage.interval, `coverage@${row.k}`).toEqual(coverage);
      expect(row.deliveredCorrect.interval, `deliveredCorrect@${row.k}`).toEqual(coverage);
      expect(row.passHatK.interval, `passHatK@${row.k}`).toEqual(observedEpisodeInterval(fixed(LOG), row.k, 'passHatK', true));
    }
    expect(rows[3]!.coverage.interval).toBeUndefined();
  });

  /** A run of 192 replicates (3 blocks) with the tasks refitted to the given episodes: feedback attempts, maxAttempts 4. */
  const runLog = (outcomes: string[], stopping: 'fixed' | 'untilSuccess') =>
    simulate(
      resolveScenario({
        seed: 3,
        tasks: {
          count: outcomes.length,
          successRate: { dist: 'beta', a: 1, b: 1 },
          resample: true,
          measured: {
            trials: outcomes.map((text) => text.replaceAll(' ', '').length),
            successes: outcomes.map((text) => [...text].filter((x) => x === '1').length),
            episodes: { outcomes, stopping, model: 'aic' },
          },
        },
        attempts: { correlation: { model: 'feedback', afterFailure: 0.2 } },
        policy: { maxAttempts: 4 },
        run: { replicates: 192 },
      }),
    );

  it('beyond the longest episode (3) the draws, even where every episode settles coverage there', () => {
    // Every episode stops at its first success, so each one is solved within any k past its end and the
    // log's coverage at k = 4 exists (episodeCountsAt); the row is still basis model, from the draws.
    const outcomes = ['1', '01', '001', '1 01', '01 1', '001 1', '1 1', '01 001'];
    expect(observedEpisodeInterval({ outcomes, stopping: 'untilSuccess', model: 'aic' }, 4, 'coverage', true)).not.toBeNull();
    const { rows } = runLog(outcomes, 'untilSuccess');
    expect(rows.map((row) => row.basis)).toEqual(['observed', 'observed', 'observed', 'model']);
    expect(rows.map((row) => fromLog(row.coverage.interval))).toEqual([true, true, true, false]);
  });

  it('a k within the log that one short episode leaves open: coverage and 1 − coverage from the draws', () => {
    // Task 2's episode '00' ends before k = 3 without a success, so the log does not observe coverage at
    // k = 3 (null): coverage, delivered correct and abstained (1 − coverage) take the draws' interval.
    const outcomes = ['110', '00', '001', '01', '100', '010', '111', '10', '001', '101', '011', '000'];
    expect(observedEpisodeInterval(fixed(outcomes), 3, 'coverage', true)).toBeNull();
    const { rows } = runLog(outcomes, 'fixed');
    for (const metric of ['coverage', 'deliveredCorrect', 'abstained'] as const) {
      expect(
        rows.map((row) => fromLog(row[metric].interval)),
        metric,
      ).toEqual([true, true, false, false]);
    }
  });
});
