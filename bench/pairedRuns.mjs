// Paired end-to-end timing of one command in two settings, for docs/machinery.md ("what it buys"):
//   node bench/pairedRuns.mjs --name NAME --pairs 7 --b-env 'PASSK_NO_COMPILE_CACHE=1' [--a-env 'K=V …'] -- COMMAND ARGS…
// Runs A (the command as is, with --a-env) and B (with --b-env) alternately, A B A B …, each under
// `nice -n 10 /usr/bin/time` so both meet the same load; stdout is discarded, a failure stops the run.
// Prints one JSON line: per measure (wall seconds, user + sys CPU seconds) the median of A and of B,
// and the median, smallest and largest of the per-pair ratios B / A (> 1: A is faster).
// CPU time is the steadier measure on a shared machine: wall time also counts the waits for a core.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: options, positionals: command } = parseArgs({
  options: {
    name: { type: 'string', default: 'run' },
    pairs: { type: 'string', default: '7' },
    'a-env': { type: 'string', default: '' },
    'b-env': { type: 'string', default: '' },
  },
  allowPositionals: true,
});
const pairs = Number(options.pairs);
if (!Number.isInteger(pairs) || pairs < 1) throw new Error(`pairedRuns: --pairs must be a positive integer, got ${options.pairs}`);
if (command.length === 0) throw new Error('pairedRuns: no command after --');

/** "K=V K2=V2" → { K: 'V', K2: 'V2' }. */
function environment(text) {
  return Object.fromEntries(
    text
      .split(' ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

const dir = mkdtempSync(join(tmpdir(), 'passk-paired-'));
const timeFile = join(dir, 'time');
/** One run: wall seconds (spawn to exit) and user + sys CPU seconds of the process and its threads. */
function once(extra) {
  const start = performance.now();
  const run = spawnSync('nice', ['-n', '10', '/usr/bin/time', '-o', timeFile, '-f', '%U %S', ...command], {
    env: { ...process.env, ...extra },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const wall = (performance.now() - start) / 1000;
  if (run.status !== 0) throw new Error(`pairedRuns: ${command.join(' ')} exited ${run.status}: ${run.stderr}`);
  const [user, sys] = readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: user + sys };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const round = (x) => Number(x.toFixed(3));

const envA = environment(options['a-env']);
const envB = environment(options['b-env']);
const a = [];
const b = [];
try {
  for (let i = 0; i < pairs; i++) {
    a.push(once(envA));
    b.push(once(envB));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const result = { name: options.name, pairs };
for (const measure of ['wall', 'cpu']) {
  const ratios = a.map((x, i) => b[i][measure] / x[measure]);
  result[measure] = {
    medianA: round(median(a.map((x) => x[measure]))),
    medianB: round(median(b.map((x) => x[measure]))),
    ratioMedian: round(median(ratios)),
    ratioMin: round(Math.min(...ratios)),
    ratioMax: round(Math.max(...ratios)),
  };
}
console.log(JSON.stringify(result));
