// Hostile inputs stay bounded: `passk estimate` on malformed big inputs (a 2 GiB file of NULs with
// no newline, /dev/zero, a single 1 GiB line, a 600 MB unterminated quote, a 1 GiB JSON string, a
// huge JSON array inside one record, a 600 MB JSON document, a zip bomb in an .eval log, an endless
// stream on standard input, a FIFO no program writes to) and one valid big input that used to cost
// memory per row (--trial-col on 37 M rows of 1 000 tasks × 37 000 trials). Each runs in a child
// process; its peak RSS comes from /usr/bin/time -v (null when that is missing). Target: < 300 MB
// each; the malformed ones must end with exit 2 and one stderr line, the valid one with exit 0.
// Inputs are written once into bench/data/ (gitignored) and reused.
//
// Run alone: node bench/hostileInputs.mjs [--only name,name] (after pnpm build); in `pnpm bench`
// unless --no-hostile.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { zipArchive } from './zipArchive.mjs';

const GNU_TIME = '/usr/bin/time';
export const HOSTILE_TARGET_MB = 300;
const MiB = 2 ** 20;
const GiB = 2 ** 30;

/** Writes `total` bytes made of `piece` repeated (after `head`, before `tail`) unless the file is there already. */
async function repeated(file, head, piece, total, tail = '') {
  if (existsSync(file) && statSync(file).size >= total) return file;
  const out = createWriteStream(file);
  out.write(head);
  const block = Buffer.from(piece.repeat(Math.ceil(MiB / piece.length)));
  for (let written = 0; written < total; written += block.length) if (!out.write(block)) await once(out, 'drain');
  out.end(tail);
  await once(out, 'finish');
  return file;
}

/** An .eval archive whose one sample inflates to `bytes` of spaces (stated size included: yauzl's own checks pass), deflated as a stream. */
async function zipBomb(file, bytes) {
  if (existsSync(file)) return file;
  const header = Buffer.from(JSON.stringify({ eval: { task: 't', model: 'm' } }));
  const sampleHead = Buffer.from('{"id":"a","epoch":1,"scores":{"match":{"value":"C"}},"pad":"');
  const sampleTail = Buffer.from('"}');
  const size = sampleHead.length + bytes + sampleTail.length;
  const spaces = Buffer.alloc(MiB, 0x20);
  let crc = crc32(sampleHead);
  const packedChunks = [];
  const deflate = createDeflateRaw({ level: 9 });
  deflate.on('data', (chunk) => packedChunks.push(chunk));
  deflate.write(sampleHead);
  for (let done = 0; done < bytes; done += MiB) {
    crc = crc32(spaces, crc);
    if (!deflate.write(spaces)) await once(deflate, 'drain');
  }
  crc = crc32(sampleTail, crc);
  deflate.end(sampleTail);
  await once(deflate, 'end');
  const packed = Buffer.concat(packedChunks);
  const entries = [
    { name: 'header.json', packed: deflateRawSync(header), crc: crc32(header), size: header.length },
    { name: 'samples/a_epoch_1.json', packed, crc, size },
  ];
  writeFileSync(file, zipArchive(entries));
  return file;
}

/** 37 M valid rows: 1 000 tasks × 37 000 trials (trials beyond 1 024 used to go to a Set per task). */
async function manyTrials(file) {
  if (existsSync(file)) return file;
  const out = createWriteStream(file);
  out.write('task,trial,success\n');
  for (let trial = 0; trial < 37_000; trial++) {
    let block = '';
    for (let task = 0; task < 1000; task++) block += `t${task},${trial},${(task * 7 + trial * 3) % 10 < 4 ? 1 : 0}\n`;
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return file;
}

/** The cases: name, what it is, how to make the input (in `dir`), the passk arguments, where stdin comes from, the exit code expected. */
export const HOSTILE_CASES = [
  {
    name: 'nul-2gib',
    what: '2 GiB of NULs, no newline',
    make: (dir) => sparseZeros(join(dir, 'nul-2gib.csv'), 2 * GiB),
    args: (f) => ['estimate', f, '--format', 'csv'],
    code: 2,
  },
  { name: 'dev-zero', what: '/dev/zero', make: () => '/dev/zero', args: (f) => ['estimate', f], code: 2 },
  {
    name: 'line-1gib',
    what: 'a header and one 1 GiB line',
    make: (dir) => repeated(join(dir, 'line-1gib.csv'), 'task,success\n', 'x', GiB, ',1\n'),
    args: (f) => ['estimate', f],
    code: 2,
  },
  {
    name: 'quote-600mb',
    what: 'a 600 MB unterminated quoted field (with line breaks)',
    make: (dir) => repeated(join(dir, 'quote-600mb.csv'), 'task,success\nt1,1\n"', 'ab\n', 600e6),
    args: (f) => ['estimate', f],
    code: 2,
  },
  {
    name: 'json-string-1gib',
    what: 'a JSON Lines line with a 1 GiB string',
    make: (dir) => repeated(join(dir, 'json-string-1gib.jsonl'), '{"task":"t1","success":1}\n{"task":"', 'x', GiB, '","success":1}\n'),
    args: (f) => ['estimate', f],
    code: 2,
  },
  {
    name: 'json-array-600mb',
    what: 'a JSON array whose second record holds a 600 MB array',
    make: (dir) => repeated(join(dir, 'json-array-600mb.json'), '[{"task":"a","success":1},\n{"task":"b","success":1,"x":[', '1,', 600e6, '1]}]\n'),
    args: (f) => ['estimate', f],
    code: 2,
  },
  {
    name: 'json-document-600mb',
    what: 'a 600 MB JSON document ({task: [outcomes]} with a huge list)',
    make: (dir) => repeated(join(dir, 'json-document-600mb.json'), '{"t1":[', 'true,', 600e6, 'true]}'),
    args: (f) => ['estimate', f],
    code: 2,
  },
  {
    name: 'json-document-stdin',
    what: 'the same 600 MB document on standard input (size not known before reading)',
    make: (dir) => repeated(join(dir, 'json-document-600mb.json'), '{"t1":[', 'true,', 600e6, 'true]}'),
    args: () => ['estimate', '-', '--format', 'task-outcomes'],
    stdin: 'file',
    code: 2,
  },
  {
    name: 'eval-zip-bomb',
    what: 'an .eval log whose sample inflates to 4 GiB (4 MB packed)',
    make: (dir) => zipBomb(join(dir, 'zip-bomb.eval'), 4 * GiB - 2 * MiB),
    args: (f) => ['estimate', f],
    code: 2,
  },
  {
    name: 'endless-stdin',
    what: 'an endless CSV stream on standard input, cut at --max-stream-bytes 2G',
    make: () => '-',
    args: () => ['estimate', '-', '--max-stream-bytes', '2G', '--bootstrap', '0'],
    stdin: 'endless',
    code: 2,
  },
  {
    name: 'fifo-no-writer',
    what: 'a FIFO no program opens for writing (--open-timeout 2)',
    make: (dir) => fifo(join(dir, 'no-writer.fifo')),
    args: (f) => ['estimate', f, '--open-timeout', '2'],
    code: 2,
  },
  {
    name: 'trial-col-37m',
    what: '--trial-col on 37 M valid rows (1 000 tasks × 37 000 trials, 430 MB)',
    make: (dir) => manyTrials(join(dir, 'trials-37m.csv')),
    args: (f) => ['estimate', f, '--trial-col', 'trial', '--bootstrap', '0', '--k', '1', '--json'],
    code: 0,
  },
];

function sparseZeros(file, bytes) {
  if (!existsSync(file) || statSync(file).size !== bytes) {
    writeFileSync(file, '');
    truncateSync(file, bytes); // a sparse file: reads as NULs, takes no disk
  }
  return file;
}

async function fifo(file) {
  await rm(file, { force: true });
  execFileSync('mkfifo', [file]);
  return file;
}

/** Runs one case in a child process: exit code, the first stderr line, seconds, peak RSS in MB (2^20 bytes). */
export async function runHostile(repoRoot, benchDir, entry, log = () => {}) {
  const dir = join(benchDir, 'data', 'hostile');
  mkdirSync(dir, { recursive: true });
  log(`hostile-inputs: ${entry.name}: preparing ${entry.what}`);
  const input = await entry.make(dir);
  const cli = join(repoRoot, 'packages/cli/dist/main.js');
  const args = [cli, ...entry.args(input)];
  const useTime = existsSync(GNU_TIME);
  const [command, full] = useTime ? [GNU_TIME, ['-v', process.execPath, ...args]] : [process.execPath, args];
  log(`hostile-inputs: ${entry.name}: passk ${entry.args(input).join(' ')}`);
  const start = process.hrtime.bigint();
  const child = spawn(command, full, { stdio: [entry.stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  if (entry.stdin === 'file') {
    const { createReadStream } = await import('node:fs');
    child.stdin.on('error', () => {}); // EPIPE once passk stops reading
    createReadStream(input)
      .on('error', () => {})
      .pipe(child.stdin);
  }
  if (entry.stdin === 'endless') {
    const block = Buffer.from('t1,1\n'.repeat(200_000));
    child.stdin.write('task,success\n');
    child.stdin.on('error', () => {}); // EPIPE once passk stops reading
    const pump = () => {
      while (child.stdin.writable && child.stdin.write(block));
      if (child.stdin.writable) child.stdin.once('drain', pump);
    };
    pump();
  }
  const [code] = await once(child, 'exit');
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const kb = useTime ? Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1]) : NaN;
  const lines = stderr.split('\n').filter((line) => line !== '' && !/^\t|^Command (exited|terminated)/.test(line));
  return {
    name: entry.name,
    what: entry.what,
    command: `passk ${entry.args(input).join(' ')}`,
    code,
    expectedCode: entry.code,
    stderrLines: lines.length,
    message: lines[0] ?? '',
    seconds,
    peakRssMB: Number.isFinite(kb) ? kb / 1024 : null,
  };
}

/** True when a result met its targets: the expected exit code, one stderr line for a refusal, peak < 300 MB. */
export function hostileMet(r) {
  return r.code === r.expectedCode && (r.code === 0 || r.stderrLines === 1) && r.peakRssMB !== null && r.peakRssMB < HOSTILE_TARGET_MB;
}

export function printHostile(results) {
  console.log(
    `hostile-inputs: passk estimate on malformed big inputs in a child process each; peak RSS by /usr/bin/time -v (target < ${HOSTILE_TARGET_MB} MB, exit as expected, one stderr line)`,
  );
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(20)} ${r.peakRssMB === null ? '   ?' : r.peakRssMB.toFixed(0).padStart(4)} MB  exit ${r.code}  ${r.seconds.toFixed(1).padStart(5)} s  ${hostileMet(r) ? 'met   ' : 'MISSED'}  ${r.what}`,
    );
    console.log(`  ${''.padEnd(20)} $ ${r.command}`);
    if (r.message) console.log(`  ${''.padEnd(20)} ${r.message.length > 150 ? `${r.message.slice(0, 149)}…` : r.message}`);
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const { fileURLToPath } = await import('node:url');
  const { dirname } = await import('node:path');
  const benchDir = dirname(fileURLToPath(import.meta.url));
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : undefined;
  const results = [];
  for (const entry of HOSTILE_CASES)
    if (!only || only.includes(entry.name)) results.push(await runHostile(join(benchDir, '..'), benchDir, entry, (line) => console.error(line)));
  printHostile(results);
  if (!results.every(hostileMet)) process.exitCode = 1;
}
