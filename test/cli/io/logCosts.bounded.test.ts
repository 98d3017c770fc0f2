import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { passk } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

// Per-attempt costs are summarised as they stream (issue 43): sums and per-task sums exactly as
// before, and the empirical distribution that `fit --out` writes within a fixed size. Expected values
// from Python (python3 below): the per-attempt mean from the streamed sum, a left-to-right fold in
// reading order (functools.reduce, not sum(), which compensates since 3.12); the task-averaged mean
// from math.fsum (passk's mean over tasks is compensated, math/meanAndSe.ts); the quantiles and
// ranks from the sorted costs.

/** A log of `rows` attempts over 400 tasks, each with a cost > 0; returns its path. */
function costLog(dir: string, rows: number): string {
  const file = join(dir, 'costs.csv');
  const lines = ['task,success,cost'];
  for (let i = 0; i < rows; i++) lines.push(`t${i % 400},${(i * 7) % 10 < 4 ? 1 : 0},${(((i * 7919) % 10007) + 1) / 1000}`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const PYTHON = `
import csv, functools, json, math, operator, sys
rows = list(csv.DictReader(open(sys.argv[1])))
costs = [float(r["cost"]) for r in rows]
tasks = {}
for r in rows:
    s, c = tasks.get(r["task"], (0.0, 0))
    tasks[r["task"]] = (s + float(r["cost"]), c + 1)
total = functools.reduce(operator.add, costs, 0.0)
averaged = math.fsum([s / c for s, c in tasks.values()]) / len(tasks)
ordered = sorted(costs)
n = len(costs)
quantiles = [ordered[int((i + 0.5) / 1000 * n)] for i in range(1000)]
written = json.loads(sys.argv[2]) if len(sys.argv) > 2 else []
# Per written value v: the ranks it holds in the sorted costs, [#(x < v), #(x <= v) - 1].
import bisect
ranks = [[bisect.bisect_left(ordered, v), bisect.bisect_right(ordered, v) - 1] for v in written]
print(json.dumps({"perAttempt": total / n, "averaged": averaged, "quantiles": quantiles, "ranks": ranks, "n": n}))
`;

function python(file: string, written?: number[]): { perAttempt: number; averaged: number; quantiles: number[]; ranks: [number, number][]; n: number } {
  const args = ['-c', PYTHON, file, ...(written === undefined ? [] : [JSON.stringify(written)])];
  return JSON.parse(spawnSync('python3', args, { encoding: 'utf8', maxBuffer: 1 << 26 }).stdout);
}

/** The cost values `fit --out` wrote into the scenario. */
function fittedCosts(path: string): number[] {
  const text = readFileSync(path, 'utf8');
  const block = /perAttempt:\n\s+dist: empirical\n\s+values:\n((?:\s+- .+\n)+)/.exec(text);
  return block![1]!
    .trim()
    .split('\n')
    .map((line) => Number(line.trim().slice(2)));
}

describe('per-attempt costs in bounded memory', () => {
  it('3 000 costs (under the 16 384 kept exactly): estimate means and fit --out quantiles as Python computes them, no sketch note', async () => {
    const dir = tempDir('costs-exact');
    const file = costLog(dir, 3000);
    const expected = python(file);
    const json = JSON.parse((await passk('estimate', file, '--cost-col', 'cost', '--json', '--k', '1', '--bootstrap', '0')).stdout);
    expect(json.cost.perAttempt).toBe(expected.perAttempt);
    expect(json.cost.perAttemptTaskAveraged).toBe(expected.averaged);
    const out = join(dir, 'fitted.yaml');
    const run = await passk('fit', file, '--cost-col', 'cost', '--out', out);
    expect(run.stderr).toContain('empirical per-attempt cost (3000 attempts, column "cost") instead of');
    expect(fittedCosts(out)).toEqual(expected.quantiles);
  });

  it('40 000 costs: the sums exact, each written quantile within the stated rank error (2 compactions of weight 1: 0.0050 %), the same bytes every run', async () => {
    const dir = tempDir('costs-sketch');
    const file = costLog(dir, 40_000);
    const json = JSON.parse((await passk('estimate', file, '--cost-col', 'cost', '--json', '--k', '1', '--bootstrap', '0')).stdout);
    const out = join(dir, 'fitted.yaml');
    const run = await passk('fit', file, '--cost-col', 'cost', '--out', out);
    // Level 0 (16 384 values) compacts at the 16 385th and the 32 769th cost: E = 2 ranks, 2/40 000 = 0.0050 %.
    expect(run.stderr).toContain(
      'empirical per-attempt cost (40000 attempts, column "cost"; its 1000 quantiles from a fixed-size sketch, each within 0.0050 % in probability) instead of',
    );
    const written = fittedCosts(out);
    const expected = python(file, written);
    expect(json.cost.perAttempt).toBe(expected.perAttempt);
    expect(json.cost.perAttemptTaskAveraged).toBe(expected.averaged);
    expect(written).toHaveLength(1000);
    written.forEach((_, i) => {
      const target = Math.floor(((i + 0.5) / 1000) * expected.n);
      const [lowest, highest] = expected.ranks[i]!;
      expect(target, `quantile ${i}`).toBeGreaterThanOrEqual(lowest - 2);
      expect(target, `quantile ${i}`).toBeLessThanOrEqual(highest + 2);
    });
    const again = join(dir, 'again.yaml');
    await passk('fit', file, '--cost-col', 'cost', '--out', again);
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(out, 'utf8').replaceAll('fitted.yaml', 'again.yaml'));
  });
});
