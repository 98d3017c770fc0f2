import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Part of the slow suite (pnpm test:slow, run by CI): the reduced decision study of the extrapolation
// rule, moved out of extrapolation.test.ts (which pins fitTasks' predictions against
// test/reference/extrapolation_reference.py).
// The reduced decision study (bench/decisions/extrapolation.mjs reads the compiled library: run after `pnpm build`).
const REAL = join(import.meta.dirname, '../../../../shared/data/real');
const study = existsSync(join(import.meta.dirname, '../../../packages/sim/dist/internal.js'))
  ? ((await import('../../../bench/decisions/extrapolation.mjs')) as typeof import('../../../bench/decisions/extrapolation.mjs'))
  : null;

describe.skipIf(study === null)('decision study, reduced', () => {
  it('a two-point population (200 tasks × 5, misspecified for both models): coverage at k = 10 and 20 within 4 SE of 95 % after', () => {
    const population = study!.POPULATIONS.find((p) => p.name.startsWith('two-point'))!;
    const result = study!.syntheticStudy({ population, tasks: 200, n: 5, replicates: 30 });
    for (const k of ['10', '20']) {
      const after = result.after[k];
      const se = Math.sqrt((0.95 * 0.05) / after.count);
      expect(after.inside / after.count).toBeGreaterThanOrEqual(0.95 - 4 * se);
    }
    // Before (the model alone) misses at k = 20: the reason for the rule.
    const before = result.before['20'];
    expect(before.inside / before.count).toBeLessThan(0.95 - 4 * Math.sqrt((0.95 * 0.05) / before.count));
  });

  it.skipIf(!existsSync(join(REAL, 'README.md')))(
    'CRUXEval input cut to its first 2 trials: pass@10 47.5 % inside after (the audit: [35.8, 43.0] before)',
    () => {
      const log = study!.readRealLogs(REAL).find((l) => l.name.startsWith('CRUXEval input'))!;
      const [row] = study!.truncationStudy(log, [2], 'first');
      expect(row!.atN.observed).toBeCloseTo(0.475, 12);
      expect(row!.atN.before!.upper).toBeLessThan(0.475);
      expect(row!.atN.after!.lower).toBeLessThanOrEqual(0.475);
      expect(row!.atN.after!.upper).toBeGreaterThanOrEqual(0.475);
    },
  );

  it.skipIf(!existsSync(join(REAL, 'README.md')))(
    'CRUXEval input cut to its first 5 trials: runs in the trial order, refused (the model alone: 0 of 10 inside)',
    () => {
      const log = study!.readRealLogs(REAL).find((l) => l.name.startsWith('CRUXEval input'))!;
      const [row] = study!.truncationStudy(log, [5], 'first');
      expect(row!.runs!).toBeLessThan(-1.96);
      expect(row!.decisions).toEqual(['refused']);
      expect(row!.before.inside).toBe(0);
    },
  );

  it.skipIf(!existsSync(join(REAL, 'README.md')))('HumanEval cut to 2, 3, 5 trials: every interval still holds after', () => {
    const log = study!.readRealLogs(REAL).find((l) => l.name.startsWith('HumanEval'))!;
    for (const row of study!.truncationStudy(log, [2, 3, 5], 'first')) expect(row.after.inside).toBe(row.after.count);
  });
});
