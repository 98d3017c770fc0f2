import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';
import { EpisodeCollector, inferStopping } from '../../../packages/cli/src/io/episodeCollector.js';
import { fixture, passk } from '../../helpers/runPassk.js';

// Attempt-ordered reading (issue #40): the episodes each reader keeps, against an independent Python
// read of the same fixture (test/fixtures/episodes/read_episodes.py), and the one-line refusals.
const EPISODES = fixture('episodes');
const REAL = join(import.meta.dirname, '../../../../shared/data/real');

/** Python's read of each (kind, file), run once per file however many tests compare with it. */
const pythonReads = new Map<string, string>();
function pythonRead(kind: 'csv' | 'aider' | 'ldb', file: string): Record<string, boolean[][]> {
  const key = `${kind} ${file}`;
  let text = pythonReads.get(key);
  if (text === undefined) {
    const run = spawnSync('python3', [join(EPISODES, 'read_episodes.py'), kind, file], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`read_episodes.py failed: ${run.stderr}`);
    text = run.stdout;
    pythonReads.set(key, text);
  }
  return JSON.parse(text) as Record<string, boolean[][]>;
}

async function episodesOf(file: string, options: Parameters<typeof readTaskCounts>[1] = {}) {
  const counts = await readTaskCounts(file, options);
  const order = counts.attemptOrder?.episodes;
  if (order === undefined) throw new Error('no episodes kept');
  return { counts, order, byTask: Object.fromEntries(counts.taskIds.map((id, i) => [id, order.tasks[i]!.episodes])) };
}

describe('episodes read in attempt order', () => {
  it('a generic CSV with --episode-col and --attempt-col (rows shuffled): the episodes Python reads, stopping inferred fixed', async () => {
    const file = join(EPISODES, 'retries.csv');
    const { counts, order, byTask } = await episodesOf(file, { episodeColumn: 'episode', attemptColumn: 'attempt' });
    expect(byTask).toEqual(pythonRead('csv', file));
    expect(Object.keys(byTask)).toEqual(Object.keys(pythonRead('csv', file)));
    expect(order).toMatchObject({ stopping: 'fixed', stoppingFrom: 'inferred', episodes: 60, attempts: 240, maxLength: 4 });
    expect(order.from).toBe('episode "episode", attempt "attempt"');
    expect(counts.columns).toMatchObject({ episode: 'episode', attempt: 'attempt' });
  });

  it('read in 7-byte chunks: the same episodes', async () => {
    const file = join(EPISODES, 'retries.csv');
    const whole = await episodesOf(file, { episodeColumn: 'episode', attemptColumn: 'attempt' });
    const chunked = await episodesOf(file, { episodeColumn: 'episode', attemptColumn: 'attempt', chunkSize: 7 });
    expect(chunked.byTask).toEqual(whole.byTask);
  });

  it('Aider results objects (detected by their keys): one episode per exercise, tasks <language>/<name>, until success', async () => {
    const file = join(EPISODES, 'aider.jsonl');
    const { counts, order, byTask } = await episodesOf(file);
    expect(counts.format).toBe('aider');
    expect(byTask).toEqual(pythonRead('aider', file));
    expect(order).toMatchObject({ stopping: 'untilSuccess', stoppingFrom: 'format', episodes: 80, maxLength: 2 });
    // The counts are the episodes' attempts.
    expect(counts.rows).toBe(order.attempts);
    expect((await readTaskCounts(file, { format: 'aider' })).format).toBe('aider');
  });

  it('an Aider run folder: the hidden .aider.results.json of each exercise (pretty-printed) read, the files beside them skipped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'passk-aider-run-'));
    try {
      const source = join(EPISODES, 'aider.jsonl');
      for (const line of readFileSync(source, 'utf8')
        .split('\n')
        .filter((l) => l !== '')) {
        const record = JSON.parse(line) as { testdir: string };
        const parts = record.testdir.split('/');
        const folder = join(dir, 'run', parts.at(-4)!, 'exercises', 'practice', parts.at(-1)!);
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, '.aider.results.json'), JSON.stringify(record, null, 4));
        writeFileSync(join(folder, '.aider.chat.history.md'), '# chat\n');
        writeFileSync(join(folder, 'solution.py'), 'pass\n');
      }
      const { counts, byTask, order } = await episodesOf(join(dir, 'run'));
      expect(counts.format).toBe('aider');
      expect(counts.tree).toMatchObject({ read: 80, harness: 'aider' });
      expect(byTask).toEqual(pythonRead('aider', source));
      expect(order).toMatchObject({ stopping: 'untilSuccess', stoppingFrom: 'format', episodes: 80 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('LDB results (detected): test_feedback[i] empty = a visible pass at attempt i + 1, until success', async () => {
    const file = join(EPISODES, 'ldb-gpt35.jsonl');
    const { counts, order, byTask } = await episodesOf(file);
    expect(counts.format).toBe('ldb');
    expect(byTask).toEqual(pythonRead('ldb', file));
    expect(order).toMatchObject({ stopping: 'untilSuccess', stoppingFrom: 'format', episodes: 500, maxLength: 10 });
  });

  it('--episode-col without --attempt-col: the rows order the attempts', async () => {
    const { byTask, order } = await episodesOf(join(EPISODES, 'bad/after-success.csv'), { episodeColumn: 'episode', stopping: 'fixed' });
    expect(byTask).toEqual({ a: [[true, false]], b: [[false, true]] });
    expect(order.from).toBe('episode "episode", attempts in the order of the rows');
    expect(order.stoppingFrom).toBe('option');
  });

  it('stopping inferred: untilSuccess only when no episode goes on after a success and some episode was retried', () => {
    expect(inferStopping([[[false, true], [true]], [[false, false, false]]])).toBe('untilSuccess');
    expect(inferStopping([[[true, false]]])).toBe('fixed');
    expect(inferStopping([[[true], [false]]])).toBe('fixed');
  });

  it('--attempt-col alone is the run order of separate runs (for the drift test), not episodes', async () => {
    const counts = await readTaskCounts(join(EPISODES, 'retries.csv'), { attemptColumn: 'attempt', where: ['episode=t10-e0'] });
    expect(counts.attemptOrder?.episodes).toBeUndefined();
    expect(counts.attemptOrder?.runOrder?.trials).toEqual([pythonRead('csv', join(EPISODES, 'retries.csv')).t10![0]]);
  });

  it('episodes are bounded: past the limit a read is refused at its row; a run order is given up instead, with the reason', () => {
    const episodes = new EpisodeCollector(3);
    for (let a = 1; a <= 3; a++) episodes.addRow(0, 'e', a, 0, 'f.csv', a + 1);
    expect(() => episodes.addRow(0, 'e', 4, 1, 'f.csv', 5)).toThrow(
      'f.csv:5: episodes must hold at most 3 attempts in one read (each is kept in attempt order for the dependence of retries); read a part of the log (--where)',
    );
    const runs = new EpisodeCollector(3);
    for (let r = 0; r < 5; r++) runs.addRun(0, r, 1, 'f.csv', r + 2);
    expect(runs.finish([0], { from: 'runs' })).toEqual({ runOrderMissing: 'more than 3 attempts: the run order is not kept' });
  });

  it('a log without episode information keeps none', async () => {
    const counts = await readTaskCounts(fixture('fit/tau-airline.csv'), { rewardColumn: 'reward' });
    expect(counts.attemptOrder).toBeUndefined();
  });
});

describe('bad attempt-ordered input: one line, exit 2', () => {
  const BAD = join(EPISODES, 'bad');
  const cases: [string, string[], string][] = [
    [
      'a gap',
      ['gap.csv', '--episode-col', 'episode', '--attempt-col', 'attempt'],
      `${BAD}/gap.csv:4: episode "e1" must number its attempts without gaps from 1: attempt 3 is missing after attempt 2 at ${BAD}/gap.csv:3`,
    ],
    [
      'a repeated attempt',
      ['repeated.csv', '--episode-col', 'episode', '--attempt-col', 'attempt'],
      `${BAD}/repeated.csv:4: episode "e1" must number each attempt once: attempt 2 is also at ${BAD}/repeated.csv:3`,
    ],
    [
      'an attempt without an episode',
      ['no-episode.csv', '--episode-col', 'episode', '--attempt-col', 'attempt'],
      `${BAD}/no-episode.csv:3: key "episode" must have a value (each attempt belongs to an episode, --episode-col)`,
    ],
    [
      'an episode on two tasks',
      ['two-tasks.csv', '--episode-col', 'episode', '--attempt-col', 'attempt'],
      `${BAD}/two-tasks.csv:3: episode "e1" must belong to one task, but it also has attempts of another task (first at ${BAD}/two-tasks.csv:2)`,
    ],
    [
      'until-success contradicted',
      ['after-success.csv', '--episode-col', 'episode', '--attempt-col', 'attempt', '--stopping', 'until-success'],
      `${BAD}/after-success.csv:3: episode "e1" goes on after its success at ${BAD}/after-success.csv:2, so it does not stop at its first success (--stopping fixed reads it)`,
    ],
    [
      'an LDB test_feedback that is no list',
      ['ldb-bad.jsonl', '--format', 'ldb'],
      `${BAD}/ldb-bad.jsonl:1: key "test_feedback" must be a list of lists (the visible tests that failed at each attempt)`,
    ],
    ['a missing episode column', ['gap.csv', '--episode-col', 'run'], `${BAD}/gap.csv: must have the episode column "run"`],
  ];
  it.each(cases)('%s', async (_, [file, ...flags], expected) => {
    const run = await passk('estimate', join(BAD, file!), ...flags);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n').filter((line) => line !== '')).toHaveLength(1);
    expect(run.stderr.startsWith(`passk: ${expected}`), run.stderr).toBe(true);
  });
});

describe.skipIf(!existsSync(join(REAL, 'README.md')))('real attempt-ordered logs in ../shared/data/real', () => {
  it('Aider run-log-results.jsonl: tests_outcomes [true] 30, [false, true] 24, [false, false] 14', async () => {
    const { order } = await episodesOf(join(REAL, 'aider-polyglot-qwen3.6-35b-a3b-q8/run-log-results.jsonl'));
    const kinds = new Map<string, number>();
    for (const task of order.tasks) for (const episode of task.episodes) kinds.set(JSON.stringify(episode), (kinds.get(JSON.stringify(episode)) ?? 0) + 1);
    expect(Object.fromEntries(kinds)).toEqual({ '[true]': 30, '[false,true]': 24, '[false,false]': 14 });
    expect(order.stopping).toBe('untilSuccess');
  });

  it('LDB gpt-3.5: visible passes by attempt 391/500, 27/109, 7/82, 4/75, 6/71, 0/65, 1/65, 0/64, 1/64, 0/63', async () => {
    const { order } = await episodesOf(join(REAL, 'ldb-mbpp-debug-iterations/results-gpt-3.5-turbo-0613.jsonl'));
    const episodes = order.tasks.flatMap((task) => task.episodes);
    const byAttempt = Array.from({ length: 10 }, (_, j) => {
      const atRisk = episodes.filter((episode) => episode.length > j);
      return `${atRisk.filter((episode) => episode[j]).length}/${atRisk.length}`;
    });
    expect(byAttempt).toEqual(['391/500', '27/109', '7/82', '4/75', '6/71', '0/65', '1/65', '0/64', '1/64', '0/63']);
  });

  it('the goose folder (5 runs of one attempt per task): the files give the run order', async () => {
    const counts = await readTaskCounts(join(REAL, 'terminal-bench-goose-claude-4-opus'), { keepRunOrder: true });
    const trials = counts.attemptOrder?.runOrder?.trials;
    expect(trials).toHaveLength(80);
    expect(trials!.every((runs) => runs.length === 5)).toBe(true);
    // Per-run accuracies as published: 0.4875, 0.45, 0.4875, 0.425, 0.4125 (files sorted by name).
    const perRun = [0, 1, 2, 3, 4].map((r) => trials!.filter((runs) => runs[r]).length / 80);
    expect(perRun).toEqual([0.4875, 0.45, 0.4875, 0.425, 0.4125]);
  });
});
