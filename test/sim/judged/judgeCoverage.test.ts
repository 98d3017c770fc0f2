import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the benchmark scripts (built code; `pnpm test` builds first).
import { measureJudgeCell } from '../../../bench/judgeCoverageCells.mjs';

// The judge coverage study (pnpm bench:judge-coverage, docs/judge-correction.md) reduced to one cell
// of its grid: 50 tasks from Beta(1.8, 1.2), n = 5, a judge with false accept 5 % and false reject
// 20 %, 15 tasks audited. D = 1900 datasets, so 4 SE of a coverage of 95 % is 4·√(0.95·0.05/D) = 2.0
// points: the corrected interval must cover within [94 %, 97 %] widened by that; the judge-only
// interval (the verdicts taken as the truth) must fail far below it (measured 28 % and 16 %).
const DATASETS = 1900;
const SE = Math.sqrt((0.95 * 0.05) / DATASETS);

type Record = { metric: string; corrected: { coverage: number }; judgeOnly: { coverage: number } };

describe('coverage of the judge-corrected interval (reduced study)', { timeout: 120_000 }, () => {
  const records = measureJudgeCell({ falseAccept: 0.05, falseReject: 0.2, auditFraction: 0.3, T: 50, datasets: DATASETS, seed: 'ci' }) as Record[];
  for (const metric of ['passAtK', 'passHatK']) {
    it(`${metric === 'passAtK' ? 'pass@1' : 'pass^3'}: corrected in [94 %, 97 %] ± 4 SE, judge only far below`, () => {
      const record = records.find((r) => r.metric === metric)!;
      expect(record.corrected.coverage).toBeGreaterThanOrEqual(0.94 - 4 * SE);
      expect(record.corrected.coverage).toBeLessThanOrEqual(0.97 + 4 * SE);
      expect(record.judgeOnly.coverage).toBeLessThan(0.5);
    });
  }
});
