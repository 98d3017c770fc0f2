import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fitDependence } from '../../../packages/sim/src/dependence/fitDependence.js';
import { predictDependentPassAtK } from '../../../packages/sim/src/dependence/predictDependentPassAtK.js';
import type { TaskEpisodes } from '../../../packages/sim/src/dependence/types.js';

// Retry dependence on the public retry logs of ../shared/data/real (README there: Aider's 2 tries,
// LDB's debug loop); not copied into the repository (the Aider folder has no licence). Skips when absent.
const REAL = join(import.meta.dirname, '../../../../shared/data/real');
const present = existsSync(join(REAL, 'README.md'));

/** Aider: per exercise in run order, its first- and second-try outcome from the cumulative pass counts. */
function aiderEpisodes(): TaskEpisodes[] {
  const text = readFileSync(join(REAL, 'aider-polyglot-qwen3.6-35b-a3b-q8/aider.computed.yaml'), 'utf8');
  const first = [...text.matchAll(/^ {2}pass_num_1: (\d+)$/gm)].map((m) => Number(m[1]));
  const second = [...text.matchAll(/^ {2}pass_num_2: (\d+)$/gm)].map((m) => Number(m[1]));
  return first.map((n1, r) => {
    const try1 = n1 - (r === 0 ? 0 : first[r - 1]) === 1;
    const try2 = second[r] - (r === 0 ? 0 : second[r - 1]) === 1;
    return { episodes: [try1 ? [true] : [false, try2]] };
  });
}

/** LDB: per task, visible-test verdicts of attempts 1.. until the first pass (test_feedback[i] empty = pass). */
function ldbEpisodes(model: string): TaskEpisodes[] {
  const lines = readFileSync(join(REAL, `ldb-mbpp-debug-iterations/results-${model}.jsonl`), 'utf8')
    .trim()
    .split('\n');
  return lines.map((line) => {
    const record = JSON.parse(line) as { task_id: string; test_feedback: unknown[][] };
    const outcomes = record.test_feedback.map((failed) => failed.length === 0);
    const first = outcomes.indexOf(true);
    return { id: record.task_id, episodes: [first < 0 ? outcomes : outcomes.slice(0, first + 1)] };
  });
}

describe.skipIf(!present)('retry dependence on the public retry logs', () => {
  it('Aider (225 exercises, 2 tries): 81 / 74 / 70 as published; feedback chosen, afterFailure > 0 (retries learn from the test output)', () => {
    const tasks = aiderEpisodes();
    const fit = fitDependence(tasks, { stopping: 'untilSuccess', confidence: 0.95, seed: 1 });
    expect(fit.hazard).toEqual([
      { attempt: 1, atRisk: 225, successes: 81 },
      { attempt: 2, atRisk: 144, successes: 74 },
    ]);
    expect(fit.chosen).toBe('feedback');
    expect(fit.test!.pValue).toBeLessThan(0.01);
    const feedback = fit.models.find((m) => m.model === 'feedback')!;
    // The feedback fit reproduces P(pass 2 | fail 1) = 74/144 = 0.5139 exactly (3 parameters, 2 free cell probabilities).
    expect(feedback.hazard[1]).toBeCloseTo(74 / 144, 6);
    expect(feedback.parameters.afterFailure.lower).toBeGreaterThan(0);
    expect(predictDependentPassAtK(fit, 'feedback', [2])[0].passAtK).toBeCloseTo(155 / 225, 6);
  });

  it('LDB gpt-3.5 (500 tasks, up to 10 attempts): 391/500, 27/109, 7/82, … as published; the fitted models', () => {
    const fit = fitDependence(ldbEpisodes('gpt-3.5-turbo-0613'), { stopping: 'untilSuccess', confidence: 0.95, seed: 1 });
    expect(fit.hazard.map((row) => `${row.successes}/${row.atRisk}`)).toEqual([
      '391/500',
      '27/109',
      '7/82',
      '4/75',
      '6/71',
      '0/65',
      '1/65',
      '0/64',
      '1/64',
      '0/63',
    ]);
    expect(fit.chosen).toBe('feedback');
    const feedback = fit.models.find((m) => m.model === 'feedback')!;
    expect(feedback.parameters.afterFailure.upper).toBeLessThan(0);
  });
});

describe.skipIf(present)('retry dependence on the public retry logs (skipped)', () => {
  it('skips: ../shared/data/real is absent on this machine', () => {
    expect(present).toBe(false);
  });
});
