import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the study scripts (built code; `pnpm test` builds first).
import { evenShiftTruth, oneRunTruths, realRoot, runOneRunPilots, runRealPilots, terminalBenchPairs } from '../../../bench/decisions/planPower.mjs';

// The real-pilot cells of pnpm decision-study:plan (docs/planning.md) in a reduced form: the truth is
// the 80 Terminal-Bench pairs (qwen-3-coder-480B → claude-4-sonnet, rates c/5), each pilot 80 tasks
// drawn from it with 5 fresh trials per agent. Over the pilots, the mean power the plan promises and
// the mean power compare's verdict delivers at the planned design under the truth agree within
// 4 SE of their mean difference (its sd over pilots / √pilots: pilot sampling and Monte Carlo error
// together), and the 80 % interval of the promise covers the delivered power within 4 binomial SE of
// 80 %. Skipped without the real logs (../shared/data/real or /work/shared/data/real).

type Summary = { pilots: number; promised: number; delivered: number; differenceSe: number; coverage: number };
const root = realRoot() as string | undefined;
const PILOTS = 10;

describe.skipIf(root === undefined)('plan compare --pilot on real pilots (reduced decision study)', () => {
  it('80-task pilots, pass@1 at 1 trial: promised vs delivered within 4 SE; interval coverage near 80 %', () => {
    const sizes = { pilots: PILOTS, trials: [1], simulations: 60, draws: 12, drawExperiments: 20, delivered: 150 };
    const { summaries } = runRealPilots(terminalBenchPairs(root), 80, sizes) as { summaries: Summary[] };
    const summary = summaries[0]!;
    expect(summary.pilots).toBe(PILOTS);
    expect(Math.abs(summary.promised - summary.delivered)).toBeLessThan(4 * summary.differenceSe);
    expect(Math.abs(summary.coverage - 0.8)).toBeLessThan(4 * Math.sqrt((0.8 * 0.2) / PILOTS));
  }, 600_000);
});

// The one-run cells (docs/planning.md, "One run and the true gain"), reduced: pilots of A alone and
// the true Δ. On a real pair (Terminal-Bench qwen → sonnet) the default `independent` gain model
// must not over-promise: mean delivered ≥ mean promised − 4 SE (its SE over pilots). On a synthetic
// truth where B gains evenly (one log-odds shift, evenShiftTruth: the script's own bisection), the
// `shift` model's promise matches what is delivered within 4 SE.
type OneRun = { pilots: number; promised: number; delivered: number; differenceSe: number };
const ONE_RUN = { pilots: 6, simulations: 60, delivered: 150 };

describe('plan compare --pilot A --delta: the gain models against known truths (reduced decision study)', () => {
  it('even shift: the shift model promises what it delivers', () => {
    const summary = runOneRunPilots(evenShiftTruth(0.5, 2, 0.15), 80, ONE_RUN, undefined, 'shift') as OneRun;
    expect(summary.pilots).toBe(ONE_RUN.pilots);
    expect(Math.abs(summary.promised - summary.delivered)).toBeLessThan(4 * summary.differenceSe);
  }, 900_000);

  it.skipIf(root === undefined)(
    'real pair: the independent model (the default) does not over-promise',
    () => {
      const summary = runOneRunPilots(oneRunTruths(root)['tb-sonnet'](), 80, ONE_RUN, undefined, undefined) as OneRun;
      expect(summary.pilots).toBe(ONE_RUN.pilots);
      expect(summary.delivered).toBeGreaterThan(summary.promised - 4 * summary.differenceSe);
    },
    900_000,
  );
});
