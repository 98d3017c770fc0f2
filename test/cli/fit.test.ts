import type { FitDocument } from '../../packages/cli/src/results/fitSchema.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readScenarioFile } from '../../packages/cli/src/io/readScenarioFile.js';
import { fixture, passk, passkWide } from '../helpers/runPassk.js';

// `passk fit` in-process (from source). tau-airline.csv: the τ-bench airline gpt-4o results
// (test/fixtures/fit/README.md); reference values from test/fixtures/fit/reference_fit.py.
const TAU = fixture('fit/tau-airline.csv');
const TAU_ARGS = ['fit', TAU, '--reward-col', 'reward'];
const dir = mkdtempSync(join(tmpdir(), 'passk-fit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type FitJson = FitDocument;

describe('passk fit RESULTS', () => {
  it('text: both models with SEs, logLik and AIC, the choice and why, goodness of fit, labelled extrapolation', async () => {
    const run = await passkWide(...TAU_ARGS);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/200 attempts over 50 tasks, 4 trials each/);
    expect(out).toMatch(/betaBinomial \(BB\): p ~ Beta\(a, b\) per task {2}← chosen/);
    expect(out).toMatch(/zeroOneInflatedBetaBinomial \(ZOIBB\)/);
    // a = 0.6418 ± 0.2228 (reference_fit.py), logLik −78.975, AIC 161.95 and 162.48.
    expect(out).toMatch(/\n\s+a\s+0\.6418\s+0\.2228\n/);
    expect(out).toMatch(/logLik -78\.975 {3}AIC 161\.95/);
    expect(out).toMatch(/logLik -77\.239 {3}AIC 162\.48/);
    expect(out).toMatch(/Chosen: betaBinomial\. BetaBinomial has the lower AIC .*ΔAIC = 0\.53, below 2: weak evidence/);
    expect(out).toMatch(/number of tasks with c successes among the 50 tasks with n = 4/);
    // c = 0: observed 14, BB 50·betabinom.pmf(0, 4, a, b) = 14.9, ZOIBB 14.0 (saturated).
    expect(out).toMatch(/\n\s+0\s+14\s+14\.9\s+14\.0\n/);
    expect(out).toMatch(/Extrapolation beyond n = 4 — MODEL-BASED/);
    expect(out).toMatch(/\n\s+8\s+\d+\.\d%/);
  });

  it('--json: the documented contract { tasks, models: [{ name, params, logLik, aic, predicted }], chosen, scenarioTasks }', async () => {
    const run = await passk(...TAU_ARGS, '--json');
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as FitJson;
    expect(doc.kind).toBe('passk.fit');
    expect(doc.tasks).toBe(50);
    expect(doc.models.map((m) => m.name)).toEqual(['betaBinomial', 'zeroOneInflatedBetaBinomial']);
    const [bb, zoibb] = doc.models;
    expect(bb!.logLik).toBeCloseTo(-78.97548374071036, 9);
    expect(zoibb!.logLik).toBeCloseTo(-77.2385885549772, 9);
    expect(bb!.aic).toBeCloseTo(161.95096748142072, 8);
    expect(Object.keys(bb!.params)).toEqual(['a', 'b', 'mean', 'concentration', 'taskCorrelation']);
    expect(Object.keys(zoibb!.params)).toEqual(['pi0', 'pi1', 'a', 'b', 'mean', 'concentration', 'taskCorrelation']);
    // reference_fit.py: ρ = 1/(a + b + 1) for BB; the whole mixture's Var(p)/(E p·(1 − E p)) for ZOIBB.
    expect(bb!.params.taskCorrelation.value).toBeCloseTo(0.40010743145016897, 6);
    expect(zoibb!.params.taskCorrelation.value).toBeCloseTo(0.39792008757526, 6);
    expect(doc.schemaVersion).toBe(6);
    expect(run.stdout).not.toMatch(/icc/);
    expect(Object.keys(bb!.predicted.passAtK)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(Object.keys(zoibb!.predicted.passHatK)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(doc.chosen).toBe('betaBinomial');
    expect(doc.reason).toMatch(/ΔAIC = 0\.53/);
    expect(doc.scenarioTasks).toEqual({ count: 50, successRate: { dist: 'beta', a: bb!.params.a!.value, b: bb!.params.b!.value } });
    expect(doc.extrapolation.ks).toEqual([5, 6, 7, 8]);
    expect(doc.extrapolation.method).toMatch(/^model-based/);
    expect(doc.goodnessOfFit.counts[0]!.rows.map((row) => row.observed)).toEqual([14, 12, 10, 4, 10]);
  });

  it('--json predictions: basis observed for k ≤ n (= the goodness-of-fit table), model beyond n with the check, text answer table', async () => {
    const run = await passk(...TAU_ARGS, '--json');
    const doc = JSON.parse(run.stdout) as FitJson;
    expect(doc.predictions.map((row) => [row.k, row.basis])).toEqual([
      [1, 'observed'],
      [2, 'observed'],
      [3, 'observed'],
      [4, 'observed'],
      [5, 'model'],
      [6, 'model'],
      [7, 'model'],
      [8, 'model'],
    ]);
    // τ-bench airline: 4 trials per task, so the leave-trials-out check fits 2 of them and compares at 4.
    expect(doc.extrapolation.check).toMatchObject({ trialsFitted: 2, comparedAt: 4 });
    expect(['passed', 'failed']).toContain(doc.extrapolation.check.check);
    expect(doc.predictions[3]!.passHatK.value).toBe(doc.goodnessOfFit.passRates[3]!.observed.passHatK!.value);
    expect(doc.predictions[3]!.check).toBeNull();
    const bb = doc.models[0]!;
    for (const row of doc.predictions.slice(4)) {
      expect(['passed', 'widened']).toContain(row.check);
      // Never narrower than the chosen model's own interval.
      expect(row.passAtK.interval!.lower).toBeLessThanOrEqual(bb.intervals!.passAtK[String(row.k)]!.lower);
      expect(row.passAtK.interval!.upper).toBeGreaterThanOrEqual(bb.intervals!.passAtK[String(row.k)]!.upper);
    }
    const text = await passk(...TAU_ARGS);
    expect(text.stdout).toMatch(/Answer beyond n = 4 \(betaBinomial\): fitted to 2 trials per task/);
    expect(text.stdout).toMatch(/\n\s+8\s+\d+\.\d% \[\d+\.\d%, \d+\.\d%\]\s+\d+\.\d% \[\d+\.\d%, \d+\.\d%\]\s+(passed|widened)\n/);
    for (const line of text.stdout.split('\n').slice(text.stdout.split('\n').findIndex((l) => l.startsWith('Answer beyond')))) {
      if (line.startsWith('note:') || line.startsWith('Scenario') || line.startsWith('  {')) break;
      expect(line.length).toBeLessThanOrEqual(100);
    }
  });

  it('a run order with runs (--attempt-col): the ks beyond n refused in one line, JSON trialOrder and refused rows', async () => {
    // 60 tasks × 6 runs whose 3 successes come in one block (111000, 011100, 001110): 1 or 2 changes
    // per task (20·(1 + 2 + 2) = 100) where random order gives 2·3·3/6 = 3 each (trialOrderTest).
    const rows = ['task,attempt,success'];
    for (let t = 0; t < 60; t++) for (let i = 0; i < 6; i++) rows.push(`t${t},${i},${i >= t % 3 && i < (t % 3) + 3 ? 1 : 0}`);
    const file = join(dir, 'blocks.csv');
    writeFileSync(file, `${rows.join('\n')}\n`);
    const run = await passk('fit', file, '--attempt-col', 'attempt', '--k', '12', '--json');
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as FitJson;
    expect(doc.extrapolation.check.trialOrder).toMatchObject({ changes: 100, expected: 180, tasks: 60 });
    expect(doc.extrapolation.check.reason).toMatch(/not exchangeable .* p < 0\.001\): .*extrapolation refused$/);
    expect(doc.predictions.at(-1)).toEqual({
      k: 12,
      basis: 'model',
      check: 'refused',
      passAtK: { value: null, interval: null },
      passHatK: { value: null, interval: null },
    });
    const text = await passk('fit', file, '--attempt-col', 'attempt', '--k', '12');
    expect(text.stdout).toMatch(/\n\s+12\s+—\s+—\s+refused\n/);
  });

  it('--markdown: one table of the answer per k (basis, intervals, check) and the reason; not with --json', async () => {
    const run = await passk(...TAU_ARGS, '--markdown');
    expect(run.code).toBe(0);
    const doc = JSON.parse((await passk(...TAU_ARGS, '--json')).stdout) as FitJson;
    const lines = run.stdout.split('\n');
    expect(lines[2]).toBe('| k | basis | pass@k | pass^k | check |');
    // One line per prediction row, each cell from the JSON document's row.
    const rows = lines.filter((line) => /^\| \d+ \|/.test(line));
    expect(rows).toHaveLength(doc.predictions.length);
    const last = doc.predictions.at(-1)!;
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    expect(rows.at(-1)).toBe(
      `| 8 | model | ${pct(last.passAtK.value!)} [${pct(last.passAtK.interval!.lower)}, ${pct(last.passAtK.interval!.upper)}] | ` +
        `${pct(last.passHatK.value!)} [${pct(last.passHatK.interval!.lower)}, ${pct(last.passHatK.interval!.upper)}] | ${last.check} |`,
    );
    expect(run.stdout).toMatch(/Beyond n: fitted to 2 trials per task/);
    const both = await passk(...TAU_ARGS, '--markdown', '--json');
    expect(both.code).toBe(2);
    expect(both.stderr.trim()).toBe('passk: --markdown: cannot be combined with --json (choose one output)');
  });

  it('--k and --confidence reach the extrapolation', async () => {
    const run = await passk(...TAU_ARGS, '--json', '--k', '8,16', '--confidence', '0.8');
    const doc = JSON.parse(run.stdout) as FitJson;
    expect(doc.extrapolation).toMatchObject({ ks: [8, 16], confidence: 0.8 });
    expect(Object.keys(doc.models[0]!.predicted.passHatK)).toEqual(['1', '2', '3', '4', '8', '16']);
    const interval = doc.models[0]!.intervals!.passHatK['16']!;
    expect(interval.lower).toBeLessThan(doc.models[0]!.predicted.passHatK['16']!);
    expect(interval.upper).toBeGreaterThan(doc.models[0]!.predicted.passHatK['16']!);
  });

  it('--out writes a scenario that resolves and that passk simulate runs', async () => {
    const file = join(dir, 'fitted.yaml');
    const run = await passk(...TAU_ARGS, '--out', file);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/wrote .*fitted\.yaml/);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^# Written by passk fit tau-airline\.csv/);
    const scenario = await readScenarioFile(file);
    expect(scenario.tasks.count).toBe(50);
    expect(scenario.tasks.successRate.dist).toBe('beta');
    expect(scenario.policy.maxAttempts).toBe(8);
    // The log's counts ride along (tasks.measured): simulate refits the tasks per block (issue #41).
    expect(scenario.tasks.resample).toBe(true);
    expect(scenario.tasks.measured?.trials).toHaveLength(50);
    expect(scenario.tasks.measured?.successes.reduce((a, b) => a + b, 0)).toBe(14 * 0 + 12 * 1 + 10 * 2 + 4 * 3 + 10 * 4);
    const simulated = await passk('simulate', file, '--replicates', '128', '--workers', '1', '--json');
    expect(simulated.stderr).toBe('');
    expect(simulated.code).toBe(0);
    const summary = JSON.parse(simulated.stdout) as { rows: Array<{ k: number; basis: string; coverage: { interval?: object } }> };
    expect(summary.rows.map((row) => row.k)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(summary.rows.map((row) => row.basis)).toEqual(['observed', 'observed', 'observed', 'observed', 'model', 'model', 'model', 'model']);
    expect(summary.rows.every((row) => row.coverage.interval !== undefined)).toBe(true);
  });

  it('--out never puts the between-task correlation into an exchangeable icc: attempts are independent given p', async () => {
    const file = join(dir, 'fitted-correlation.yaml');
    const json = JSON.parse((await passk(...TAU_ARGS, '--json')).stdout) as FitJson;
    expect((await passk(...TAU_ARGS, '--out', file)).code).toBe(0);
    const text = readFileSync(file, 'utf8');
    // The YAML itself (comments aside) has no icc key and no copy of ρ = 0.4001…
    const body = text.replace(/^#.*\n/gm, '');
    expect(body).not.toMatch(/icc|exchangeable/);
    expect(body).not.toContain(String(json.models[0]!.params.taskCorrelation.value));
    expect(body).toMatch(/correlation:\n\s+model: independent/);
    const scenario = await readScenarioFile(file);
    expect(scenario.attempts.correlation).toEqual({ model: 'independent' });
    // The spread of p carries ρ: Beta(a, b) of the chosen fit, so 1/(a + b + 1) = ρ.
    const rate = scenario.tasks.successRate as { a: number; b: number };
    expect(1 / (rate.a + rate.b + 1)).toBeCloseTo(json.models[0]!.params.taskCorrelation.value!, 12);
  });

  it('simulate --help states how the two correlations combine, ρ + icc·(1 − ρ), and the engine agrees', async () => {
    expect((await passk('simulate', '--help')).stdout).toMatch(/Over all tasks two attempts of one episode\s+correlate ρ \+ icc·\(1 − ρ\)/);
    // Tasks Beta(2, 3) (mean m = 0.4, ρ = 1/6), exchangeable icc 0.3: pass^2 = E[X₁X₂] = m² + m(1 − m)·(ρ + icc·(1 − ρ))
    // = 0.16 + 0.24·(1/6 + 0.3·5/6) = 0.26 (closed form); the engine's exact value and its simulation (within 4.5 SE, as fitRecovery).
    const file = join(dir, 'rho-icc.yaml');
    writeFileSync(
      file,
      'seed: 1\ntasks: { count: 100, successRate: { dist: beta, a: 2, b: 3 }, resample: true }\n' +
        'attempts: { correlation: { model: exchangeable, icc: 0.3 } }\npolicy: { maxAttempts: 2 }\nrun: { replicates: 1000 }\n',
    );
    const summary = JSON.parse((await passk('simulate', file, '--json', '--workers', '1')).stdout) as {
      rows: Array<{ passHatK: { value: number; se: number; exact: number } }>;
    };
    const pass2 = summary.rows[1]!.passHatK;
    expect(pass2.exact).toBeCloseTo(0.16 + 0.24 * (1 / 6 + 0.3 * (5 / 6)), 12);
    expect(Math.abs(pass2.value - 0.26)).toBeLessThanOrEqual(4.5 * pass2.se);
  });

  it('--help says what the between-task correlation is and that it is not the scenario icc', async () => {
    const run = await passk('fit', '--help');
    expect(run.stdout).toMatch(/Between-task correlation ρ = Var\(p\)\/\(E p·\(1 − E p\)\), 1\/\(a \+ b \+ 1\)/);
    expect(run.stdout).toMatch(/Not a scenario's exchangeable icc/);
  });

  it('unequal n per task: one count table per n, and the fit still runs', async () => {
    const run = await passk('fit', fixture('fit/unequal.csv'), '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as FitJson;
    expect(doc.tasks).toBe(7);
    expect(doc.goodnessOfFit.counts.map((g) => g.n)).toEqual([2, 3, 4, 5, 6]);
    expect(JSON.stringify(doc)).not.toMatch(/NaN/);
  });

  const bad: Array<[label: string, args: string[], message: RegExp]> = [
    [
      'nothing to fit (every attempt passed)',
      ['fit', fixture('fit/all-pass.csv')],
      /^passk: \S*all-pass\.csv: must include a failure.*passk plan demonstrate.*, got "3 tasks, no failures"$/,
    ],
    ['missing file', ['fit', join(dir, 'nope.csv')], /nope\.csv: must exist \(file not found\)$/],
    ['bad --k', [...TAU_ARGS, '--k', '0'], /^passk: --k: must be an integer from 1 to 9007199254740991/],
    ['bad --confidence', [...TAU_ARGS, '--confidence', '1'], /^passk: --confidence: must be a number strictly between 0 and 1, got 1$/],
    ['no results file', ['fit'], /^passk: arguments: must name at least 1 input file \(see --help\), got 0$/],
  ];
  it.each(bad)('bad input → exit 2, one line: %s', async (_label, args, message) => {
    const run = await passk(...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });
});
