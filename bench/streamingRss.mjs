// Streaming stays bounded: `passk estimate` on a 1 GB inspect-style JSON Lines log (records with a
// nested score and a long transcript text, as inspect_ai samples carry) in a child process, its peak
// RSS from /usr/bin/time -v (else the child's own maxRSS is not available: reported as null).
// The file is written once into bench/data/ (gitignored) and reused.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';

const TARGET_BYTES = 1 << 30;
const TASKS = 10_000;
const GNU_TIME = '/usr/bin/time';

/** Writes (once) the 1 GB log: task i, trial j, success by a fixed rule, a ~1 KB transcript per record. */
export async function streamingFile(benchDir, log) {
  const dir = join(benchDir, 'data');
  const file = join(dir, 'inspect-style-1gb.jsonl');
  if (existsSync(file) && statSync(file).size >= TARGET_BYTES) return file;
  mkdirSync(dir, { recursive: true });
  log(`writing ${file} (1 GB)`);
  const handle = await open(file, 'w');
  const transcript = 'the agent ran the tests and edited the file; '.repeat(22);
  let written = 0;
  let row = 0;
  try {
    while (written < TARGET_BYTES) {
      const lines = [];
      for (let i = 0; i < 10_000; i++, row++) {
        const task = row % TASKS;
        const trial = Math.floor(row / TASKS);
        const value = (task * 7 + trial * 3) % 10 < 4 ? 1 : 0;
        lines.push(JSON.stringify({ sample: { id: `t${task}` }, epoch: trial, scores: { match: { value } }, output: transcript, total_time: 1 + (task % 5) }));
      }
      const chunk = `${lines.join('\n')}\n`;
      await handle.write(chunk);
      written += Buffer.byteLength(chunk);
    }
  } finally {
    await handle.close();
  }
  return file;
}

/** Peak RSS (MB = 2^20 bytes) and seconds of `passk estimate FILE` reading the 1 GB log. */
export function streamingRss(repoRoot, file) {
  const cli = join(repoRoot, 'packages/cli/dist/main.js');
  const args = [
    cli,
    'estimate',
    file,
    '--task-col',
    'sample.id',
    '--success-col',
    'scores.match.value',
    '--trial-col',
    'epoch',
    '--latency-col',
    'total_time',
    '--json',
    '--bootstrap',
    '0',
    '--k',
    '1',
  ];
  const useTime = existsSync(GNU_TIME);
  const [command, full] = useTime ? [GNU_TIME, ['-v', process.execPath, ...args]] : [process.execPath, args];
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    execFile(command, full, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`bench: streaming estimate failed: ${stderr.trim() || error.message}`));
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const kb = useTime ? Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1]) : NaN;
      const out = JSON.parse(stdout);
      resolve({ bytes: statSync(file).size, rows: out.source.rows, tasks: out.tasks, seconds, peakRssMB: Number.isFinite(kb) ? kb / 1024 : null });
    });
  });
}

// Run alone: node bench/streamingRss.mjs (after pnpm build).
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const { fileURLToPath } = await import('node:url');
  const { dirname } = await import('node:path');
  const benchDir = dirname(fileURLToPath(import.meta.url));
  const file = await streamingFile(benchDir, (line) => console.error(line));
  const m = await streamingRss(join(benchDir, '..'), file);
  console.log(
    `streaming-1gb: ${(m.bytes / 2 ** 30).toFixed(2)} GiB, ${m.rows} rows over ${m.tasks} tasks in ${m.seconds.toFixed(1)} s, peak RSS ${m.peakRssMB?.toFixed(0) ?? '?'} MB (target < 300 MB)`,
  );
}
