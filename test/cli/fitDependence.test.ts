import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkResultDocument } from '../../packages/cli/src/results/checkResultDocument.js';
import type { FitDocument } from '../../packages/cli/src/results/fitSchema.js';
import { fixture, passk, passkWide, passkWideAt } from '../helpers/runPassk.js';
import { EPISODE_ARGS, fitJson, pythonEpisodes } from './fitEpisodes.js';

// `passk fit` of attempt-ordered logs (issue #40): the retry dependence first in the text, the
// `dependence` contract in --json (checked against its schema), the observed success by attempt
// against an independent Python read of the fixture, --out into simulate --tasks-from, the drift
// test of separate runs in run order, and the note for a log of separate runs. The runs of
// `fit --out` into simulate (a refit per block of the retry dependence): fitDependence.slow.test.ts.
const REAL = join(import.meta.dirname, '../../../shared/data/real');
const dir = mkdtempSync(join(tmpdir(), 'passk-fit-dependence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `passk fit EPISODE_ARGS --json`, run once and read by the tests of its document (each fit refits every model). */
let episodeRun: Promise<Awaited<ReturnType<typeof passk>>> | undefined;
const fitEpisodes = () => (episodeRun ??= passk('fit', ...EPISODE_ARGS, '--json'));

async function episodeJson(): Promise<FitDocument> {
  const run = await fitEpisodes();
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return checkResultDocument(JSON.parse(run.stdout), 'fit --json') as FitDocument;
}

describe('passk fit of episodes', { timeout: 120_000 }, () => {
  it('text: the retry dependence comes first, its answer in words, lines within 100 characters', async () => {
    // One run laid out at 100 columns (the layout wraps the prose): every line of the section within
    // them, and what it says read with the wrapped lines joined (one run: each fit refits every model).
    const run = await passkWideAt(100, 'fit', ...EPISODE_ARGS);
    expect(run.code).toBe(0);
    const narrow = run.stdout;
    const section = narrow.slice(narrow.indexOf('Retry dependence:'), narrow.indexOf('Per-task success rate p'));
    for (const line of section.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(100);
    const out = narrow.replace(/\n {2,}/g, ' ');
    expect(out.indexOf('Retry dependence: 60 episodes of 30 tasks, 240 attempts, up to 4 per episode')).toBeGreaterThan(0);
    expect(out.indexOf('Retry dependence:')).toBeLessThan(out.indexOf('Per-task success rate p'));
    expect(out).toMatch(/\nRetries are not independent: after a failure the success rate rises \(feedback afterFailure \d\.\d{3}\n?\s?\[/);
    expect(out).toMatch(/independence would predict pass@\d+ \d+\.\d% where feedback predicts \d+\.\d%\./);
  });

  it('--json: dependence { test, models with parameters named as in the scenario format, chosen }, valid against the schema', async () => {
    const doc = await episodeJson();
    expect(doc.schemaVersion).toBe(6);
    const d = doc.dependence!;
    expect(d).toMatchObject({ stopping: 'fixed', stoppingFrom: 'inferred', tasks: 30, episodes: 60, attempts: 240, maxLength: 4, seed: 1 });
    expect(d.models.map((model) => model.model)).toEqual(['independent', 'exchangeable', 'markov', 'feedback']);
    expect(Object.keys(d.models[1]!.parameters)).toContain('icc');
    expect(Object.keys(d.models[2]!.parameters)).toContain('stickiness');
    const feedback = d.models[3]!.parameters.afterFailure!;
    expect(feedback.lower).toBeLessThanOrEqual(feedback.estimate);
    expect(feedback.estimate).toBeLessThanOrEqual(feedback.upper);
    // The fixture is drawn with afterFailure 0.3 (make_episodes.py): its interval covers it.
    expect(feedback.lower).toBeLessThan(0.3);
    expect(feedback.upper).toBeGreaterThan(0.3);
    expect(d.chosen).toBe(d.models.reduce((best, model) => (model.aic < best.aic ? model : best)).model);
    expect(d.test).toMatchObject({ pValue: expect.any(Number), statistic: expect.any(Number), method: expect.any(String) });
    expect(d.predicted.map((row) => row.k)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(doc.drift).toBeNull();
    expect(doc.dependenceNote).toBeNull();
  });

  it('the observed success by attempt after earlier failures is what Python counts in the fixture', async () => {
    const episodes = pythonEpisodes();
    const expected = [0, 1, 2, 3].map((j) => {
      const atRisk = episodes.filter((e) => e.length > j && e.slice(0, j).every((ok) => !ok));
      return { attempt: j + 1, atRisk: atRisk.length, successes: atRisk.filter((e) => e[j]).length };
    });
    const doc = await episodeJson();
    expect(doc.dependence!.hazard.map(({ attempt, atRisk, successes }) => ({ attempt, atRisk, successes }))).toEqual(expected);
    // Attempt 2, 23 of 33: Clopper–Pearson 95 % = scipy beta.ppf(0.025, 23, 11), beta.ppf(0.975, 24, 10).
    const second = doc.dependence!.hazard[1]!;
    expect([second.successes, second.atRisk]).toEqual([23, 33]);
    expect(second.interval!.lower).toBeCloseTo(0.5128893024616066, 9);
    expect(second.interval!.upper).toBeCloseTo(0.8440833976030142, 9);
    expect(second.interval!.method).toBe('clopper-pearson');
  });

  it('the same seed gives the same bytes', async () => {
    // The default seed (1) twice: the shared run and a second one.
    const again = await passk('fit', ...EPISODE_ARGS, '--json');
    expect(again.stdout).toBe((await fitEpisodes()).stdout);
  });

  it('a log of separate runs: no dependence, and the note says why', async () => {
    const doc = await fitJson(fixture('fit/tau-airline.csv'), '--reward-col', 'reward');
    expect(doc.dependence).toBeNull();
    expect(doc.dependenceNote).toMatch(/^a log of separate runs .* within-episode dependence cannot be measured from it/);
    const text = await passkWide('fit', fixture('fit/tau-airline.csv'), '--reward-col', 'reward');
    expect(text.stdout).toMatch(/\nnote: a log of separate runs \(each trial its own episode\)/);
  });

  it('--attempt-col alone is the run order: the drift test of separate runs (a steady decline: small p)', async () => {
    // 12 tasks × 6 runs; every task succeeds on its first runs and fails on its last (a drift downwards).
    const file = join(dir, 'runs.csv');
    const rows = ['task_id,order,success'];
    for (let t = 0; t < 12; t++) for (let r = 1; r <= 6; r++) rows.push(`t${t},${r},${r <= 2 + (t % 3) ? 1 : 0}`);
    writeFileSync(file, `${rows.join('\n')}\n`);
    const doc = await fitJson(file, '--attempt-col', 'order');
    expect(doc.dependence).toBeNull();
    expect(doc.drift!.from).toBe('column "order" (--attempt-col without --episode-col: each row a separate run)');
    expect(doc.drift!.test.pValue).toBeLessThan(0.01);
    expect(doc.dependenceNote).toMatch(/^a log of separate runs/);
  });

  it('too few episodes to fit: one line naming the file, exit 2', async () => {
    const file = join(dir, 'few.csv');
    writeFileSync(file, 'task_id,episode,attempt,success\na,e1,1,0\na,e1,2,1\n');
    const run = await passkWide('fit', file, '--episode-col', 'episode', '--attempt-col', 'attempt');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`passk: ${file}: must hold at least 3 episodes to fit a dependence model, got 1\n`);
  });
});

describe.skipIf(!existsSync(join(REAL, 'README.md')))('real logs: run order and episodes', () => {
  it('the goose folder of 5 single-attempt runs: the drift test over the files in run order', async () => {
    const doc = await fitJson(join(REAL, 'terminal-bench-goose-claude-4-opus'));
    expect(doc.drift!.from).toBe('the order of the 5 files, one run each');
    expect(doc.drift!.test.tasks).toBeGreaterThan(0);
    expect(doc.dependenceNote).toMatch(/^a log of separate runs/);
  });
});
