// The bad-input catalogue of outputs over things that are not files (issue 43): every output —
// `--out` files and folders, `--chart`, report and fit `--out`, merge's outputs and gate's
// $GITHUB_STEP_SUMMARY — is refused in one line before any work when it is a device, a FIFO, a
// folder or one of the inputs (also by a symbolic or a hard link); and the smaller findings: one
// file compared with itself through a link, blank --name and --seed. See ./catalogue.ts for what
// each case asserts; its "nothing altered" snapshot records a device or a FIFO in the case's folder
// as special, so one replaced by a regular file (what the atomic rename did) fails the case, and an
// input appended to or overwritten fails it too.
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { passk, fixture } from '../../helpers/runPassk.js';
import { catalogue, type BadInputCase } from './catalogue.js';

const CSV = 'task,success\na,1\na,0\nb,1\nb,1\nc,0\nc,1\n';
const OTHER = 'task,success\na,0\na,0\nb,1\nb,0\nc,1\nc,1\n';
const RUNS = { 'a.csv': CSV, 'b.csv': OTHER };
const RATE = {
  'rate.json': `${JSON.stringify({ kind: 'passk.estimate.rate', schemaVersion: 3, provenance: { argv: ['estimate', '--p', '0.5', '--k', '1'], passk: '0.1.0' }, p: 0.5, rows: [{ k: 1, passAtK: 0.5, passHatK: 0.5 }] })}\n`,
};
const SCENARIO = { 's.yaml': readFileSync(fixture('scenarios-cli/small.yaml'), 'utf8') };
// A shard written by passk itself (the whole run as shard 1 of 1), for merge's outputs.
const shardRun = await passk('simulate', fixture('scenarios-cli/small.yaml'), '--replicates', '64', '--workers', '1', '--shard', '1/1');
if (shardRun.code !== 0) throw new Error(shardRun.stderr);
const SHARD = { 'p/shard-0001-of-0001.json': shardRun.stdout };

/** A named pipe (FIFO) at `name` in the case's folder, with no process at either end. */
function fifo(dir: string, name: string): void {
  mkdirSync(join(dir, name, '..'), { recursive: true });
  execFileSync('mkfifo', [join(dir, name)]);
}

/** A character device at `name` in the case's folder: 1,3 is what /dev/null is (writes vanish), made with mknod (root only). */
function device(dir: string, name: string): void {
  mkdirSync(join(dir, name, '..'), { recursive: true });
  execFileSync('mknod', [join(dir, name), 'c', '1', '3']);
}

// Device nodes need root (as in CI); elsewhere those cases are left out, and say so in their place.
const IS_ROOT = process.getuid?.() === 0;

const DEVICE_RULE = 'must be a regular file or a new path, not a device: an output is written to a new file and renamed over the path';
const FIFO_RULE = 'must be a regular file or a new path, not a named pipe (FIFO)';

const deviceCases: BadInputCase[] = [
  // Each was written over: the rename put a regular file where the device node was.
  ['estimate --chart', ['estimate', '--p', '0.5', '--chart', 'c.svg'], {}, 'c.svg', '--chart'],
  ['compare --chart', ['compare', 'a.csv', 'b.csv', '--bootstrap', '0', '--chart', 'c.png'], RUNS, 'c.png', '--chart'],
  ['plan demonstrate --chart', ['plan', 'demonstrate', '--target', '0.9', '--k', '4', '--chart', 'c.vl.json'], {}, 'c.vl.json', '--chart'],
  ['simulate --chart', ['simulate', 's.yaml', '--replicates', '64', '--workers', '1', '--chart', 'c.svg'], SCENARIO, 'c.svg', '--chart'],
  [
    'simulate --out: summary.json of the folder',
    ['simulate', 's.yaml', '--replicates', '64', '--workers', '1', '--out', 'o'],
    SCENARIO,
    'o/summary.json',
    '--out',
  ],
  [
    'simulate --shard --out: the shard file',
    ['simulate', 's.yaml', '--replicates', '64', '--workers', '1', '--shard', '1/2', '--out', 'o'],
    SCENARIO,
    'o/shard-0001-of-0002.json',
    '--out',
  ],
  [
    'sweep --out: sweep.json',
    ['sweep', 's.yaml', '--vary', 'policy.maxAttempts=1..2', '--replicates', '64', '--workers', '1', '--out', 'o'],
    SCENARIO,
    'o/sweep.json',
    '--out',
  ],
  ['merge --out: scenario.yaml', ['merge', 'p/shard-0001-of-0001.json', '--out', 'o'], SHARD, 'o/scenario.yaml', '--out'],
  ['merge --chart', ['merge', 'p/shard-0001-of-0001.json', '--chart', 'c.svg'], SHARD, 'c.svg', '--chart'],
  ['fit --out', ['fit', 'a.csv', '--out', 'fitted.yaml'], RUNS, 'fitted.yaml', '--out'],
  ['report --out', ['report', 'rate.json', '--out', 'r.html'], RATE, 'r.html', '--out'],
  ['chart --out', ['chart', 'pass-curves', '--from', 'rate.json', '--out', 'c.svg'], RATE, 'c.svg', '--out'],
].map(([label, args, files, path, where]) => ({
  name: `${label as string} over a device`,
  files: files as Record<string, string>,
  args: (dir: string) => {
    device(dir, path as string);
    return args as string[];
  },
  where: where as string,
  rule: DEVICE_RULE,
  value: JSON.stringify(path),
}));

const fifoCases: BadInputCase[] = [
  // Each was written over (the FIFO replaced by a file); a chart after a stat of the FIFO also failed to load vega.
  ['estimate --chart', ['estimate', 'a.csv', '--chart', 'c.svg'], RUNS, 'c.svg', '--chart'],
  ['compare --chart', ['compare', 'a.csv', 'b.csv', '--bootstrap', '0', '--chart', 'c.svg'], RUNS, 'c.svg', '--chart'],
  [
    'simulate --out: summary.csv of the folder',
    ['simulate', 's.yaml', '--replicates', '64', '--workers', '1', '--out', 'o'],
    SCENARIO,
    'o/summary.csv',
    '--out',
  ],
  ['fit --out', ['fit', 'a.csv', '--out', 'fitted.yaml'], RUNS, 'fitted.yaml', '--out'],
  ['report --out', ['report', 'rate.json', '--out', 'r.html'], RATE, 'r.html', '--out'],
  ['chart --out', ['chart', 'pass-curves', '--from', 'rate.json', '--out', 'c.png'], RATE, 'c.png', '--out'],
].map(([label, args, files, path, where]) => ({
  name: `${label as string} over a FIFO`,
  files: files as Record<string, string>,
  args: (dir: string) => {
    fifo(dir, path as string);
    return args as string[];
  },
  where: where as string,
  rule: FIFO_RULE,
  value: JSON.stringify(path),
}));

const cases: BadInputCase[] = [
  ...(IS_ROOT ? deviceCases : []),
  ...fifoCases,
  // A folder where a file goes is refused before the inputs are read: the missing input is not what is reported.
  {
    name: 'estimate --chart on a folder, before the input is read',
    files: { 'c.svg/keep': '' },
    args: ['estimate', 'missing.csv', '--chart', 'c.svg'],
    where: 'c.svg',
    rule: 'must be a writable path',
    value: 'EISDIR: a folder is in the way',
  },
  {
    name: 'fit --out on a folder, before the input is read',
    files: { 'fitted.yaml/keep': '' },
    args: ['fit', 'missing.csv', '--out', 'fitted.yaml'],
    where: 'fitted.yaml',
    rule: 'must be a writable path',
    value: 'EISDIR: a folder is in the way',
  },
  // compare --chart wrote its chart over an input.
  {
    name: 'compare --chart on its baseline',
    files: { 'base.svg': CSV, 'b.csv': OTHER },
    args: ['compare', 'base.svg', 'b.csv', '--bootstrap', '0', '--chart', 'base.svg'],
    where: '--chart',
    rule: 'must not be one of the inputs (it would overwrite "base.svg")',
    value: '"base.svg"',
  },
  {
    name: 'compare --chart on a symbolic link to an input',
    files: { 'a.csv': CSV, 'new.svg': OTHER },
    args: (dir) => {
      symlinkSync('new.svg', join(dir, 'link.svg'));
      return ['compare', 'a.csv', 'new.svg', '--bootstrap', '0', '--chart', 'link.svg'];
    },
    where: '--chart',
    rule: 'must not be one of the inputs (it would overwrite "new.svg")',
    value: '"link.svg"',
  },
  {
    name: 'compare --chart on a hard link to an input',
    files: { 'a.csv': CSV, 'new.svg': OTHER },
    args: (dir) => {
      linkSync(join(dir, 'new.svg'), join(dir, 'hard.svg'));
      return ['compare', 'a.csv', 'new.svg', '--bootstrap', '0', '--chart', 'hard.svg'];
    },
    where: '--chart',
    rule: 'must not be one of the inputs (it would overwrite "new.svg")',
    value: '"hard.svg"',
  },
  {
    name: 'compare --by --chart on its input',
    files: { 'runs.svg': 'task,model,success\na,x,1\na,y,0\nb,x,1\nb,y,1\n' },
    args: ['compare', 'runs.svg', '--by', 'model', '--bootstrap', '0', '--chart', 'runs.svg'],
    where: '--chart',
    rule: 'must not be one of the inputs',
    value: '"runs.svg"',
  },
  // One file compared with itself through another name.
  {
    name: 'compare: one file and a symbolic link to it',
    files: { 'a.csv': CSV },
    args: (dir) => {
      symlinkSync('a.csv', join(dir, 'link.csv'));
      return ['compare', 'a.csv', 'link.csv'];
    },
    where: 'arguments',
    rule: 'must be different files: the same file twice compares a run with itself',
    value: '"link.csv"',
  },
  {
    name: 'compare: one file and a hard link to it',
    files: { 'a.csv': CSV },
    args: (dir) => {
      linkSync(join(dir, 'a.csv'), join(dir, 'copy.csv'));
      return ['compare', 'a.csv', 'copy.csv'];
    },
    where: 'arguments',
    rule: 'must be different files: the same file twice compares a run with itself',
    value: '"copy.csv"',
  },
  // Blank names and seeds were taken as given.
  {
    name: 'compare --name blank',
    files: RUNS,
    args: ['compare', 'a.csv', 'b.csv', '--name', '', '--name', 'new'],
    where: '--name',
    rule: 'must name each run (a name is blank)',
    value: '""',
  },
  {
    name: 'compare --name of spaces',
    files: RUNS,
    args: ['compare', 'a.csv', 'b.csv', '--name', 'old', '--name', '  '],
    where: '--name',
    rule: 'must name each run (a name is blank)',
    value: '"  "',
  },
  {
    name: 'compare --seed blank',
    files: RUNS,
    args: ['compare', 'a.csv', 'b.csv', '--seed', ''],
    where: '--seed',
    rule: 'must be an integer ≥ 0 or a non-empty text (not only spaces)',
    value: '""',
  },
  {
    name: 'estimate --seed of a space',
    files: RUNS,
    args: ['estimate', 'a.csv', '--bootstrap', '100', '--seed', ' '],
    where: '--seed',
    rule: 'must be an integer ≥ 0 or a non-empty text (not only spaces)',
    value: '" "',
  },
  {
    name: 'plan compare --seed blank',
    args: ['plan', 'compare', '--k', '4', '--mean', '0.6', '--delta', '0.05', '--simulations', '10', '--seed='],
    where: '--seed',
    rule: 'must be an integer ≥ 0 or a non-empty text (not only spaces)',
    value: '""',
  },
  {
    name: 'simulate --seed of a space',
    args: ['simulate', '--replicates', '10', '--seed', ' '],
    where: '--seed',
    rule: 'must be an integer ≥ 0 or a non-empty text (not only spaces)',
    value: '" "',
  },
  {
    name: 'gate --json with --markdown',
    files: RUNS,
    args: ['gate', 'a.csv', '--require', 'pass@1 >= 0.1', '--json', '--markdown'],
    where: '--markdown',
    rule: 'cannot be combined with --json',
    value: 'choose one output',
  },
];

// $GITHUB_STEP_SUMMARY, as GitHub Actions sets it: a file gate appends its Markdown to. Each ended in an internal error with a
// stack (a missing folder, a folder, /dev/full), waited for ever (a FIFO without a reader) or appended
// to an input.
const GATE = ['gate', 'a.csv', '--require', 'pass@1 >= 0.1'];
const summary = (path: string) => ({ GITHUB_STEP_SUMMARY: path });
/**
 * gate reads GITHUB_STEP_SUMMARY from the environment runCli is given (`io.env`, the process's in the
 * binary), so the cases run in-process but two, run as a process (the built passk), where it is the
 * binary's own environment: the FIFO, which would hang a run that opened it, and a missing folder.
 */
const AS_PROCESSES = new Set(['GITHUB_STEP_SUMMARY in a missing folder', 'GITHUB_STEP_SUMMARY is a FIFO nobody reads (gate waited for ever)']);
const asProcesses = (list: BadInputCase[]): BadInputCase[] => list.map((c) => (AS_PROCESSES.has(c.name) ? { ...c, process: true } : c));
const summaryCases = asProcesses([
  {
    name: 'GITHUB_STEP_SUMMARY in a missing folder',
    files: RUNS,
    env: summary('gone/summary.md'),
    args: GATE,
    where: 'GITHUB_STEP_SUMMARY',
    rule: 'must be a file in an existing folder (its folder does not exist)',
    value: '"gone/summary.md"',
  },
  {
    name: 'GITHUB_STEP_SUMMARY under a file',
    files: RUNS,
    env: summary('a.csv/summary.md'),
    args: GATE,
    where: 'GITHUB_STEP_SUMMARY',
    rule: 'must be a file in an existing folder (part of its path is not a folder)',
    value: '"a.csv/summary.md"',
  },
  {
    name: 'GITHUB_STEP_SUMMARY is a folder',
    files: { ...RUNS, 'summary.md/keep': '' },
    env: summary('summary.md'),
    args: GATE,
    where: 'GITHUB_STEP_SUMMARY',
    rule: 'must be a file, not a folder',
    value: '"summary.md"',
  },
  {
    name: 'GITHUB_STEP_SUMMARY is /dev/full',
    files: RUNS,
    env: summary('/dev/full'),
    args: GATE,
    where: 'GITHUB_STEP_SUMMARY',
    rule: 'must be a regular file or a new path, not a device',
    value: '"/dev/full"',
  },
  ...(IS_ROOT
    ? [
        {
          name: 'GITHUB_STEP_SUMMARY is a device in the folder',
          files: RUNS,
          env: summary('summary.md'),
          args: (dir: string) => {
            device(dir, 'summary.md');
            return GATE;
          },
          where: 'GITHUB_STEP_SUMMARY',
          rule: 'must be a regular file or a new path, not a device',
          value: '"summary.md"',
        },
      ]
    : []),
  {
    name: 'GITHUB_STEP_SUMMARY is a FIFO nobody reads (gate waited for ever)',
    files: RUNS,
    env: summary('summary.md'),
    args: (dir) => {
      fifo(dir, 'summary.md');
      return GATE;
    },
    where: 'GITHUB_STEP_SUMMARY',
    rule: 'must be a regular file, or a named pipe (FIFO) that a process reads (nobody has it open for reading)',
    value: '"summary.md"',
  },
  {
    name: 'GITHUB_STEP_SUMMARY is the gated file',
    files: RUNS,
    env: summary('a.csv'),
    args: GATE,
    where: 'GITHUB_STEP_SUMMARY',
    rule: 'must not be one of the inputs (it would append to "a.csv")',
    value: '"a.csv"',
  },
  {
    name: 'GITHUB_STEP_SUMMARY is a symbolic link to the baseline',
    files: RUNS,
    env: summary('summary.md'),
    args: (dir) => {
      symlinkSync('b.csv', join(dir, 'summary.md'));
      return ['gate', 'a.csv', '--baseline', 'b.csv', '--require', 'delta(pass@1) >= -1'];
    },
    where: 'GITHUB_STEP_SUMMARY',
    rule: 'must not be one of the inputs (it would append to "b.csv")',
    value: '"summary.md"',
  },
  {
    name: 'GITHUB_STEP_SUMMARY is a hard link to the gated file',
    files: RUNS,
    env: summary('summary.md'),
    args: (dir) => {
      linkSync(join(dir, 'a.csv'), join(dir, 'summary.md'));
      return GATE;
    },
    where: 'GITHUB_STEP_SUMMARY',
    rule: 'must not be one of the inputs (it would append to "a.csv")',
    value: '"summary.md"',
  },
]);

catalogue('outputs that are not files, and one file under two names (bad input)', cases, 60_000);
catalogue('GITHUB_STEP_SUMMARY as an output (bad input)', summaryCases, 90_000);
