import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The committed Python references re-compute the expected values of the fixtures from the fixture
// files and compare them with the committed JSON (`--check`). They test the fixtures, not passk
// (compareRuns.python.test.ts and compare.test.ts check passk against the JSON), so they run with
// the slow suite (`pnpm test:slow`, ~20 s each), which CI runs too. Skipped without numpy and scipy.
const COMPARE = new URL('../fixtures/compare/', import.meta.url);
const hasScipy = spawnSync('python3', ['-c', 'import numpy, scipy']).status === 0;

describe.runIf(hasScipy)('the committed references reproduce their fixtures', () => {
  it.each([
    ['expected.json', 'reference.py'],
    ['benchmark-expected.json', 'benchmark_reference.py'],
  ])('compare/%s is what compare/%s computes from the fixtures (--check)', (_json, script) => {
    const run = spawnSync('python3', [fileURLToPath(new URL(script, COMPARE)), '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
