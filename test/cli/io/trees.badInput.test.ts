// The bad-input catalogue for folders and globs read as harness output trees (see
// ../badInput/catalogue.ts for what each case asserts: exit 2, one stderr line naming where, the
// rule and the value, nothing on stdout, no file created or altered).
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue, type BadInputCase } from '../badInput/catalogue.js';

/** A Terminal-Bench trial record (the fields the harness writes first). */
const trial = (name: string, resolved: boolean) => ({ id: `id-${name}`, trial_name: name, task_id: 'fix-git', instruction: 'Fix it.', is_resolved: resolved });
const tbRun = (...names: string[]) => JSON.stringify({ id: 'run', results: names.map((name) => trial(name, true)), accuracy: 1 }, null, 4);
const tau2 = JSON.stringify({
  timestamp: '2025-11-01T10:30:00',
  info: { num_trials: 1, agent_info: { llm: 'x' }, user_info: { llm: 'y' } },
  tasks: [{ id: '0' }],
  simulations: [{ id: 's', task_id: '0', trial: 0, reward_info: { reward: 1 } }],
});

const cases: BadInputCase[] = [
  {
    name: 'a tree holding two harnesses results',
    files: { 'runs/tb/results.json': tbRun('fix-git.1-of-1.r1'), 'runs/tau2/results.json': tau2 },
    args: ['estimate', 'runs'],
    where: 'runs',
    rule: 'must hold the results of one harness to be read as one run, but holds tau2-bench results (tau2/results.json) and terminal-bench results (tb/results.json)',
    value: "read each harness's files apart",
  },
  {
    name: 'a tree without results files names what it skipped',
    files: { 'runs/r1/run_metadata.json': '{"run_id": "r1", "agent_name": "terminus"}', 'runs/r1/tb.lock': '{}', 'runs/README.md': '# runs\n' },
    args: ['estimate', 'runs'],
    where: 'runs',
    rule: 'must hold results files (.csv, .tsv, .tab, .jsonl, .ndjson, .json, .eval of a harness or of plain records)',
    value: 'found none among 3 files (skipped README.md, run_metadata.json, tb.lock)',
  },
  {
    name: 'a glob matching only what a harness writes beside its results',
    files: {
      'runs/r1/run_metadata.json': '{"run_id": "r1", "agent_name": "terminus"}',
      'runs/r2/run_metadata.json': '{"run_id": "r2", "agent_name": "terminus"}',
    },
    args: ['estimate', 'runs/*/*.json'],
    where: 'runs/*/*.json',
    rule: 'must hold results files',
    value: 'found none among 2 files (skipped 2 run_metadata.json)',
  },
  {
    name: "per-trial results.json without their run's results.json",
    files: { 'runs/r1/fix-git/fix-git.1-of-1.r1/results.json': JSON.stringify(trial('fix-git.1-of-1.r1', true), null, 4) },
    args: ['estimate', 'runs/**/results.json'],
    where: 'runs/r1/fix-git/fix-git.1-of-1.r1/results.json',
    rule: 'is a Terminal-Bench per-trial results.json (a copy of one record of its run',
    value: '"fix-git.1-of-1.r1"',
  },
  {
    name: "a per-trial results.json whose trial its run's results.json does not list",
    files: {
      'runs/r1/results.json': tbRun('fix-git.1-of-2.r1'),
      'runs/r1/fix-git/fix-git.1-of-2.r1/results.json': JSON.stringify(trial('fix-git.1-of-2.r1', true), null, 4),
      'runs/r1/fix-git/fix-git.2-of-2.r1/results.json': JSON.stringify(trial('fix-git.2-of-2.r1', false), null, 4),
    },
    args: ['estimate', 'runs'],
    where: 'runs/r1/fix-git/fix-git.2-of-2.r1/results.json',
    rule: 'whose trial is not in runs/r1/results.json',
    value: '"fix-git.2-of-2.r1"',
  },
  {
    name: 'a symbolic link loop in a folder',
    files: { 'runs/a/r.csv': 'task,success\nt,1\n' },
    args: (dir) => {
      mkdirSync(join(dir, 'runs', 'a', 'b'));
      symlinkSync('../..', join(dir, 'runs', 'a', 'b', 'up'));
      return ['estimate', 'runs'];
    },
    where: 'runs/a/b/up',
    rule: 'is a symbolic link back to runs, a folder that holds it: a loop the walk would never leave',
    value: /, got ".*\/runs"$/,
  },
  {
    name: 'a symbolic link loop under a glob',
    files: { 'runs/a/r.csv': 'task,success\nt,1\n' },
    args: (dir) => {
      mkdirSync(join(dir, 'runs', 'a', 'b'));
      symlinkSync('../..', join(dir, 'runs', 'a', 'b', 'up'));
      return ['estimate', 'runs/**/*.csv'];
    },
    where: 'runs/a/b/up',
    rule: 'is a symbolic link back to runs, a folder that holds it: a loop the glob would go round',
    value: /, got ".*\/runs"$/,
  },
  {
    name: "plain records beside a harness's results (the readers refuse the mix)",
    files: { 'runs/a.csv': 'task_id,success\na,1\n', 'runs/b/results.json': tbRun('a.1-of-1.r') },
    args: ['estimate', 'runs'],
    where: 'runs/b/results.json',
    rule: 'must be in the format of runs/a.csv (csv) to be read with it',
    value: 'reads as terminal-bench',
  },
];

catalogue('harness output trees: bad input', cases);
