// Reading big valid logs stays bounded (issue 43): peak RSS of `passk estimate` (and `fit --out`)
// on inputs that used to cost memory per attempt or per entry, each in a child process, its peak
// RSS from /usr/bin/time -v (null when that is missing; MB = 2^20 bytes):
// - costs-15m:     15 M rows (100 000 tasks × 150 trials) with a cost column, `estimate --cost-col cost`
//                  (per-attempt costs were kept one by one: 682 MB in issue 43);
// - no-costs-15m:  the same file without reading the cost (the reference: the fast CSV path);
// - fit-costs-15m: `fit --cost-col cost --out` on it (the empirical cost distribution written into the scenario);
// - json-400k:     `estimate --json` on 400 000 tasks × 5 trials (the per-task JSON: 1.1 GB in issue 43);
// - eval-400k:     an inspect_ai .eval archive with 400 000 sample entries (100 000 ids × 4 epochs,
//                  zip64, header.json last as inspect writes it; the entry list was kept: 401 MB).
// Inputs are written into a fresh temp folder (removed afterwards unless --keep); each run's
// standard output goes to a file there, and its size and SHA-256 are printed, so two builds can be
// compared byte for byte.
//
// Run alone (after pnpm build): node bench/readerMemory.mjs [--only a,b] [--repo DIR] [--keep]
// --repo runs another checkout's build (e.g. a `git worktree add /tmp/before HEAD` built with pnpm build).
// In `pnpm bench` unless --no-reader-memory.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, openSync, closeSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { zipArchive } from './zipArchive.mjs';

const GNU_TIME = '/usr/bin/time';
/** Target for every case: the same rows without costs take about 100 MB; the rest is room for V8's heap as it grows with the tasks. */
export const READER_MEMORY_TARGET_MB = 250;

/**
 * Writes `header` then, trial by trial, one line per task (`row(task, trial)`) into `file` in 1 MB
 * blocks, unless the file is there from an earlier run; returns its path.
 */
async function writeRows(file, header, trials, tasks, row) {
  if (existsSync(file)) return file;
  const out = createWriteStream(file);
  out.write(header);
  for (let trial = 0; trial < trials; trial++) {
    let block = '';
    for (let task = 0; task < tasks; task++) {
      block += row(task, trial);
      if (block.length > 1 << 20) {
        if (!out.write(block)) await once(out, 'drain');
        block = '';
      }
    }
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return file;
}

/** The 15 M-row CSV: task,trial,success,cost; rows trial by trial (each trial of every task, then the next). */
function costsFile(dir) {
  return writeRows(join(dir, 'costs-15m.csv'), 'task,trial,success,cost\n', 150, 100_000, (task, trial) => {
    const success = (task * 7 + trial * 3) % 10 < 4 ? 1 : 0;
    const cost = (((task * 7919 + trial * 104_729) % 100_000) + 1) / 100_000;
    return `t${task},${trial},${success},${cost}\n`;
  });
}

/** 400 000 tasks × 5 trials: task,trial,success. */
function manyTasksFile(dir) {
  return writeRows(
    join(dir, 'tasks-400k.csv'),
    'task,trial,success\n',
    5,
    400_000,
    (task, trial) => `task-${task},${trial},${(task * 7 + trial * 3) % 10 < 4 ? 1 : 0}\n`,
  );
}

/** An .eval archive of 400 000 samples (100 000 ids × 4 epochs, deflated), header.json after them. */
function evalFile(dir) {
  const file = join(dir, 'log-400k.eval');
  if (existsSync(file)) return file;
  const entries = [];
  const add = (name, data) => entries.push({ name, packed: deflateRawSync(data), crc: crc32(data), size: data.length });
  for (let epoch = 1; epoch <= 4; epoch++) {
    for (let id = 0; id < 100_000; id++) {
      const value = (id * 7 + epoch * 3) % 10 < 4 ? 'C' : 'I';
      const sample = {
        id: `s${id}`,
        epoch,
        scores: { match: { value } },
        model_usage: { m: { input_tokens: 100 + (id % 50), output_tokens: 20 + (epoch % 7) } },
        total_time: 1 + ((id * 13 + epoch) % 100) / 10,
      };
      add(`samples/s${id}_epoch_${epoch}.json`, Buffer.from(JSON.stringify(sample)));
    }
  }
  add('header.json', Buffer.from(JSON.stringify({ eval: { task: 't', model: 'm' } })));
  writeFileSync(file, zipArchive(entries));
  return file;
}

/** The cases: a name, what it shows, the input it needs, and the CLI arguments (after `passk`). */
export const READER_CASES = [
  { name: 'costs-15m', what: '15 M rows with a cost column: estimate --cost-col cost', input: costsFile, args: (f) => ['estimate', f, '--cost-col', 'cost'] },
  { name: 'no-costs-15m', what: 'the same rows, the cost not read (reference)', input: costsFile, args: (f) => ['estimate', f] },
  {
    name: 'fit-costs-15m',
    what: '15 M rows with a cost column: fit --cost-col cost --out',
    input: costsFile,
    args: (f, dir) => ['fit', f, '--cost-col', 'cost', '--out', join(dir, 'fitted.yaml')],
    output: 'fitted.yaml',
  },
  { name: 'json-400k', what: '400 000 tasks × 5 trials: estimate --json', input: manyTasksFile, args: (f) => ['estimate', f, '--json'] },
  { name: 'eval-400k', what: 'an .eval with 400 000 sample entries (zip64, header last): estimate', input: evalFile, args: (f) => ['estimate', f] },
];

/** One case in a child process: exit code, seconds, peak RSS (MB), and the size and SHA-256 of what it wrote. */
export async function runReaderCase(repoRoot, dir, entry, log = () => {}) {
  const file = await entry.input(dir);
  const cli = join(repoRoot, 'packages/cli/dist/main.js');
  const args = [cli, ...entry.args(file, dir)];
  const useTime = existsSync(GNU_TIME);
  const [command, full] = useTime ? [GNU_TIME, ['-v', process.execPath, ...args]] : [process.execPath, args];
  const stdoutFile = join(dir, `${entry.name}.stdout`);
  const fd = openSync(stdoutFile, 'w');
  log(`reader-memory: ${entry.name}: passk ${entry.args(file, dir).join(' ')}`);
  const start = process.hrtime.bigint();
  const child = spawn(command, full, { stdio: ['ignore', fd, 'pipe'] });
  closeSync(fd);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'close');
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const kb = useTime ? Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1]) : NaN;
  const written = entry.output === undefined ? stdoutFile : join(dir, entry.output);
  const output = existsSync(written) ? { bytes: statSync(written).size, sha256: await sha256(written) } : { bytes: 0, sha256: null };
  const passkLines = stderr.split('\n').filter((line) => line.startsWith('passk:'));
  return { name: entry.name, what: entry.what, code, seconds, peakRssMB: Number.isFinite(kb) ? kb / 1024 : null, ...output, error: passkLines[0] ?? null };
}

async function sha256(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/** Met: exit 0 and a peak RSS under the target. */
export function readerMet(result) {
  return result.code === 0 && result.peakRssMB !== null && result.peakRssMB < READER_MEMORY_TARGET_MB;
}

export function printReader(results) {
  console.log(`reader-memory: peak RSS of passk on big valid logs (target < ${READER_MEMORY_TARGET_MB} MB each; /usr/bin/time -v)`);
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(14)} ${r.peakRssMB === null ? '?' : r.peakRssMB.toFixed(0).padStart(5)} MB  ${r.seconds.toFixed(1).padStart(6)} s  exit ${r.code}  ` +
        `${readerMet(r) ? 'met   ' : 'MISSED'}  ${r.what}; output ${r.bytes} bytes sha256 ${r.sha256?.slice(0, 16) ?? '-'}${r.error ? `; ${r.error}` : ''}`,
    );
  }
}

// Run alone.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const { parseArgs } = await import('node:util');
  const { fileURLToPath } = await import('node:url');
  const { values } = parseArgs({
    options: { only: { type: 'string' }, repo: { type: 'string' }, keep: { type: 'boolean', default: false }, dir: { type: 'string' } },
  });
  const repoRoot = values.repo === undefined ? resolve(fileURLToPath(new URL('..', import.meta.url))) : resolve(values.repo);
  const only = values.only?.split(',');
  const dir = values.dir === undefined ? mkdtempSync(join(tmpdir(), 'passk-reader-memory-')) : resolve(values.dir);
  const results = [];
  try {
    for (const entry of READER_CASES)
      if (only === undefined || only.includes(entry.name)) results.push(await runReaderCase(repoRoot, dir, entry, (line) => console.error(line)));
  } finally {
    if (!values.keep && values.dir === undefined) rmSync(dir, { recursive: true, force: true });
    else console.error(`reader-memory: inputs kept in ${dir}`);
  }
  console.log(`build: ${repoRoot}`);
  printReader(results);
}
