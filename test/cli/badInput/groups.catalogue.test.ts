// The bad-input catalogue of groups: several runs or agents in one input, told apart with --by and
// --where and compared (issue 38). See ./catalogue.ts for what each case asserts (exit 2, one stderr
// line naming where, the rule and the value, nothing on stdout, no file created or altered).
import { crc32, deflateRawSync } from 'node:zlib';
import { zipArchive } from '../../../bench/zipArchive.mjs';
import { catalogue, type BadInputCase } from './catalogue.js';

/** Three agents by alias; a and b share the model id m1. */
const agents = ['alias,model,task_id,trial,success', 'a,m1,t1,0,1', 'a,m1,t2,0,0', 'b,m1,t1,0,1', 'b,m1,t2,0,1', 'c,m2,t1,0,0', 'c,m2,t2,0,1'].join('\n');
const files = { 'r.csv': `${agents}\n` };

/** An inspect_ai .eval log: header.json and one sample per (id, epoch). */
function evalLog(task: string, runId: string): Buffer {
  const entries: Record<string, Buffer> = {
    'header.json': Buffer.from(JSON.stringify({ eval: { task, run_id: runId, model: 'm/x' } })),
    'samples/1_epoch_1.json': Buffer.from(JSON.stringify({ id: 1, epoch: 1, scores: { match: { value: 'C' } } })),
  };
  return zipArchive(Object.entries(entries).map(([name, data]) => ({ name, packed: deflateRawSync(data), crc: crc32(data), size: data.length })));
}

const tbResults = JSON.stringify({ results: [{ trial_name: 't1.1-of-1', task_id: 't1', is_resolved: true }] });

const cases: BadInputCase[] = [
  {
    name: '--by a column the file does not have',
    files,
    args: ['estimate', 'r.csv', '--by', 'agent'],
    where: 'r.csv:2',
    rule: 'must have the column --by splits by (columns: "alias", "model", "task_id", "trial", "success")',
    value: 'got "agent"',
  },
  {
    name: 'compare --by a column the file does not have',
    files,
    args: ['compare', 'r.csv', '--by', 'agent'],
    where: 'r.csv:2',
    rule: 'must have the column --by splits by',
    value: 'got "agent"',
  },
  {
    name: '--by a column whose one value holds two agents (a system column varies within a group)',
    files,
    args: ['estimate', 'r.csv', '--by', 'model'],
    where: 'r.csv: ',
    rule: 'must hold one system per value of --by model, but model=m1 has 2 values of column "alias"',
    value: '("a", "b"); split by that column (--by alias), or keep one value with --where alias=a',
  },
  {
    name: 'compare --by that pools two agents',
    files,
    args: ['compare', 'r.csv', '--by', 'model'],
    where: 'r.csv: ',
    rule: 'must hold one system per value of --by model',
    value: '("a", "b")',
  },
  {
    name: 'compare --by a column with one value left: a group with one run only',
    files,
    args: ['compare', 'r.csv', '--by', 'alias', '--where', 'alias=a'],
    where: '--by',
    rule: 'needs a column with at least two values to compare, but alias holds only "a"',
    value: 'got "alias"',
  },
  {
    name: 'compare: one run only (one file, no --by)',
    files,
    args: ['compare', 'r.csv', '--where', 'alias=a'],
    where: 'passk compare',
    rule: 'needs at least two results files',
    value: 'got 1',
  },
  {
    name: 'compare: a --where column given neither once nor once per run',
    files,
    args: ['compare', 'r.csv', 'r.csv', '--where', 'alias=a', '--where', 'alias=b', '--where', 'alias=c'],
    where: '--where',
    rule: 'must give column alias once (for every run) or once per run (2 times',
    value: 'got 3',
  },
  {
    name: 'compare: the same file twice with the same rows',
    files,
    args: ['compare', 'r.csv', 'r.csv', '--where', 'model=m1'],
    where: 'arguments',
    rule: 'must be different files: the same file twice compares a run with itself',
    value: 'got "r.csv"',
  },
  {
    name: 'compare: two subsets of one file without a task in common, named by their own --where',
    files,
    args: ['compare', 'r.csv', 'r.csv', '--where', 'alias=a', '--where', 'task_id=t1', '--where', 'task_id=t2'],
    where: 'task_id=t2: ',
    rule: 'has no tasks in common with task_id=t1',
    value: '"t2"',
  },
  {
    name: 'inspect: two runs of one eval in a logs folder, without --by',
    files: { 'logs/a.eval': evalLog('alpha', 'run1'), 'logs/b.eval': evalLog('alpha', 'run2') },
    args: ['estimate', 'logs'],
    where: 'logs/a.eval, logs/b.eval: ',
    rule: 'must hold the results of one system, but column "eval.run_id" has 2 values',
    value: '("run1", "run2"); read one with --where eval.run_id=run1, or one estimate per value with --by eval.run_id',
  },
  {
    name: 'inspect: two evals of one run in a logs folder, without --by',
    files: { 'logs/a.eval': evalLog('alpha', 'run1'), 'logs/b.eval': evalLog('beta', 'run1') },
    args: ['estimate', 'logs'],
    where: 'logs/a.eval, logs/b.eval: ',
    rule: 'column "eval.task" has 2 values',
    value: '("alpha", "beta")',
  },
  {
    name: 'Terminal-Bench: --by agent_name on a run without run_metadata.json',
    files: { 'run/results.json': tbResults },
    args: ['estimate', 'run/results.json', '--by', 'agent_name'],
    where: 'run/results.json (results[0])',
    rule: 'must have the column --by splits by',
    value: 'got "agent_name"',
  },
  {
    name: 'Terminal-Bench: run_metadata.json beside results.json that is not JSON',
    files: { 'run/results.json': tbResults, 'run/run_metadata.json': '{"run_id": "x",' },
    args: ['estimate', 'run/results.json'],
    where: 'run/run_metadata.json: ',
    rule: 'must be valid JSON',
    value: 'got "{\\"run_id\\": \\"x\\","',
  },
];

catalogue('groups: several runs or agents in one input', cases);
