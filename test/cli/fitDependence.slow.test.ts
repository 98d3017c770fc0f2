import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { passk, passkWide } from '../helpers/runPassk.js';
import { EPISODE_ARGS, fitJson, pythonEpisodes } from './fitEpisodes.js';

// `passk fit --out` of attempt-ordered logs into simulate (issue #40), end to end: the fitted
// dependence and tasks in the scenario, simulate --tasks-from with the dependence refitted per block,
// and tasks with no spread (Beta(∞, ∞)) put at the mean. Slow suite (docs/testing.md): simulate's
// refit per block makes these the slowest of fitDependence.test.ts, which checks the fit itself.
const dir = mkdtempSync(join(tmpdir(), 'passk-fit-dependence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('passk fit --out of episodes into simulate', { timeout: 180_000 }, () => {
  it('--out writes the chosen dependence and its tasks; simulate --tasks-from uses it and says so', async () => {
    const out = join(dir, 'fitted.yaml');
    const run = await passk('fit', ...EPISODE_ARGS, '--out', out);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('feedback retries and the tasks fitted with them');
    const doc = await fitJson(...EPISODE_ARGS);
    const chosen = doc.dependence!.models.find((model) => model.model === doc.dependence!.chosen)!;
    const scenario = parse(readFileSync(out, 'utf8'));
    expect(scenario.attempts.correlation).toEqual(chosen.correlation);
    expect(scenario.tasks.successRate).toEqual({ dist: 'beta', a: chosen.population.alpha, b: chosen.population.beta });
    const simulated = await passk('simulate', out, '--replicates', '100', '--workers', '1', '--json');
    expect(simulated.code).toBe(0);
    const what = await passkWide('simulate', '--tasks-from', ...EPISODE_ARGS, '--replicates', '200', '--workers', '1');
    expect(what.code).toBe(0);
    expect(what.stderr).toMatch(
      /^passk: retries feedback afterFailure \d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\] and the tasks fitted together to the log's 60 episodes/,
    );
    expect(what.stdout).toContain("Retry dependence from the log's 60 episodes, pass@k of one episode");
    // The chosen model's pass@k (the fit to the log) inside the simulated interval (the fit redrawn per
    // block to a bootstrap resample: the log's own fit is one of its draws), up to the display's 0.05 pts.
    // An upper bound above 99.9 % prints as ">99.9%" (the logit interval stays below 100 %): read as 100.
    const pattern = /^\d+\s+(?:[\d.]+%|—)\s+[<>]?[\d.]+% \[>?([\d.]+)%, (>?[\d.]+)%\]\s+([<>]?[\d.]+)%/;
    const rows = what.stdout.split('\n').filter((line) => pattern.test(line));
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      const [, lower, upper, model] = pattern.exec(row)!;
      if (model!.startsWith('>')) continue;
      expect(Number(model)).toBeGreaterThanOrEqual(Number(lower) - 0.05);
      expect(Number(model)).toBeLessThanOrEqual((upper!.startsWith('>') ? 100 : Number(upper)) + 0.05);
    }
    // The log's own pass@k of an episode (all 60 run 4 attempts): the share with a success among the first k (Python's read).
    const episodes = pythonEpisodes();
    for (let k = 1; k <= 4; k++) {
      const share = episodes.filter((e) => e.slice(0, k).some(Boolean)).length / episodes.length;
      expect(what.stdout).toMatch(new RegExp(`\\n${k} +${(share * 100).toFixed(1)}% +\\d`));
    }
    const beyond = doc.dependence!.predicted.find((row) => row.k === 6)!;
    expect(what.stdout).toMatch(new RegExp(`\\n6 .* ${(beyond.passAtK.independent! * 100).toFixed(1)}% .* model-based`));
  }, 180_000);

  it('tasks with no spread between them (Beta(∞, ∞) fitted): --out and --tasks-from put every task at the mean, not a = ∞', async () => {
    // 40 tasks × 2 episodes × 4 attempts, every attempt a fair coin (Python random.seed(3)): the fit finds no spread.
    const flat = join(dir, 'flat.csv');
    const lines = ['task_id,episode,attempt,success'];
    let state = 12345;
    for (let t = 0; t < 40; t++)
      for (let e = 0; e < 2; e++)
        for (let a = 0; a < 4; a++) {
          state = (state * 1103515245 + 12345) % 2 ** 31; // a fixed linear congruential stream, for a file that never changes
          lines.push(`t${t},t${t}e${e},${a},${state >= 2 ** 30 ? 1 : 0}`);
        }
    writeFileSync(flat, `${lines.join('\n')}\n`);
    const args = [flat, '--episode-col', 'episode', '--attempt-col', 'attempt'];
    const doc = await fitJson(...args);
    const chosen = doc.dependence!.models.find((model) => model.model === doc.dependence!.chosen)!;
    expect(chosen.population.alpha).toBeNull();
    const out = join(dir, 'flat.yaml');
    const run = await passk('fit', ...args, '--out', out);
    expect(run.code).toBe(0);
    expect(parse(readFileSync(out, 'utf8')).tasks.successRate).toEqual({ dist: 'point', p: chosen.parameters.mean!.estimate });
    expect((await passkWide('simulate', out, '--replicates', '100', '--workers', '1')).code).toBe(0);
    expect((await passkWide('simulate', '--tasks-from', ...args, '--replicates', '100', '--workers', '1')).code).toBe(0);
  }, 180_000);
});
