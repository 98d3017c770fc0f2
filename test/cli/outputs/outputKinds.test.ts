import { spawnSync, execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { appendStepSummary } from '../../../packages/cli/src/io/stepSummary.js';
import { writeFileAtomic } from '../../../packages/cli/src/io/writeFileAtomic.js';
import { writeFilesTogether } from '../../../packages/cli/src/io/writeFilesTogether.js';
import { fixture, passk, REPO_ROOT, runInProcess } from '../../helpers/runPassk.js';

// Outputs over things that are not files (issue 43), beside the refusals of
// test/cli/badInput/outputKinds.catalogue.test.ts: what does work — charts drawn from piped inputs,
// a step summary read through a named pipe — and the writers' own last guard (gate --json: test/cli/compare/gateJson.test.ts).
const folder = mkdtempSync(join(tmpdir(), 'passk-output-kinds-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const BIN = `${REPO_ROOT}packages/cli/dist/bundle/passk.cjs`;
const CSV = fixture('compare/small-a.csv');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** A fresh folder for one test. */
function fresh(name: string): string {
  const dir = join(folder, name);
  execFileSync('mkdir', ['-p', dir]);
  return dir;
}

/** Runs a bash command line (process substitution, background writers) in `cwd`. */
function bash(script: string, cwd: string): { code: number; stdout: string; stderr: string } {
  const run = spawnSync('bash', ['-c', script], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

describe('charts render from piped inputs', () => {
  // Was `internal error (please report): ERR_MODULE_NOT_FOUND vega-util`: a synchronous stat of the
  // pipe left Node's realpathSync reading "FIFO" for every cached folder (nodejs/node#51142), so vega
  // was loaded by its link in pnpm's node_modules, where its own packages are not found.
  it('estimate <(cat r.csv) --chart c.png', () => {
    const dir = fresh('process-substitution');
    const run = bash(`node ${BIN} estimate <(cat ${CSV}) --chart c.png`, dir);
    expect(run.stderr).toMatch(/^passk: wrote pass-curves chart to c\.png$/m);
    expect(run.code).toBe(0);
    expect(readFileSync(join(dir, 'c.png')).subarray(0, 4)).toEqual(PNG_MAGIC);
  });

  it('estimate - --chart c.svg (standard input a pipe)', () => {
    const dir = fresh('stdin');
    const run = spawnSync(process.execPath, [BIN, 'estimate', '-', '--chart', 'c.svg'], { cwd: dir, encoding: 'utf8', input: readFileSync(CSV) });
    expect(run.stderr).toMatch(/^passk: wrote pass-curves chart to c\.svg$/m);
    expect(run.status).toBe(0);
    expect(readFileSync(join(dir, 'c.svg'), 'utf8')).toMatch(/^<svg/);
  });

  it('a named pipe among the inputs: estimate in.csv --chart c.png, and compare with one', () => {
    const dir = fresh('named-pipe');
    const run = bash(`mkfifo in.csv && (cat ${CSV} > in.csv &) && node ${BIN} estimate in.csv --chart c.png`, dir);
    expect(run.stderr).toMatch(/^passk: wrote pass-curves chart to c\.png$/m);
    expect(run.code).toBe(0);
    expect(readFileSync(join(dir, 'c.png')).subarray(0, 4)).toEqual(PNG_MAGIC);
    const compare = bash(
      `mkfifo b.csv && (cat ${fixture('compare/small-b.csv')} > b.csv &) && node ${BIN} compare ${CSV} b.csv --bootstrap 0 --chart d.svg`,
      dir,
    );
    expect(compare.stderr).toMatch(/^passk: wrote compare-difference chart to d\.svg$/m);
    expect(compare.code).toBe(0);
    expect(lstatSync(join(dir, 'b.csv')).isFIFO()).toBe(true);
  });

  it('report <(cat result.json) --out r.html draws its charts', () => {
    const dir = fresh('report-pipe');
    const run = bash(`node ${BIN} report <(cat ${fixture('charts/estimate-file.json')}) --out r.html`, dir);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(dir, 'r.html'), 'utf8')).toContain('<svg');
  });
});

describe('GITHUB_STEP_SUMMARY: appended to, checked like an output', () => {
  const gate = ['gate', fixture('compare/small-b.csv'), '--require', 'passHat@2 >= 0.35'];

  it('a named pipe with a reader gets the Markdown (opened without blocking, written whole)', () => {
    const dir = fresh('summary-pipe');
    const pipe = join(dir, 'summary.md');
    execFileSync('mkfifo', [pipe]);
    // This process is the reader: opened read-write, which on Linux never waits, the pipe has a
    // reader before gate starts, and what gate writes stays in the pipe's buffer until read here.
    const reader = openSync(pipe, constants.O_RDWR);
    try {
      const run = spawnSync(process.execPath, [BIN, ...gate], { cwd: dir, encoding: 'utf8', env: { ...process.env, GITHUB_STEP_SUMMARY: 'summary.md' } });
      expect(run.status, run.stderr).toBe(0);
      const buffer = Buffer.alloc(1 << 16);
      const read = buffer.subarray(0, readSync(reader, buffer)).toString('utf8');
      expect(read).toMatch(/^### passk gate: PASS \(1 of 1 requirement met\)$/m);
      expect(read.endsWith('</sub>\n\n')).toBe(true);
    } finally {
      closeSync(reader);
    }
    expect(lstatSync(pipe).isFIFO()).toBe(true);
  });

  it('a new file in an existing folder is created; an existing one appended to', async () => {
    const dir = fresh('summary-file');
    // In-process: gate reads GITHUB_STEP_SUMMARY from the environment runCli is given.
    const env = { ...process.env, GITHUB_STEP_SUMMARY: join(dir, 'summary.md') };
    for (let i = 0; i < 2; i++) {
      const run = await runInProcess(env, gate);
      expect(run.code, run.stderr).toBe(0);
    }
    expect(readFileSync(join(dir, 'summary.md'), 'utf8').match(/^### passk gate: PASS/gm)).toHaveLength(2);
  });

  it('a failed append (ENOSPC: /dev/full) is one InputError naming GITHUB_STEP_SUMMARY', async () => {
    // gate refuses a device before any work; the append itself must still turn a full disk into one line.
    const failure = appendStepSummary({ path: '/dev/full', absolute: '/dev/full', pipe: undefined }, '### passk gate: PASS\n');
    await expect(failure).rejects.toThrow(InputError);
    await expect(failure).rejects.toThrow('GITHUB_STEP_SUMMARY: could not be appended to (ENOSPC: the disk is full), got "/dev/full"');
  });
});

describe('compare: one file through a link, told apart by each run’s own --where', () => {
  it('runs, named by their conditions (as the same path twice is)', async () => {
    const dir = fresh('compare-link-where');
    const rows = ['task,alias,success', ...['t1', 't2', 't3', 't4'].flatMap((t, i) => [`${t},a,${i % 2}`, `${t},a,1`, `${t},b,1`, `${t},b,${(i + 1) % 2}`])];
    writeFileSync(join(dir, 'runs.csv'), `${rows.join('\n')}\n`);
    symlinkSync('runs.csv', join(dir, 'link.csv'));
    const run = await passk('compare', join(dir, 'runs.csv'), join(dir, 'link.csv'), '--where', 'alias=a', '--where', 'alias=b', '--bootstrap', '0', '--json');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).runs.map((source: { name: string }) => source.name)).toEqual(['alias=a', 'alias=b']);
  });
});

describe('the writers refuse to rename over a device or a FIFO (the last guard behind checkOutputs)', () => {
  it('writeFileAtomic: one InputError, the FIFO still a FIFO, no temporary left', async () => {
    const dir = fresh('writer-fifo');
    const path = join(dir, 'out.svg');
    execFileSync('mkfifo', [path]);
    await expect(writeFileAtomic(path, '<svg/>')).rejects.toThrow(`${path}: must be a regular file or a new path, not a named pipe (FIFO)`);
    expect(lstatSync(path).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['out.svg']);
  });

  it('writeFilesTogether: nothing renamed when one target is a FIFO', async () => {
    const dir = fresh('writers-fifo');
    execFileSync('mkfifo', [join(dir, 'b.csv')]);
    const files = [
      { path: join(dir, 'a.json'), content: '{}\n' },
      { path: join(dir, 'b.csv'), content: 'x\n' },
    ];
    await expect(writeFilesTogether(files)).rejects.toThrow(InputError);
    expect(existsSync(join(dir, 'a.json'))).toBe(false);
    expect(lstatSync(join(dir, 'b.csv')).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['b.csv']);
  });
});
