import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, passk, passkWide } from '../helpers/runPassk.js';
import { tempDir } from '../helpers/tempDir.js';
import { observedEpisodeInterval } from '../../packages/sim/src/uncertainty/observedEpisodeInterval.js';

// A what-if from a log (issue #41): the fitted population refitted per block to a bootstrap resample
// of the log's tasks (tasks.measured), k beyond the trials marked model-based, maxAttempts from the log.
// Fixture: test/fixtures/tasks-from/make_terminal_bench.py (30 tasks × 5 single-attempt Terminal-Bench runs).
// The same bytes on 1 and 2 workers and from 2 shards merged: simulateWhatIf.slow.test.ts (the slow suite).
const LOG = fixture('tasks-from/terminal-bench-5-runs');
/** The successes per task the generator printed (task-00 … task-29). */
const SUCCESSES = [0, 0, 4, 0, 0, 5, 3, 0, 3, 0, 0, 2, 0, 1, 0, 5, 5, 0, 0, 5, 5, 5, 1, 0, 1, 0, 5, 0, 5, 5];
const dir = tempDir('what-if');
/** Attempt-ordered episodes: test/fixtures/episodes/make_episodes.py (30 tasks × 2 episodes × 4 attempts, feedback 0.3). */
const EPISODES = [fixture('episodes/retries.csv'), '--episode-col', 'episode', '--attempt-col', 'attempt'];

/** `passk simulate --tasks-from LOG ARGS` at 128 replicates: 2 blocks of 64, each drawing what is measured. */
async function run(...args: string[]) {
  const result = await passkWide('simulate', '--tasks-from', LOG, '--replicates', '128', ...args);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

/**
 * One what-if from LOG with --out, run once for the three tests that read it: its text (every column
 * and note) and its summary.json (the document --json prints).
 */
const logOut = join(dir, 'report-run');
let logRun: ReturnType<typeof passkWide> | undefined;
async function logWhatIf(): Promise<{ text: string; summary: any }> {
  const result = await (logRun ??= passkWide('simulate', '--tasks-from', LOG, '--replicates', '640', '--workers', '1', '--out', logOut));
  expect(result.stderr).toBe(`passk: wrote ${join(logOut, 'summary.json')}, summary.csv and scenario.yaml\n`);
  expect(result.code).toBe(0);
  return { text: result.stdout, summary: JSON.parse(readFileSync(join(logOut, 'summary.json'), 'utf8')) };
}

describe('passk simulate --tasks-from: a what-if with the uncertainty of what was fitted', () => {
  it('records the log in tasks.measured, takes maxAttempts = 2·n, gives every metric an interval and each row its basis', async () => {
    const { summary } = await logWhatIf();
    expect(summary.schemaVersion).toBe(4);
    const measured = summary.scenario.tasks.measured;
    expect(measured.trials).toEqual(SUCCESSES.map(() => 5));
    expect(measured.successes).toEqual(SUCCESSES);
    expect(measured.population).toBe('fitted');
    expect(summary.scenario.policy.maxAttempts).toBe(10);
    expect(summary.drawn).toEqual({ parameters: ['tasks.successRate'], blocks: 10, taskPopulation: 'bootstrapRefit' });
    expect(summary.rows.map((row: { basis: string }) => row.basis)).toEqual([...Array(5).fill('observed'), ...Array(5).fill('model')]);
    for (const row of summary.rows) {
      for (const metric of ['coverage', 'passHatK', 'deliveredCorrect', 'abstained', 'cost', 'costPerCorrect']) {
        const { value, interval } = row[metric];
        expect(interval.level).toBe(0.95);
        expect(interval.method).toMatch(/^task population refitted per block to a bootstrap resample of the log's tasks; /);
        expect(interval.lower).toBeLessThanOrEqual(value);
        expect(interval.upper).toBeGreaterThanOrEqual(value);
      }
      // The fit's uncertainty dwarfs the Monte Carlo noise: 30 tasks leave pass@k uncertain by several points.
      expect(row.coverage.interval.upper - row.coverage.interval.lower).toBeGreaterThan(8 * row.coverage.se);
    }
  });

  it('text: k beyond the trials is marked k*, model-based; the budget and the assumed cost are said', async () => {
    const { text } = await logWhatIf();
    expect(text).toContain('Tasks fitted to terminal-bench-5-runs (30 tasks × 5 trials).');
    expect(text).toContain('k* > 5: model-based (the fitted population extrapolated), not observed.');
    expect(text).toContain("What users get with at most k attempts, the fit's uncertainty included (95 % interval):");
    expect(text).toMatch(/^ {1}6\* /m);
    expect(text).toContain("cost and latency per attempt are the scenario's assumptions, not measured (the log has none)");
    expect(text).toContain("policy.maxAttempts 10 = 2 × the log's most trials per task (5), as without a scenario file.");
    // One line each (the terminal layout wraps them to the width: test/cli/terminal).
    const added = text.split('\n').filter((line) => /Tasks fitted|^Intervals \(95|^k\* >|^policy\.maxAttempts/.test(line));
    expect(added).toHaveLength(4);
  });

  it('--per-task and a measured verifier: both drawn per block, the method names both', async () => {
    // 128 replicates, not 640: what is checked is which parameters each block draws and the words, not
    // the intervals' width (0.4 s of CPU less); blocks = 128/64.
    const summary = JSON.parse(await run('--per-task', '--verifier-from', fixture('../../examples/tau2-retail-judge.yaml'), '--json', '--workers', '1'));
    expect(summary.scenario.tasks.measured.population).toBe('perTask');
    expect(summary.drawn).toEqual({
      parameters: ['verifier.falseAccept', 'verifier.falseReject', 'tasks.successRate'],
      blocks: 2,
      prior: 'jeffreys',
      taskPopulation: 'bootstrapRefit',
    });
    expect(summary.rows[0].deliveredWrong.interval.method).toMatch(
      /^measured rates drawn per block \(Jeffreys posteriors\) and task population refitted per block to a bootstrap resample of the log's tasks; /,
    );
  });

  it('the report: the answer says the best k is model-based, the key number is the interval, the caveat the assumed cost', async () => {
    const { summary } = await logWhatIf();
    const best = summary.rows.at(-1);
    const report = join(dir, 'report.html');
    expect((await passk('report', join(logOut, 'summary.json'), '--out', report)).code).toBe(0);
    const page = readFileSync(report, 'utf8');
    expect(page).toContain('best at k = 10 (model-based: k = 10 is beyond the 5 trials per task the log observed)');
    const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
    const { lower, upper } = best.deliveredCorrect.interval;
    expect(page).toContain(`${percent(best.deliveredCorrect.value)} [${percent(lower)}, ${percent(upper)}] of episodes delivered correct`);
    expect(page).toContain('95 %, the fitted tasks&#39; uncertainty included');
    expect(page).toContain('cost and latency per attempt are the scenario&#39;s assumptions, not measured (the log records none).');
  });

  // One what-if from the episode log (each block refits the four dependence models): its text
  // (every column and note) and its summary.json (the document --json prints), read by the next two tests.
  const episodeOut = join(dir, 'episode-run');
  let episodeRun: ReturnType<typeof passkWide> | undefined;
  const episodeWhatIf = async () => {
    const run = await (episodeRun ??= passkWide('simulate', '--tasks-from', ...EPISODES, '--replicates', '256', '--workers', '1', '--out', episodeOut));
    expect(run.code, run.stderr).toBe(0);
    return { text: run.stdout, summary: JSON.parse(readFileSync(join(episodeOut, 'summary.json'), 'utf8')) };
  };

  it('a log with episodes: the episodes and the chosen model in tasks.measured, both redrawn per block, k beyond the longest episode model-based', async () => {
    const { text: printed, summary } = await episodeWhatIf();
    const measured = summary.scenario.tasks.measured;
    // retries.csv (make_episodes.py): 30 tasks × 2 episodes × 4 attempts, every attempt run; the fit chooses feedback.
    expect(measured.episodes.stopping).toBe('fixed');
    // aic: every block refits the four models and keeps the lowest AIC, as the log's choice (feedback) was made.
    expect(measured.episodes.model).toBe('aic');
    expect(summary.scenario.attempts.correlation.model).toBe('feedback');
    expect(measured.episodes.outcomes).toHaveLength(30);
    for (const [i, text] of measured.episodes.outcomes.entries()) {
      expect(text).toMatch(/^[01]{4} [01]{4}$/);
      expect(measured.trials[i]).toBe(8);
      expect(measured.successes[i]).toBe([...text].filter((x) => x === '1').length);
    }
    expect(summary.drawn).toEqual({ parameters: ['tasks.successRate', 'attempts.correlation'], blocks: 4, taskPopulation: 'bootstrapRefit' });
    expect(summary.rows.map((row: { basis: string }) => row.basis)).toEqual([...Array(4).fill('observed'), ...Array(4).fill('model')]);
    // Within the episodes (k ≤ 4, perfect verifier) delivered correct is the log's own share (observedEpisodeInterval); beyond, the draws.
    for (const row of summary.rows) {
      expect(row.deliveredCorrect.interval.method).toMatch(
        row.k <= 4 ? /^observed: the log's share of episodes / : /^dependence model and tasks redrawn per block /,
      );
    }
    // pass@1 within the episodes: the interval of the log's own share of episodes solved at the first attempt (30 tasks: several points wide).
    const first = summary.rows[0].coverage;
    expect(first.interval).toEqual(observedEpisodeInterval(measured.episodes, 1, 'coverage', true));
    expect(first.interval.upper - first.interval.lower).toBeGreaterThan(0.1);
    expect(printed).toContain('Retries (feedback) and tasks fitted together to retries.csv (30 tasks, 60 episodes of ≤ 4 attempts).');
    expect(printed).toContain(
      "dependence model and tasks redrawn per block of 64 replicates: refitted to a bootstrap resample of the log's tasks, the model chosen by AIC in each block); ± is the Monte Carlo part alone.\n",
    );
    expect(printed).toContain(
      "k ≤ 4: coverage, pass^k, delivered correct, abstained from the log's own episodes (each task's share, task-population score interval), not the model's draws.",
    );
    expect(printed).toContain("k* > 4: model-based (beyond the log's longest episode), not observed.");
    expect(printed).toContain("What users get with at most k attempts, the fit's uncertainty included (95 % interval):");
  }, 240_000);

  it('a log with episodes, the report: the key number is the interval with the retry dependence named, and the method note says what was refitted', async () => {
    const { summary } = await episodeWhatIf();
    const report = join(dir, 'episode-report.html');
    expect((await passk('report', join(episodeOut, 'summary.json'), '--out', report)).code).toBe(0);
    const page = readFileSync(report, 'utf8');
    expect(page).toContain('95 %, the fitted retry dependence&#39;s and tasks&#39; uncertainty included');
    expect(page).toContain('Fitted retry dependence');
    expect(page).toContain('the four models by maximum likelihood, the lowest AIC kept');
    const k = Number(/best at k = (\d+) \(model-based: k = \d+ is beyond the 4 attempts of the log&#39;s longest episode\)/.exec(page)![1]);
    expect(summary.rows[k - 1].basis).toBe('model');
    expect(page).toContain(`delivered correct at k = ${k} <span class="how">(95 %, the fitted retry dependence&#39;s and tasks&#39; uncertainty included)`);
  }, 240_000);

  it('a scenario file keeps its own maxAttempts', async () => {
    // beta-ab.yaml: policy.maxAttempts 4, within the log's 5 trials. One block of 64 replicates: what is
    // checked (the policy and each row's basis) does not depend on the number of blocks.
    const result = await passkWide('simulate', '--tasks-from', LOG, fixture('scenarios/beta-ab.yaml'), '--replicates', '64', '--json', '--workers', '1');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary.scenario.policy.maxAttempts).toBe(4);
    expect(summary.rows.map((row: { basis: string }) => row.basis)).toEqual(['observed', 'observed', 'observed', 'observed']);
  });
});
