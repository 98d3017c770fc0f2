import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `node bench/coverage.mjs --noise` (issue #42, cells3 round): writes compare records' `noise` fields
// into --out on the study's own datasets. Bad options fail in one line, exit 2, before anything is
// measured, and leave --out as it was.
describe('coverage study --noise: bad options', () => {
  const dir = mkdtempSync(join(tmpdir(), 'passk-coverage-noise-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const study = join(dir, 'study.json');
  const text = `${JSON.stringify({ datasets: 200, seed: '1', cells: [], compare: { datasets: 200, seed: '1', cells: [] } })}\n`;
  writeFileSync(study, text);
  const run = (...args: string[]) => spawnSync(process.execPath, ['bench/coverage.mjs', '--quick', '--workers', '1', ...args], { encoding: 'utf8' });

  it.each([
    [['--noise', '--only', 'population'], '--noise measures the compare cells alone: use it with --only compare (and without --narrower)'],
    [['--noise', '--only', 'compare', '--narrower'], '--noise measures the compare cells alone: use it with --only compare (and without --narrower)'],
    [['--noise', '--only', 'compare', '--datasets', '100'], "--noise: measure the study's own datasets (--datasets 200 --first 0 --seed 1)"],
    [['--noise', '--only', 'compare', '--datasets', '200', '--seed', '2'], "--noise: measure the study's own datasets (--datasets 200 --first 0 --seed 1)"],
  ])('%j', (args, message) => {
    const result = run(...args, '--out', study);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`coverage-study: ${message}\n`);
    expect(result.stdout).toBe('');
    expect(readFileSync(study, 'utf8')).toBe(text);
  });

  it('an --out that cannot be read: one line naming it', () => {
    const missing = join(dir, 'missing.json');
    const result = run('--noise', '--only', 'compare', '--datasets', '200', '--out', missing);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`^coverage-study: --out ${missing.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: cannot read the study \\(ENOENT[^\\n]*\\)\\n$`),
    );
  });
});
