// Issue #44, estimate-10m (docs/benchmarks.md, "estimate-10m"): the grid fit's EM stopped by the
// mean log-likelihood per task (gain < EPS·T, the rule of npmlePrior) against the absolute rule it
// replaced (gain < 1e-9), at most 2000 iterations each. Per counts set: iterations of both, and the
// largest move of a this-benchmark bound (benchmarkInterval, 95 %, two-sided, pass@k and pass^k,
// k = 1..min(max n, 10)). Counts: the public logs of ../shared/data/real (read by the built CLI,
// `passk estimate FILE --json`), the bench file when present, and 200 synthetic datasets per (T, n).
// Also checks that npmlePrior's weights equal this script's EM under the per-task rule, to the bit.
//   node bench/decisions/emStoppingRule.mjs [EPS]        (after pnpm build; EPS default 3e-8)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GRID, jeffreysShare, npmlePrior } from '../../packages/sim/dist/taskAverage/gridPrior.js';
import { benchmarkInterval } from '../../packages/sim/dist/taskAverage/benchmarkInterval.js';
import { countGroups } from '../../packages/sim/dist/estimators/taskAverage.js';
import { binomialPmf } from '../../packages/sim/dist/math/binomialPmf.js';
import { streamRng } from '../../packages/sim/dist/rng/streams.js';
import { binomial } from '../../packages/sim/dist/distributions/binomial.js';

const EPS = Number(process.argv[2] ?? 3e-8);
const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shared = process.env.PASSK_SHARED ?? join(repo, '..', 'shared');
const real = join(shared, 'data', 'real');
const M = GRID.length;
const LEVEL = { confidence: 0.95, sides: 2 };

/** npmlePrior's EM (the plain loop) with a stopping rule: weights and iterations. */
function em(groups, tasks, stop) {
  const rows = groups.map(({ n, c }) => Float64Array.from(GRID, (p) => binomialPmf(c, n, p)));
  let w = new Float64Array(M).fill(1 / M);
  let next = new Float64Array(M);
  let previous = -Infinity;
  let iterations = 0;
  while (iterations < 2000) {
    iterations++;
    next.fill(0);
    let logLik = 0;
    groups.forEach(({ size }, g) => {
      const row = rows[g];
      let marginal = 0;
      for (let j = 0; j < M; j++) marginal += row[j] * w[j];
      logLik += size * Math.log(marginal);
      const scale = size / (tasks * marginal);
      for (let j = 0; j < M; j++) next[j] += row[j] * w[j] * scale;
    });
    [w, next] = [next, w];
    if (logLik - previous < stop(tasks)) break;
    previous = logLik;
  }
  return { w, iterations };
}

/** Iterations under both rules and the largest move of a bound (pp); whether npmlePrior is the new rule's fit. */
function compare(counts) {
  const groups = countGroups(counts.map(([n, c]) => ({ n, c })));
  const used = groups.filter(({ n, size }) => n > 0 && size > 0);
  const T = used.reduce((s, { size }) => s + size, 0);
  const share = jeffreysShare(T);
  const prior = (w) => ({ points: GRID, weights: Array.from(w, (x) => (1 - share) * x + share / M) });
  const before = em(used, T, () => 1e-9);
  const after = em(used, T, (tasks) => EPS * tasks);
  const a = prior(before.w);
  const b = prior(after.w);
  const maxN = Math.max(...counts.map(([n]) => n));
  let move = 0;
  for (let k = 1; k <= Math.min(maxN, 10); k++)
    for (const metric of ['passAtK', 'passHatK']) {
      const x = benchmarkInterval(groups, metric, k, LEVEL, a);
      const y = benchmarkInterval(groups, metric, k, LEVEL, b);
      if (x && y) move = Math.max(move, Math.abs(x.lower - y.lower), Math.abs(x.upper - y.upper));
    }
  const library = npmlePrior(groups).weights.every((w, j) => Object.is(w, b.weights[j]));
  return { T, before: before.iterations, after: after.iterations, movePp: 100 * move, library };
}

function countsOf(args) {
  const out = execFileSync(process.execPath, [join(repo, 'packages/cli/dist/bundle/passk.cjs'), 'estimate', ...args, '--json', '--bootstrap', '0'], {
    maxBuffer: 1 << 30,
  });
  return JSON.parse(out).perTask.map(({ n, c }) => [n, c]);
}

const LOGS = [
  ['tau-bench-gpt-4o-airline.json'],
  ['terminal-bench-orchestrator-claude-4-sonnet.json'],
  ['terminal-bench-orchestrator-claude-4.1-opus.json'],
  ['terminal-bench-orchestrator-qwen-3-coder-480B.json'],
  ['terminal-bench-goose-claude-4-opus'],
  ['humaneval-gpt35-10spt_results.jsonl'],
  ['cruxeval-codellama-7b-T0.2-input.json'],
  ['cruxeval-codellama-7b-T0.2-output.json'],
  ['inspect-scicode-claude-3-haiku.eval'],
  ['eval-arena-cruxeval-input-codellama-7b-13b.jsonl', '--rate-col', 'pass1', '--rate-n', '10', '--where', 'model=codellama-7b'],
  ['eval-arena-cruxeval-input-codellama-7b-13b.jsonl', '--rate-col', 'pass1', '--rate-n', '10', '--where', 'model=codellama-13b'],
  ['mbpp-base-vs-plus/mbpp.jsonl', '--rate-col', 'pass1', '--rate-n', '1', '--where', 'model=gpt-4-1106-preview'],
  ['mbpp-base-vs-plus/mbpp+.jsonl', '--rate-col', 'pass1', '--rate-n', '1', '--where', 'model=gpt-4-1106-preview'],
];
const line = (name, r) =>
  `${name.padEnd(58)} T ${String(r.T).padStart(6)}  iterations ${String(r.before).padStart(4)} → ${String(r.after).padStart(4)}  max |Δ bound| ${r.movePp.toFixed(4)} pp${r.library ? '' : '  (npmlePrior differs!)'}`;
let worst = 0;
if (existsSync(real)) {
  for (const [file, ...options] of LOGS) {
    const r = compare(countsOf([join(real, file), ...options]));
    worst = Math.max(worst, r.movePp);
    console.log(line([file, ...options.slice(-1)].join(' '), r));
  }
  console.log(`public logs: largest move ${worst.toFixed(4)} pp`);
} else console.log(`no public logs at ${real} (set PASSK_SHARED)`);
const benchFile = join(repo, 'bench', 'data', 'estimate-100000x100-seed7.csv');
const bench = process.env.ESTIMATE_10M_FILE ?? benchFile;
if (existsSync(bench)) console.log(line('bench file (100 000 tasks × 100 trials)', compare(countsOf([bench]))));

// Synthetic: uniform, two-point (0.05 / 0.8) and skewed (u³) task rates, 200 datasets per (T, n).
const rng = streamRng('em-stopping-rule', 1);
for (const [T, n] of [
  [10, 5],
  [20, 3],
  [20, 5],
  [30, 10],
  [100, 5],
  [300, 10],
]) {
  let most = 0;
  let sum = 0;
  for (let d = 0; d < 200; d++) {
    const counts = Array.from({ length: T }, () => {
      const u = rng.uniform();
      const p = d % 3 === 0 ? u : d % 3 === 1 ? (u < 0.5 ? 0.05 : 0.8) : u ** 3;
      return [n, binomial(rng, n, p)];
    });
    const r = compare(counts);
    most = Math.max(most, r.movePp);
    sum += r.movePp;
  }
  console.log(`synthetic T ${T}, n ${n}: largest move of a bound ${most.toFixed(4)} pp, mean of the datasets' largest ${(sum / 200).toFixed(5)} pp`);
}
