import type { Scenario } from '@passk/sim/internal';
import type { SimulateDocument } from '../../packages/cli/src/results/simulateSchema.js';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, passk, passkWide, passkProcess, type CliRun } from '../helpers/runPassk.js';

// `passk simulate` in-process (from source, --workers 1: worker threads need the built JS; the
// worker/process-level checks are in simulate.determinism and simulate.interrupt).
// small.yaml: 5 tasks, K = 6, 2 100 replicates, imperfect verifier, lognormal cost (fast path);
// general.yaml: 3 tasks, K = 4, 700 replicates on the general path (resample, markov, budget).
const SMALL = fixture('scenarios-cli/small.yaml');
const GENERAL = fixture('scenarios-cli/general.yaml');
const METRICS = [
  'coverage',
  'passHatK',
  'deliveredCorrect',
  'deliveredWrong',
  'abstained',
  'attempts',
  'cost',
  'costPerCorrect',
  'latency',
  'costOverCap',
  'costOvershoot',
  'latencyOverCap',
  'latencyOvershoot',
] as const;
const SECTIONS = ['The attempt process', 'What users get with at most k attempts', 'What it costs per episode'];

// The document's own type (its schema); the scenario in it is the resolved scenario.
type SummaryJson = SimulateDocument & { readonly scenario: Scenario };

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'passk-simulate-'));
  dirs.push(dir);
  return dir;
}

async function simulate(...args: string[]): Promise<CliRun> {
  return passk('simulate', ...args, '--workers', '1');
}

async function simulateJson(...args: string[]): Promise<{ run: CliRun; doc: SummaryJson }> {
  const run = await simulate(...args, '--json');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return { run, doc: JSON.parse(run.stdout) as SummaryJson };
}

/** Every key of a JSON value, at any depth. */
function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, v]) => [key, ...allKeys(v)]);
  return [];
}

/** Files under a folder, recursively (relative names). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' });
}

/** The CLI's error contract: exit 2, nothing on stdout, exactly one line on stderr, no stack trace. */
function expectOneLineError(run: CliRun, message: RegExp): void {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.endsWith('\n')).toBe(true);
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expect(run.stderr).not.toMatch(/\n\s+at |internal error/);
}

describe('simulate --json: the result contract', () => {
  it('{ seed, scenario, rows } with one row per k = 1..K of thirteen { value, se, exact } metrics', async () => {
    const { doc } = await simulateJson(SMALL);
    expect(doc.seed).toBe(7); // small.yaml: seed 7
    expect(doc.scenario.name).toBe('cli small');
    expect(doc.scenario.run.replicates).toBe(2100);
    expect(doc.replicates).toEqual({ requested: 2100, done: 2100 });
    expect(doc.complete).toBe(true);
    expect(doc.rows.map((r) => r.k)).toEqual([1, 2, 3, 4, 5, 6]); // policy.maxAttempts: 6
    for (const row of doc.rows) {
      expect(Object.keys(row).sort()).toEqual(['k', ...METRICS].sort());
      for (const metric of METRICS) {
        expect(Object.keys(row[metric]!).sort()).toEqual(['exact', 'se', 'value']);
        // small.yaml has no budget: its over-cap figures are null (value, se and exact).
        const budgeted = /Over|Overshoot/.test(metric) ? null : 'number';
        expect(row[metric]!.value === null ? null : typeof row[metric]!.value).toBe(budgeted);
        expect(row[metric]!.se === null ? null : typeof row[metric]!.se).toBe(budgeted);
      }
    }
  });

  it('carries no timing or host fields, so equal runs give equal bytes', async () => {
    for (const file of [SMALL, GENERAL]) {
      const { doc } = await simulateJson(file, '--pilot-trials', '3');
      const keys = allKeys(doc);
      expect(keys).toContain('rows');
      expect(keys.filter((key) => /time|host|duration|date/i.test(key))).toEqual([]);
    }
  });

  it('delivered correct + delivered wrong + abstained = 1 for every k, simulated and exact', async () => {
    // Each episode ends in exactly one of the three outcomes, so the three counts sum to R·T:
    // the simulated shares sum to 1 up to the rounding of three divisions and two additions
    // (≤ 2.5 ε); the closed forms are separate formulas, equal to 1 up to the rounding of a few
    // dozen operations (1e-12).
    for (const file of [SMALL, GENERAL]) {
      const { doc } = await simulateJson(file);
      for (const row of doc.rows) {
        const parts = [row.deliveredCorrect!, row.deliveredWrong!, row.abstained!];
        expect(Math.abs(parts.reduce((sum, e) => sum + e.value!, 0) - 1)).toBeLessThanOrEqual(3 * Number.EPSILON);
        if (parts.every((e) => e.exact !== null)) {
          expect(Math.abs(parts.reduce((sum, e) => sum + e.exact!, 0) - 1)).toBeLessThan(1e-12);
        }
      }
    }
  });

  it('rows obey the per-episode identities of the attempt process', async () => {
    // Per episode: one attempt makes coverage@1 = pass^1 and attempts = 1 (sequential policy);
    // coverage@k never falls and pass^k never rises with k (first k attempts of one sequence);
    // a correct delivery needs a correct attempt (deliveredCorrect ≤ coverage).
    const { doc } = await simulateJson(SMALL);
    const [first] = doc.rows;
    expect(first!.coverage!.value).toBe(first!.passHatK!.value);
    expect(first!.attempts!.value).toBe(1);
    doc.rows.forEach((row, i) => {
      expect(row.deliveredCorrect!.value!).toBeLessThanOrEqual(row.coverage!.value!);
      if (i > 0) {
        expect(row.coverage!.value!).toBeGreaterThanOrEqual(doc.rows[i - 1]!.coverage!.value!);
        expect(row.passHatK!.value!).toBeLessThanOrEqual(doc.rows[i - 1]!.passHatK!.value!);
      }
    });
  });

  it('simulated values agree with the closed forms within 5 SE', async () => {
    for (const file of [SMALL, GENERAL]) {
      const { doc } = await simulateJson(file);
      let compared = 0;
      for (const row of doc.rows) {
        for (const metric of METRICS) {
          const { value, se, exact } = row[metric]!;
          if (exact === null || se === null || se === 0) continue;
          expect(Math.abs(value! - exact)).toBeLessThanOrEqual(5 * se);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(doc.rows.length);
    }
  });

  it('--seed overrides the file seed (integer or text) and keeps everything else', async () => {
    const { run: base } = await simulateJson(SMALL);
    const { run: same } = await simulateJson(SMALL, '--seed', '7');
    // The same numbers to the byte; only the recorded command differs (it names --seed 7).
    expect(withoutProvenance(same.stdout)).toBe(withoutProvenance(base.stdout));
    const { doc: text } = await simulateJson(SMALL, '--seed', 'nightly');
    expect(text.seed).toBe('nightly');
    expect(text.scenario.name).toBe('cli small');
  });

  it('--replicates overrides run.replicates', async () => {
    const { doc } = await simulateJson(SMALL, '--replicates', '128');
    expect(doc.replicates).toEqual({ requested: 128, done: 128 });
    expect(doc.scenario.run.replicates).toBe(128);
  });
});

describe('simulate --csv', () => {
  it('a header and one row per k, with the same numbers as --json', async () => {
    const { doc } = await simulateJson(SMALL);
    const run = await simulate(SMALL, '--csv');
    expect(run.code).toBe(0);
    const [header, ...lines] = run.stdout.trimEnd().split('\n');
    const columns = header!.split(',');
    expect(columns).toEqual(['k', ...METRICS.flatMap((m) => [m, `${m}_se`, `${m}_exact`])]);
    expect(lines).toHaveLength(6);
    lines.forEach((line, i) => {
      const cells = line.split(',');
      expect(cells).toHaveLength(columns.length);
      const row = doc.rows[i]!;
      expect(Number(cells[0])).toBe(row.k);
      METRICS.forEach((metric, m) => {
        const { value, se, exact } = row[metric]!;
        const cell = (x: number | null) => (x === null ? '' : String(x));
        expect(cells.slice(1 + 3 * m, 4 + 3 * m)).toEqual([cell(value), cell(se), cell(exact)]);
      });
    });
  });
});

describe('simulate --pilot-trials', () => {
  it('adds a pilot with rows k ≤ trials, its truth the simulated rows', async () => {
    const { doc } = await simulateJson(SMALL, '--pilot-trials', '5');
    const pilot = doc.pilot!;
    expect(pilot.trials).toBe(5);
    expect(pilot.design).toBe('separateEpisodes');
    expect(pilot.successes).toHaveLength(5); // one count per task
    expect(pilot.rows.map((r) => r.k)).toEqual([1, 2, 3, 4, 5]);
    for (const row of pilot.rows) {
      expect(row.truth!.coverage).toEqual(doc.rows[row.k - 1]!.coverage);
      expect(row.truth!.passHatK).toEqual(doc.rows[row.k - 1]!.passHatK);
      // Closed forms of the pilot's own counts: unbiased pass@k = mean_t 1 − C(n − c_t, k)/C(n, k)
      // (Chen et al. 2021) and the pooled 1 − (1 − p̄)^k, p^k with p̄ = Σc/(n·T).
      const choose = (n: number, k: number) => (k > n ? 0 : Array.from({ length: k }, (_, i) => (n - i) / (i + 1)).reduce((a, b) => a * b, 1));
      const unbiased = pilot.successes.reduce((sum, c) => sum + 1 - choose(5 - c, row.k) / choose(5, row.k), 0) / 5;
      expect(row.passAtK!.value).toBeCloseTo(unbiased, 12);
      const mean = pilot.successes.reduce((a, b) => a + b, 0) / 25;
      expect(pilot.meanRate).toBeCloseTo(mean, 12);
      expect(row.pooledIndependence.passAtK).toBeCloseTo(1 - (1 - mean) ** row.k, 12);
      expect(row.pooledIndependence.passHatK).toBeCloseTo(mean ** row.k, 12);
    }
    const { doc: episode } = await simulateJson(SMALL, '--pilot-trials', '5', '--pilot-design', 'episode');
    expect(episode.pilot!.design).toBe('oneEpisode');
    // The pilot is an addition: the simulated rows are those of the run without it.
    expect(episode.rows).toEqual(doc.rows);
  });

  it('trials beyond K give rows up to K only', async () => {
    const { doc } = await simulateJson(GENERAL, '--pilot-trials', '10');
    expect(doc.pilot!.rows.map((r) => r.k)).toEqual([1, 2, 3, 4]); // general.yaml: maxAttempts 4
  });
});

describe('simulate --out', () => {
  it('writes summary.json (= --json), summary.csv (= --csv) and scenario.yaml, which reproduces the run', async () => {
    const dir = join(tempDir(), 'result');
    for (const file of [SMALL, GENERAL]) {
      const json = await simulate(file, '--json', '--out', dir);
      expect(json.code).toBe(0);
      expect(json.stderr).toMatch(/^passk: wrote .*summary\.json, summary\.csv and scenario\.yaml\n$/);
      expect(filesUnder(dir).sort()).toEqual(['scenario.yaml', 'summary.csv', 'summary.json']);
      expect(readFileSync(join(dir, 'summary.json'), 'utf8')).toBe(json.stdout);
      const csv = await simulate(file, '--csv');
      expect(readFileSync(join(dir, 'summary.csv'), 'utf8')).toBe(csv.stdout);
      // The resolved scenario round-trips: the same rows, and the same document to the byte.
      const again = await simulateJson(join(dir, 'scenario.yaml'));
      expect(again.doc.rows).toEqual((JSON.parse(json.stdout) as SummaryJson).rows);
      expect(withoutProvenance(again.run.stdout)).toBe(withoutProvenance(json.stdout));
    }
  });

  it('with a table on stdout, still writes the JSON of the run', async () => {
    const dir = tempDir();
    const run = await simulate(SMALL, '--out', dir);
    expect(run.stdout).toContain(SECTIONS[0]);
    const { run: json } = await simulateJson(SMALL);
    expect(readFileSync(join(dir, 'summary.json'), 'utf8')).toBe(json.stdout);
  });

  it.each([
    ['a folder under a regular file', (file: string) => join(file, 'sub'), /: must be a writable path \(ENOTDIR: part of the path is a file, not a folder\)$/],
    ['a regular file as the folder', (file: string) => file, /: must be a writable path \((EEXIST|ENOTDIR)(: [a-z ,]+)?\)$/],
  ])('into %s: exit 2, one line, no temporary files left', async (_label, outOf, message) => {
    const dir = tempDir();
    const file = join(dir, 'plain-file');
    writeFileSync(file, 'not a folder\n');
    const run = await simulate(SMALL, '--replicates', '64', '--out', outOf(file));
    expectOneLineError(run, message);
    expect(run.stderr).toContain('summary.json');
    expect(filesUnder(dir)).toEqual(['plain-file']);
    expect(readFileSync(file, 'utf8')).toBe('not a folder\n');
  });
});

describe('simulate without a file', () => {
  it('runs the built-in default scenario', async () => {
    const { run, doc } = await simulateJson('--replicates', '64');
    expect(doc.scenario.name).toMatch(/^default/);
    expect(doc.replicates).toEqual({ requested: 64, done: 64 });
    expect(doc.rows).toHaveLength(doc.scenario.policy.maxAttempts);
    // test/fixtures/scenarios/default.yaml writes DEFAULT_SCENARIO_INPUT out as a file.
    const { run: fromFile } = await simulateJson(fixture('scenarios/default.yaml'), '--replicates', '64');
    expect(withoutProvenance(fromFile.stdout)).toBe(withoutProvenance(run.stdout));
  });
});

describe('simulate: bad scenarios and options → exit 2, one line', () => {
  const cases: Array<[label: string, args: string[], message: RegExp]> = [
    // bad-syntax.yaml: the flow map on line 5 closes with ] instead of }.
    ['YAML syntax error', [fixture('scenarios-cli/bad-syntax.yaml')], /^passk: \S*bad-syntax\.yaml:5: must be valid YAML or JSON \(.+\)$/],
    [
      'config error',
      [fixture('scenarios-cli/bad-max-attempts.yaml')],
      /^passk: \S*bad-max-attempts\.yaml: policy\.maxAttempts: must be an integer ≥ 1, got 0$/,
    ],
    ['unknown key', [fixture('scenarios-cli/bad-unknown-key.yaml')], /^passk: \S*bad-unknown-key\.yaml: policy\.maxAtempts: unknown key/],
    ['missing file', [fixture('scenarios-cli/no-such-file.yaml')], /^passk: \S*no-such-file\.yaml: must exist \(file not found\)$/],
    ['--replicates 0', [SMALL, '--replicates', '0'], /^passk: --replicates: must be an integer ≥ 1, got 0$/],
    ['--replicates 1.5', [SMALL, '--replicates', '1.5'], /^passk: --replicates: must be an integer ≥ 1, got 1\.5$/],
    ['--workers 0', [SMALL, '--workers', '0'], /^passk: --workers: must be an integer in 1\.\.256, got 0$/],
    ['--json with --csv', [SMALL, '--json', '--csv'], /^passk: --json\/--csv: choose one output format$/],
    ['--pilot-trials 0', [SMALL, '--pilot-trials', '0'], /^passk: --pilot-trials: must be an integer in 1\.\.1000000, got 0$/],
    ['unknown --pilot-design', [SMALL, '--pilot-design', 'pooled'], /^passk: --pilot-design: must be one of separate, episode, got "pooled"$/],
  ];
  it.each(cases)('%s', async (_label, args, message) => {
    // In-process runs need --workers 1 (worker threads run the built JS) unless the case sets it.
    const run = await passkWide('simulate', ...args, ...(args.includes('--workers') ? [] : ['--workers', '1']));
    expectOneLineError(run, message);
  });

  it('the built binary gives the same line and exit code 2', () => {
    const run = passkProcess(['simulate', fixture('scenarios-cli/bad-max-attempts.yaml')]);
    expectOneLineError(run, /^passk: \S*bad-max-attempts\.yaml: policy\.maxAttempts: must be an integer ≥ 1, got 0$/);
  });
});

describe('simulate: the text table', () => {
  it('has the three sections, each with one row per k, and no PARTIAL marker on a complete run', async () => {
    for (const [file, K] of [
      [SMALL, 6],
      [GENERAL, 4],
    ] as const) {
      const run = await passkWide('simulate', file, '--workers', '1');
      expect(run.code).toBe(0);
      expect(run.stdout).not.toContain('PARTIAL');
      const sections = run.stdout.trimEnd().split('\n\n');
      // header, then the three tables, and the over-budget table when the scenario has a budget (general.yaml); the verdict line last
      expect(sections).toHaveLength(file === GENERAL ? 6 : 5);
      expect(sections.at(-1)).toMatch(new RegExp(`^simulate: delivered correct at k=${K} \\d+\\.\\d\\d% ±\\d+\\.\\d\\d, wrong `));
      if (file === GENERAL)
        expect(sections[4]).toMatch(
          /^Over the budget \(soft: checked before each attempt, which then runs in full\):\nk\s+P\(cost > 0\.35\)\s+exact\s+mean overshoot\s+exact/,
        );
      SECTIONS.forEach((title, s) => {
        const [heading, columns, rule, ...rows] = sections[s + 1]!.split('\n');
        expect(heading).toContain(title);
        expect(columns).toMatch(/^k\s/);
        expect(rule).toMatch(/^─/);
        expect(rows.map((row) => row.trim().split(/\s+/)[0])).toEqual(Array.from({ length: K }, (_, i) => String(i + 1)));
      });
    }
  });

  it('with a pilot, adds a fourth table with rows k ≤ trials', async () => {
    const run = await passkWide('simulate', SMALL, '--pilot-trials', '3', '--workers', '1');
    const sections = run.stdout.trimEnd().split('\n\n');
    // header, three tables, the pilot's, its legend (a method note, shown with --explain), the verdict line
    expect(sections).toHaveLength(7);
    const [heading, , , ...rows] = sections[4]!.split('\n');
    expect(heading).toMatch(/^What a pilot of 3 trials per task/);
    expect(rows.map((row) => row.trim().split(/\s+/)[0])).toEqual(['1', '2', '3']);
    expect(sections[5]).toMatch(/^pilot: unbiased:/);
  });
});

/** A result's JSON text without its provenance (the command line), for comparing the results of two commands that must give the same numbers. */
function withoutProvenance(text: string): string {
  const { provenance: _provenance, ...rest } = JSON.parse(text);
  return JSON.stringify(rest, null, 2);
}
