import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CompareDocument } from '../../../packages/cli/src/format/compareDocument.js';
import { passk, REPO_ROOT } from '../../helpers/runPassk.js';

// Conformance on published logs in ../shared/data/real (not copied into the repository; see its README).
// The expected paired differences and SEs are computed here directly from the raw files, apart from passk:
// per task n and c, C(m, k)/C(n, k) as a product, d_t = θ_B,t − θ_A,t, mean and sd(d, ddof = 1)/√T.
const REAL = `${REPO_ROOT}../shared/data/real/`;
const present = existsSync(REAL);
if (!present) console.warn(`compare conformance skipped: ${REAL} is absent`);

const ratio = (n: number, m: number, k: number): number => {
  if (k > m) return 0;
  let r = 1;
  for (let j = 0; j < k; j++) r *= (m - j) / (n - j);
  return r;
};
const at = (n: number, c: number, k: number) => 1 - ratio(n, n - c, k);
const hat = (n: number, c: number, k: number) => ratio(n, c, k);

function paired(a: Map<string, [number, number]>, b: Map<string, [number, number]>, f: (n: number, c: number, k: number) => number, k: number) {
  const d = [...a].filter(([id]) => b.has(id)).map(([id, [n, c]]) => f(...b.get(id)!, k) - f(n, c, k));
  const mean = d.reduce((s, x) => s + x, 0) / d.length;
  const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / (d.length - 1));
  return { tasks: d.length, difference: mean, se: sd / Math.sqrt(d.length) };
}

/** Terminal-Bench results.json: per task (n, c); is_resolved null (timeouts, agent errors) counts as a failure, as the harness does. */
function terminalBench(file: string): Map<string, [number, number]> {
  const counts = new Map<string, [number, number]>();
  for (const result of (JSON.parse(readFileSync(REAL + file, 'utf8')) as { results: { task_id: string; is_resolved: boolean | null }[] }).results) {
    const [n, c] = counts.get(result.task_id) ?? [0, 0];
    counts.set(result.task_id, [n + 1, c + (result.is_resolved === true ? 1 : 0)]);
  }
  return counts;
}

function checkAgainst(document: CompareDocument, a: Map<string, [number, number]>, b: Map<string, [number, number]>, ks: number[]): void {
  const [comparison] = document.comparisons;
  expect(comparison!.pairing.mode).toBe('paired');
  ks.forEach((k, i) => {
    for (const [key, f] of [
      ['passAtK', at],
      ['passHatK', hat],
    ] as const) {
      const direct = paired(a, b, f, k);
      const metric = comparison!.rows[i]![key]!;
      expect(comparison!.rows[i]!.tasks.baseline).toBe(direct.tasks);
      expect(metric.difference).toBeCloseTo(direct.difference, 12);
      expect(metric.se!).toBeCloseTo(direct.se, 12);
    }
  });
}

describe.skipIf(!present)('compare on real logs (../shared/data/real)', () => {
  it('Terminal-Bench orchestrator: claude-4-sonnet against claude-4.1-opus, 80 tasks × 5', async () => {
    const sonnet = 'terminal-bench-orchestrator-claude-4-sonnet.json';
    const opus = 'terminal-bench-orchestrator-claude-4.1-opus.json';
    const run = await passk('compare', REAL + sonnet, REAL + opus, '--k', '1,2,4,5', '--bootstrap', '0', '--json');
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as CompareDocument;
    checkAgainst(document, terminalBench(sonnet), terminalBench(opus), [1, 2, 4, 5]);
    const row1 = document.comparisons[0]!.rows[0]!.passAtK!;
    // The harness's published pass@1 (README of data/real): 0.36 and 0.3975.
    expect(row1.baseline.value).toBeCloseTo(0.36, 12);
    expect(row1.candidate.value).toBeCloseTo(0.3975, 12);
    expect(document.comparisons[0]!.rows[0]!.tasks.baseline).toBe(80);
    // Pairing: the unpaired √(SE_A² + SE_B²) a reader would eyeball from the two runs is 2.57× the paired SE
    // (python: u/p with p = np.std(vb - va, ddof=1)/√80, u = √(var(va)/80 + var(vb)/80) at k = 1).
    expect(Math.hypot(row1.baseline.se!, row1.candidate.se!) / row1.se!).toBeCloseTo(2.57, 2);
  });

  it('eval-arena CRUXEval-input: codellama-13b against -7b, per-task rates pass1 with n = 10, 800 tasks', async () => {
    const file = 'eval-arena-cruxeval-input-codellama-7b-13b.jsonl';
    const byModel = new Map<string, Map<string, [number, number]>>();
    for (const line of readFileSync(REAL + file, 'utf8')
      .trim()
      .split('\n')) {
      const row = JSON.parse(line) as { model: string; example_id: string; pass1: number };
      if (!byModel.has(row.model)) byModel.set(row.model, new Map());
      byModel.get(row.model)!.set(row.example_id, [10, Math.round(row.pass1 * 10)]);
    }
    const run = await passk(
      'compare',
      REAL + file,
      '--by',
      'model',
      '--baseline',
      'codellama-13b',
      '--rate-col',
      'pass1',
      '--rate-n',
      '10',
      '--task-col',
      'example_id',
      '--k',
      '1,5,10',
      '--bootstrap',
      '0',
      '--json',
    );
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as CompareDocument;
    expect(document.comparisons[0]!.candidate).toBe('codellama-7b');
    checkAgainst(document, byModel.get('codellama-13b')!, byModel.get('codellama-7b')!, [1, 5, 10]);
    // Published pass@1 of codellama-7b (eval-arena model_table.csv): 0.3595.
    expect(document.comparisons[0]!.rows[0]!.passAtK!.candidate.value).toBeCloseTo(0.3595, 12);
  });
});
