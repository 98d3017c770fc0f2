// `pnpm decision-study:gate`: does `passk plan gate` (gateDesign) predict how a gate behaves?
//
// Part A, agreement. A known agent: T tasks with rates p_t drawn once from Beta(0.25, 0.3) (the
// population of the Terminal-Bench goose log). Its pilot log has 1000 trials per task, so the
// posterior plan gate draws from sits on the truth. For each gate design, plan gate's false-fail
// rate and pass rates under regressions are compared with an independent simulation: baseline and
// new-run counts drawn as sums of Bernoulli trials from the known p_t with this script's own
// generator (mulberry32), the regression applied by this script's own bisection of the log-odds
// shift, and each pair judged by the gate's rule (judgeRequirement, the code `passk gate` runs).
// Agreement: |plan − independent| within 4 combined Monte Carlo SE.
//
// Part B, the example (#41): the real Terminal-Bench goose log (5 single-attempt runs of one
// agent over 80 tasks, read from /work/shared/data/real when present): the false-fail rates of
// `delta(pass@1) >= -0.02` and `delta(passHat@5) >= -0.05` for a rerun of 80 tasks × 5 trials, by
// plan gate, and by the independent simulation with the observed rates c/n taken as the truth.
//
// Options: --simulations S (default 400), --tasks T (default 60), --seed.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';

const dist = (path) => new URL(`../../packages/sim/dist/${path}`, import.meta.url).href;
const { gateDesign } = await import(dist('planning/gateDesign.js'));
const { judgeRequirement } = await import(dist('gate/judgeRequirement.js'));

const { values } = parseArgs({
  options: { simulations: { type: 'string', default: '400' }, tasks: { type: 'string', default: '60' }, seed: { type: 'string', default: '41' } },
});
const S = Number(values.simulations);
const T = Number(values.tasks);
const SEED = Number(values.seed);

/** mulberry32: this study's own generator, independent of passk's streams. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Beta(a, b) by Jöhnk's method (a, b < 1 here). */
function betaDraw(u, a, b) {
  for (;;) {
    const x = u() ** (1 / a);
    const y = u() ** (1 / b);
    if (x + y <= 1 && x + y > 0) return x / (x + y);
  }
}

/** Rates after a regression of x: σ(logit p − δ), δ by bisection so the mean drops by x (this script's own). */
export function shiftedRates(rates, x) {
  const mean = (r) => r.reduce((s, p) => s + p, 0) / r.length;
  const target = mean(rates) - x;
  const shift = (d) => rates.map((p) => (p <= 0 ? 0 : p >= 1 ? 1 : 1 / (1 + Math.exp(-(Math.log(p / (1 - p)) - d)))));
  let lo = 0;
  let hi = 64;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (mean(shift(mid)) > target) lo = mid;
    else hi = mid;
  }
  return shift(hi);
}

/** One run: per task, the sum of `trials` Bernoulli(p_t) draws. */
function bernoulliRun(u, name, rates, trials) {
  return { name, tasks: rates.map((p, id) => ({ id, n: trials, c: Array.from({ length: trials }, () => (u() < p ? 1 : 0)).reduce((s, x) => s + x, 0) })) };
}

/** The independent gate runs: false-fail and pass under each regression, with their SE. */
export function independentGate({ requirements, rule, rates, trials, regressions, simulations, seed }) {
  const u = mulberry32(seed);
  const scenarios = [rates, ...regressions.map((x) => shiftedRates(rates, x))];
  const passes = scenarios.map(() => 0);
  for (let i = 0; i < simulations; i++) {
    const baseline = bernoulliRun(u, 'baseline', rates, trials);
    scenarios.forEach((truth, s) => {
      const candidate = bernoulliRun(u, 'candidate', truth, trials);
      if (requirements.every((r) => judgeRequirement(r, candidate, baseline, rule).pass)) passes[s]++;
    });
  }
  const rate = (count) => ({ value: count / simulations, se: Math.sqrt(((count / simulations) * (1 - count / simulations)) / simulations) });
  return { falseFail: rate(simulations - passes[0]), pass: passes.slice(1).map(rate) };
}

const req = (text) => {
  const m = /^(delta\()?(pass@|passHat@)(\d+)\)? (>=) (-?[\d.]+)$/.exec(text);
  return { delta: m[1] !== undefined, metric: m[2] === 'pass@' ? 'passAtK' : 'passHatK', k: Number(m[3]), op: m[4], threshold: Number(m[5]) };
};
const show = (r) => `${(100 * r.value).toFixed(1)}% ± ${(100 * r.se).toFixed(1)}`;
const z = (a, b) => (a.value - b.value) / Math.sqrt(a.se ** 2 + b.se ** 2 || 1e-12);

if (import.meta.url === `file://${process.argv[1]}`) {
  const u = mulberry32(SEED);
  const rates = Array.from({ length: T }, () => betaDraw(u, 0.25, 0.3));
  const pilot = rates.map((p) => ({ n: 1000, c: Array.from({ length: 1000 }, () => (u() < p ? 1 : 0)).reduce((s, x) => s + x, 0) }));
  const regressions = [0.03, 0.06];
  const designs = [
    { requirements: ['delta(pass@1) >= -0.02'], estimand: 'population', trials: 5 },
    { requirements: ['delta(pass@1) >= -0.02'], estimand: 'benchmark', trials: 5 },
    { requirements: ['delta(passHat@3) >= -0.05'], estimand: 'population', trials: 3 },
    { requirements: ['delta(pass@1) >= -0.06', 'pass@1 >= 0.3'], estimand: 'population', trials: 5 },
  ];
  process.stdout.write(
    `Part A: ${T} tasks, p ~ Beta(0.25, 0.3), mean ${(rates.reduce((s, p) => s + p, 0) / T).toFixed(3)}; ${S} simulations each; regressions ${regressions.join(', ')}\n`,
  );
  let worst = 0;
  for (const design of designs) {
    const requirements = design.requirements.map(req);
    const rule = { confidence: 0.95, estimand: design.estimand, minOverlap: 0.5 };
    const planned = gateDesign({ requirements, rule, pilot, tasks: T, trials: design.trials, regressions, simulations: S, seed: SEED });
    const independent = independentGate({ requirements, rule, rates, trials: design.trials, regressions, simulations: S, seed: SEED + 1 });
    const rows = [
      ['false-fail', planned.falseFail, independent.falseFail],
      ...regressions.map((x, i) => [`pass at −${x}`, planned.passUnderRegression[i].pass, independent.pass[i]]),
    ];
    process.stdout.write(`${design.requirements.join(' and ')} (${design.estimand}, ${T} × ${design.trials}):\n`);
    for (const [label, a, b] of rows) {
      worst = Math.max(worst, Math.abs(z(a, b)));
      process.stdout.write(`  ${label.padEnd(12)} plan gate ${show(a).padEnd(14)} independent ${show(b).padEnd(14)} z = ${z(a, b).toFixed(2)}\n`);
    }
  }
  process.stdout.write(`largest |z| = ${worst.toFixed(2)} (agreement: ≤ 4)\n`);

  const goose = '/work/shared/data/real/terminal-bench-goose-claude-4-opus';
  if (!existsSync(goose)) process.stdout.write('Part B skipped: /work/shared/data/real is not here\n');
  else {
    const tasks = new Map();
    for (const file of readdirSync(goose)) {
      for (const r of JSON.parse(readFileSync(`${goose}/${file}`, 'utf8')).results) {
        const t = tasks.get(r.task_id) ?? { n: 0, c: 0 };
        t.n++;
        t.c += r.is_resolved === true ? 1 : 0;
        tasks.set(r.task_id, t);
      }
    }
    const counts = [...tasks.values()];
    process.stdout.write(
      `Part B: Terminal-Bench goose log, ${counts.length} tasks × 5 runs, mean ${(counts.reduce((s, t) => s + t.c, 0) / (5 * counts.length)).toFixed(4)}\n`,
    );
    for (const text of ['delta(pass@1) >= -0.02', 'delta(passHat@5) >= -0.05']) {
      const requirements = [req(text)];
      const rule = { confidence: 0.95, estimand: 'population', minOverlap: 0.5 };
      const planned = gateDesign({ requirements, rule, pilot: counts, tasks: counts.length, trials: 5, regressions: [], simulations: S, seed: SEED });
      const plugIn = independentGate({ requirements, rule, rates: counts.map((t) => t.c / t.n), trials: 5, regressions: [], simulations: S, seed: SEED + 2 });
      process.stdout.write(`  ${text.padEnd(28)} false-fail: plan gate ${show(planned.falseFail)}; rates c/n as the truth ${show(plugIn.falseFail)}\n`);
    }
  }
}
