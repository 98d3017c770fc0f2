// `pnpm bench:one-sided-coverage`: what the note of `passk estimate --n N --c C --sides 1 --interval
// wilson|jeffreys|agresti-coull` costs — oneSidedMinimumCoverage with the CLI's MINIMUM_COVERAGE_DIPS,
// timed as the CLI meets it: its first call in a fresh process (cold, JIT warm-up included), the
// best of --runs processes, and the same call again in that process (warm). Target (issue #10):
// well under 100 ms up to n = 10 000. Prints one row per (method, n) and whether the figure is exact.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { cpus, loadavg } from 'node:os';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(values.runs);
const METHODS = ['wilson', 'agresti-coull', 'jeffreys'];
const TRIALS = [10, 100, 1_000, 10_000, 100_000, 1_000_000];
const TARGET_MS = 100;

// One fresh process: import, one call (cold), the same call again (warm).
const CHILD = `
const { oneSidedMinimumCoverage } = await import(${JSON.stringify(new URL('../packages/sim/dist/intervals/oneSidedMinimumCoverage.js', import.meta.url).href)});
const { MINIMUM_COVERAGE_DIPS } = await import(${JSON.stringify(new URL('../packages/cli/dist/commands/weakBoundCoverage.js', import.meta.url).href)});
const [method, n] = [process.argv[1], Number(process.argv[2])];
const options = { method, confidence: 0.95, maxDips: MINIMUM_COVERAGE_DIPS[method] };
let t = performance.now();
const result = oneSidedMinimumCoverage(n, options);
const cold = performance.now() - t;
t = performance.now();
oneSidedMinimumCoverage(n, options);
process.stdout.write(JSON.stringify({ cold, warm: performance.now() - t, ...result }));
`;

process.stdout.write(`one-sided minimum coverage, 95 %, best of ${RUNS} fresh processes; ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}\n`);
process.stdout.write('method          n          cold ms  warm ms  exact  coverage\n');
let missed = 0;
for (const method of METHODS) {
  for (const n of TRIALS) {
    const runs = Array.from({ length: RUNS }, () =>
      JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', CHILD, method, String(n)], { encoding: 'utf8' })),
    );
    const best = runs.reduce((a, b) => (b.cold < a.cold ? b : a));
    if (n <= 10_000 && best.cold >= TARGET_MS) missed++;
    process.stdout.write(
      `${method.padEnd(14)}  ${String(n).padEnd(9)}  ${best.cold.toFixed(1).padStart(7)}  ${Math.min(...runs.map((r) => r.warm))
        .toFixed(1)
        .padStart(7)}  ${String(best.exact).padEnd(5)}  ${(best.coverage * 100).toFixed(2)}%\n`,
    );
  }
}
process.stdout.write(missed === 0 ? `every n ≤ 10 000 under ${TARGET_MS} ms cold\n` : `${missed} cells at n ≤ 10 000 took ≥ ${TARGET_MS} ms cold\n`);
