import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, passk } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

describe('passk report on compare results', () => {
  it('leads with the answer, then the pairing, the table, the per-task changes and the charts', async () => {
    const dir = tempDir('compare-report');
    const json = join(dir, 'compare.json');
    const run = await passk('compare', fixture('compare/small-a.csv'), fixture('compare/small-b.csv'), '--k', '1..4', '--bootstrap', '0', '--json');
    writeFileSync(json, run.stdout);
    const out = join(dir, 'report.html');
    const report = await passk('report', json, '--out', out);
    expect(report.code).toBe(0);
    const page = readFileSync(out, 'utf8');
    const section = page.slice(page.indexOf('<h2', page.indexOf('Comparison: small-b against small-a')));
    const order = [
      // The interval of reference.py (difference_interval, pass^3): [−0.03404, 0.36764]; its exact trial-permutation p = 0.136.
      '<p class="lead"><strong>No clear difference between small-b and small-a at pass^3: B − A = +17.4 pt (95% paired interval [−3.4, +36.8] pt, p = 0.136, 11 tasks).</strong>',
      'Paired by task over the 11 tasks both runs have (1 only in small-a, 1 only in small-b, never used).',
      '95% two-sided intervals of B − A',
      'Largest per-task changes',
      'Flips: 0 fixed',
      'the paired difference against k',
    ].map((text) => section.indexOf(text));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The table has both intervals of B − A, and the method notes say what each is about.
    expect(section).toMatch(/<th[^>]*>CI \(tasks\)<\/th>\s*<th[^>]*>CI \(trials\)<\/th>/);
    expect(section).toMatch(/CI \(tasks\)<\/dt>\s*<dd>for the task population: tasks like these/);
    expect(section).toMatch(/CI \(trials\)<\/dt>\s*<dd>for this benchmark: the same tasks rerun by both agents/);
  });
});
