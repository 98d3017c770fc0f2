// `pnpm decision-study:extrap`: does `passk fit` know how far it may extrapolate? (issue #42 part E)
//
// 1. Truncated public logs: each log of ../shared/data/real with n trials per task is cut to m = 2, 3, 5
//    trials per task (m < n) — its FIRST m trials in the log's order (what the audit did), and a
//    seeded RANDOM m of each task's trials (an exchangeable subset). `fitTasks` on the cut log
//    predicts pass@k and pass^k at m < k ≤ n; each is compared with the full log's observed
//    unbiased estimate. "before": the chosen model's delta-method interval; "after": the interval
//    `fit` answers with (fitPredictions: the model's joined with the moment bounds; refused where the
//    runs test of the kept trials' order rejects). Counts of intervals that contain the full log's
//    value (refusals apart), and their mean widths.
// 2. Synthetic logs from known task populations (beta, and misspecified: two-point, logit-normal,
//    zero-inflated beta), T tasks × n trials, R replicates: coverage of the TRUE pass@k / pass^k at
//    k = 2n and 4n, before and after, with the Monte Carlo SE √(q(1 − q)/R).
// Options: --replicates R (default 200), --tasks T (default 200), --seed, --json, --data DIR.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const dist = (path) => new URL(`../../packages/sim/dist/${path}`, import.meta.url).href;
const { fitTasks, streamRng, beta } = await import(dist('internal.js'));

/** Per task, its outcomes in the log's order: { name, tasks: boolean[][] }[] for the logs present in `dir`. */
export function readRealLogs(dir) {
  const logs = [];
  const at = (file) => join(dir, file);
  for (const side of ['input', 'output']) {
    const file = `cruxeval-codellama-7b-T0.2-${side}.json`;
    if (!existsSync(at(file))) continue;
    const raw = JSON.parse(readFileSync(at(file), 'utf8')).raw_scored_generations;
    logs.push({ name: `CRUXEval ${side} (codellama-7b)`, tasks: Object.values(raw) });
  }
  const humaneval = 'humaneval-gpt35-10spt_results.jsonl';
  if (existsSync(at(humaneval))) {
    const byTask = new Map();
    for (const line of readFileSync(at(humaneval), 'utf8').trim().split('\n')) {
      const record = JSON.parse(line);
      byTask.set(record.task_id, [...(byTask.get(record.task_id) ?? []), record.passed === true]);
    }
    logs.push({ name: 'HumanEval (gpt-3.5)', tasks: [...byTask.values()] });
  }
  const tau = 'tau-bench-gpt-4o-airline.json';
  if (existsSync(at(tau))) {
    const byTask = new Map();
    const records = JSON.parse(readFileSync(at(tau), 'utf8')).sort((x, y) => x.trial - y.trial);
    for (const record of records) byTask.set(record.task_id, [...(byTask.get(record.task_id) ?? []), record.reward === 1]);
    logs.push({ name: 'τ-bench airline (gpt-4o)', tasks: [...byTask.values()] });
  }
  for (const file of existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.startsWith('terminal-bench-orchestrator-'))
        .sort()
    : []) {
    const byTask = new Map();
    const trial = (r) => Number(/\.(\d+)-of-\d+$/.exec(r.trial_name)?.[1] ?? 0);
    const records = JSON.parse(readFileSync(at(file), 'utf8')).results.sort((x, y) => trial(x) - trial(y));
    // is_resolved null (timeouts, agent errors) is a failed attempt, the harness's own rule (and passk's default).
    for (const record of records) byTask.set(record.task_id, [...(byTask.get(record.task_id) ?? []), record.is_resolved === true]);
    logs.push({ name: `Terminal-Bench ${file.slice('terminal-bench-orchestrator-'.length, -'.json'.length)}`, tasks: [...byTask.values()] });
  }
  return logs;
}

const METRICS = ['passAtK', 'passHatK'];

/** A tally of intervals: how many, how many contain the target, their summed width; refusals (no interval) apart. */
const tally = () => ({ count: 0, inside: 0, width: 0, refused: 0 });
function add(t, interval, target) {
  if (interval === null) {
    t.refused++;
    return;
  }
  t.count++;
  t.width += interval.upper - interval.lower;
  if (interval.lower <= target && target <= interval.upper) t.inside++;
}

/** Keeps m of a task's outcomes: the first m, or (with an rng) a uniformly random m-subset. */
function cut(outcomes, m, rng) {
  if (rng === undefined) return outcomes.slice(0, m);
  const pool = outcomes.slice();
  for (let i = 0; i < m; i++) {
    const j = i + Math.floor(rng.uniform() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, m);
}

const counts = (tasks) => tasks.map((xs) => ({ n: xs.length, c: xs.filter(Boolean).length }));

/**
 * Section 1 for one log: for each m < n, the cut log's predictions at m < k ≤ n against the full log's
 * observed values. Tasks with fewer than n trials are left out (every task keeps n). `order` 'first' or 'random'.
 */
export function truncationStudy(log, ms, order, seed = 'extrap') {
  const n = Math.max(...log.tasks.map((xs) => xs.length));
  const tasks = log.tasks.filter((xs) => xs.length === n);
  const full = fitTasks(counts(tasks), { ks: [n] }).goodnessOfFit.passRates;
  const rows = [];
  for (const m of ms.filter((m) => m < n)) {
    const rng = order === 'random' ? streamRng(seed, log.name, m) : undefined;
    const ks = Array.from({ length: n - m }, (_, i) => m + 1 + i);
    const kept = tasks.map((xs) => cut(xs, m, rng));
    // The trials kept, in the log's order (first m) or drawn order (random m): the fit tests them for runs.
    const fit = fitTasks(counts(kept), { ks, trialOrder: kept });
    const chosen = fit.models.find((model) => model.name === fit.chosen);
    const before = tally();
    const after = tally();
    const decisions = new Set();
    for (const row of fit.predictions.filter((r) => r.basis === 'model')) {
      decisions.add(row.check);
      for (const metric of METRICS) {
        const target = full[row.k - 1].observed[metric].value;
        add(before, chosen.intervals?.[metric][String(row.k)] ?? null, target);
        add(after, row[metric].interval, target);
      }
    }
    const last = fit.predictions.find((r) => r.k === n);
    rows.push({
      log: log.name,
      tasks: tasks.length,
      n,
      m,
      order,
      check: fit.extrapolation.check.leaveTrialsOut.result,
      runs: fit.extrapolation.check.trialOrder?.statistic ?? null,
      decisions: [...decisions],
      before,
      after,
      atN: {
        observed: full[n - 1].observed.passAtK.value,
        predicted: last.passAtK.value,
        before: chosen.intervals?.passAtK[String(n)] ?? null,
        after: last.passAtK.interval,
      },
    });
  }
  return rows;
}

/** Known task populations: a sampler of p and the exact E[p^k] and E[(1 − p)^k]. */
export const POPULATIONS = [
  { name: 'beta(0.4, s = 2)', draw: (rng) => beta(rng, 0.8, 1.2), moment: (k, q) => betaMoment(q ? 1.2 : 0.8, 2, k) },
  {
    name: 'two-point 0.05 / 0.7',
    draw: (rng) => (rng.uniform() < 0.5 ? 0.05 : 0.7),
    moment: (k, q) => 0.5 * (q ? 0.95 : 0.05) ** k + 0.5 * (q ? 0.3 : 0.7) ** k,
  },
  { name: 'logit-normal(−0.5, 2)', draw: (rng) => logistic(-0.5 + 2 * normal(rng)), moment: (k, q) => logitNormalMoment(-0.5, 2, k, q) },
  {
    name: 'zero-inflated: 30 % at 0, beta(0.5, s = 3)',
    draw: (rng) => (rng.uniform() < 0.3 ? 0 : beta(rng, 1.5, 1.5)),
    moment: (k, q) => 0.3 * (q ? 1 : 0) + 0.7 * betaMoment(1.5, 3, k),
  },
];

/** E[x^k] for x ~ Beta(a, s − a). */
function betaMoment(a, s, k) {
  let product = 1;
  for (let j = 0; j < k; j++) product *= (a + j) / (s + j);
  return product;
}

function logistic(x) {
  return 1 / (1 + Math.exp(-x));
}

function normal(rng) {
  const u = 1 - rng.uniform();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.uniform());
}

/** E[p^k] (or E[(1 − p)^k] with q) for logit p ~ N(μ, σ²), by the trapezoid rule on z ∈ [−10, 10] (step 0.001). */
function logitNormalMoment(mu, sigma, k, q) {
  let sum = 0;
  const h = 0.001;
  for (let z = -10; z <= 10; z += h) {
    const p = logistic(mu + sigma * z);
    sum += (q ? 1 - p : p) ** k * Math.exp(-0.5 * z * z);
  }
  return (sum * h) / Math.sqrt(2 * Math.PI);
}

/** Section 2: coverage of the true pass@k and pass^k at k = 2n and 4n, before and after the rule. */
export function syntheticStudy({ population, tasks, n, replicates, seed = 'extrap' }) {
  const ks = [2 * n, 4 * n];
  const truth = Object.fromEntries(ks.map((k) => [k, { passAtK: 1 - population.moment(k, true), passHatK: population.moment(k, false) }]));
  const before = Object.fromEntries(ks.map((k) => [k, tally()]));
  const after = Object.fromEntries(ks.map((k) => [k, tally()]));
  const decisions = {};
  const checks = {};
  for (let r = 0; r < replicates; r++) {
    const rng = streamRng(seed, population.name, n, tasks, r);
    const data = Array.from({ length: tasks }, () => {
      const p = population.draw(rng);
      let c = 0;
      for (let i = 0; i < n; i++) if (rng.uniform() < p) c++;
      return { n, c };
    });
    let fit;
    try {
      fit = fitTasks(data, { ks });
    } catch {
      continue; // every task at c = 0 or c = n: nothing to fit (rare; not counted)
    }
    const chosen = fit.models.find((model) => model.name === fit.chosen);
    const check = fit.extrapolation.check.leaveTrialsOut.result;
    checks[check] = (checks[check] ?? 0) + 1;
    for (const row of fit.predictions.filter((x) => x.basis === 'model')) {
      decisions[row.check] = (decisions[row.check] ?? 0) + 1;
      for (const metric of METRICS) {
        add(before[row.k], chosen.intervals?.[metric][String(row.k)] ?? null, truth[row.k][metric]);
        add(after[row.k], row[metric].interval, truth[row.k][metric]);
      }
    }
  }
  return { population: population.name, tasks, n, replicates, truth, before, after, decisions, checks };
}

const percent = (x) => `${(100 * x).toFixed(1)} %`;
const share = (t) => `${t.inside}/${t.count}${t.refused > 0 ? ` (${t.refused} refused)` : ''}`;
const width = (t) => (t.count === 0 ? '—' : `${(100 * (t.width / t.count)).toFixed(1)}`);
const coverage = (t) => {
  const q = t.inside / t.count;
  return `${percent(q)} ± ${percent(Math.sqrt((q * (1 - q)) / t.count))}`;
};

function main() {
  const { values } = parseArgs({
    options: {
      replicates: { type: 'string', default: '200' },
      tasks: { type: 'string', default: '200' },
      seed: { type: 'string', default: 'extrap' },
      json: { type: 'boolean', default: false },
      data: { type: 'string', default: fileURLToPath(new URL('../../../shared/data/real', import.meta.url)) },
    },
  });
  const logs = readRealLogs(values.data);
  const real = logs.flatMap((log) => ['first', 'random'].flatMap((order) => truncationStudy(log, [2, 3, 5], order, values.seed)));
  const synthetic = POPULATIONS.flatMap((population) =>
    [3, 5].map((n) => syntheticStudy({ population, tasks: Number(values.tasks), n, replicates: Number(values.replicates), seed: values.seed })),
  );
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ real, synthetic }, null, 2)}\n`);
    return;
  }
  const lines = [
    '## Truncated public logs: intervals at m < k ≤ n containing the full log’s observed value',
    '',
    '| log | n | m | trials kept | check | runs z | rows | before: inside | after: inside | mean width before | after (points) | pass@n full | before | after |',
    '| --- | -: | -: | --- | --- | -: | --- | -: | -: | -: | -: | -: | --- | --- |',
  ];
  const bounds = (i) => (i === null ? '—' : `[${(100 * i.lower).toFixed(1)}, ${(100 * i.upper).toFixed(1)}]`);
  for (const row of real) {
    lines.push(
      `| ${row.log} | ${row.n} | ${row.m} | ${row.order} | ${row.check} | ${row.runs === null ? '—' : row.runs.toFixed(2)} | ${row.decisions.join(', ')} | ${share(row.before)} | ${share(row.after)} | ${width(row.before)} | ${width(row.after)} | ${percent(row.atN.observed)} | ${bounds(row.atN.before)} | ${bounds(row.atN.after)} |`,
    );
  }
  for (const order of ['first', 'random']) {
    const rows = real.filter((row) => row.order === order);
    for (const group of [(row) => row.log.startsWith('CRUXEval'), (row) => !row.log.startsWith('CRUXEval')]) {
      const chosen = rows.filter(group);
      if (chosen.length === 0) continue;
      const sum = (key, field) => chosen.reduce((s, row) => s + row[key][field], 0);
      const refused = sum('after', 'refused');
      lines.push(
        `| **${chosen[0].log.startsWith('CRUXEval') ? 'CRUXEval' : 'others'}, ${order}** | | | | | | | **${sum('before', 'inside')}/${sum('before', 'count')}** | **${sum('after', 'inside')}/${sum('after', 'count')}${refused > 0 ? ` (${refused} refused)` : ''}** | ${(100 * (sum('before', 'width') / sum('before', 'count'))).toFixed(1)} | ${(100 * (sum('after', 'width') / sum('after', 'count'))).toFixed(1)} | | | |`,
      );
    }
  }
  lines.push(
    '',
    `## Synthetic logs (${values.tasks} tasks, ${values.replicates} replicates): coverage of the true value at k = 2n and 4n (95 % intervals, pass@k and pass^k pooled)`,
    '',
  );
  lines.push(
    '| population | n | k | truth pass@k / pass^k | before | after | mean width before | after (points) | leave-trials-out check (replicates) | rows by decision (both k) |',
    '| --- | -: | -: | --- | --- | --- | -: | -: | --- | --- |',
  );
  for (const row of synthetic) {
    for (const k of Object.keys(row.truth)) {
      const checked = Object.entries(row.checks)
        .map(([d, c]) => `${d} ${c}`)
        .join(', ');
      const decided = Object.entries(row.decisions)
        .map(([d, c]) => `${d} ${c}`)
        .join(', ');
      lines.push(
        `| ${row.population} | ${row.n} | ${k} | ${percent(row.truth[k].passAtK)} / ${percent(row.truth[k].passHatK)} | ${coverage(row.before[k])} | ${coverage(row.after[k])} | ${width(row.before[k])} | ${width(row.after[k])} | ${checked} | ${decided} |`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
