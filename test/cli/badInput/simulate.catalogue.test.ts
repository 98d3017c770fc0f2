// The bad-input catalogue of `passk simulate` and `passk sweep`: scenario files that are hostile
// (prototype keys, alias bombs, 10⁹ tasks or replicates), option values out of range, work over the
// stated limits, options ignored in a combination, and outputs that would overwrite an input;
// see ./catalogue.ts for what each case asserts.
import { catalogue, type BadInputCase } from './catalogue.js';

/** A small valid scenario (5 tasks, 2 100 replicates). */
const SMALL = 'seed: 7\ntasks: { count: 5, successRate: { dist: beta, mean: 0.6, concentration: 3 } }\npolicy: { maxAttempts: 6 }\nrun: { replicates: 2100 }\n';
const files = (extra: Record<string, string> = {}) => ({ 's.yaml': SMALL, ...extra });
const scenario = (text: string) => ({ 'x.yaml': text });
const run = ['--workers', '1'];

const simulate: BadInputCase[] = [
  { name: 'tasks.count 1e9: refused before work (memory)', files: scenario('tasks: { count: 1000000000, successRate: { dist: point, p: 0.5 } }\npolicy: { maxAttempts: 2 }\nrun: { replicates: 1 }\n'), args: ['simulate', 'x.yaml', ...run], where: '--max-tasks', rule: 'limits tasks in one scenario', value: '1000000000' },
  { name: 'run.replicates 1e9 in the file', files: scenario('tasks: { count: 5, successRate: { dist: point, p: 0.5 } }\npolicy: { maxAttempts: 2 }\nrun: { replicates: 1000000000 }\n'), args: ['simulate', 'x.yaml', ...run], where: '--max-episodes', rule: 'limits episodes', value: '5000000000' },
  { name: '--replicates 1e9', files: files(), args: ['simulate', 's.yaml', '--replicates', '1e9', ...run], where: '--max-episodes', rule: 'raise it with --max-episodes', value: '5000000000' },
  { name: '--replicates 1e9 on the built-in scenario', args: ['simulate', '--replicates', '1000000000', ...run], where: '--max-episodes', rule: 'limits episodes', value: '200000000000' },
  { name: '--max-episodes 1.5', files: files(), args: ['simulate', 's.yaml', '--max-episodes', '1.5'], where: '--max-episodes', rule: 'integer ≥ 1', value: '1.5' },
  { name: '--max-tasks below the scenario', files: files(), args: ['simulate', 's.yaml', '--max-tasks', '2'], where: '--max-tasks', rule: 'the scenario has 5', value: '2' },
  { name: 'a __proto__ key in the scenario', files: scenario('__proto__: { polluted: 1 }\ntasks: { count: 5, successRate: { dist: point, p: 0.5 } }\npolicy: { maxAttempts: 2 }\n'), args: ['simulate', 'x.yaml', ...run], where: 'x.yaml: __proto__', rule: 'unknown key', value: 'allowed: $schema' },
  { name: 'a constructor key in the scenario', files: scenario('constructor: { prototype: { polluted: 1 } }\ntasks: { count: 5, successRate: { dist: point, p: 0.5 } }\npolicy: { maxAttempts: 2 }\n'), args: ['simulate', 'x.yaml', ...run], where: 'x.yaml: constructor', rule: 'unknown key', value: 'allowed: $schema' },
  { name: 'a __proto__ key inside policy', files: scenario('tasks: { count: 5, successRate: { dist: point, p: 0.5 } }\npolicy: { maxAttempts: 2, __proto__: { polluted: 1 } }\n'), args: ['simulate', 'x.yaml', ...run], where: 'x.yaml: policy.__proto__', rule: 'unknown key', value: 'maxAttempts' },
  { name: 'a __proto__ key in JSON', files: { 'x.json': '{"tasks": {"count": 5, "successRate": {"dist": "point", "p": 0.5}}, "policy": {"maxAttempts": 2}, "__proto__": {"polluted": 1}}' }, args: ['simulate', 'x.json', ...run], where: 'x.json: __proto__', rule: 'unknown key', value: 'allowed' },
  { name: 'YAML alias bomb', files: scenario(`a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n`), args: ['simulate', 'x.yaml', ...run], where: 'x.yaml', rule: 'must not expand YAML aliases', value: '1000 times' },
  { name: 'YAML syntax error', files: scenario('tasks: { count: 5\n'), args: ['simulate', 'x.yaml', ...run], where: /x\.yaml:\d+/, rule: 'must be valid YAML or JSON', value: /\(.+\)/ },
  { name: 'an empty scenario file', files: scenario(''), args: ['simulate', 'x.yaml', ...run], where: 'x.yaml', rule: 'must contain a scenario', value: 'empty' },
  { name: 'a scenario that is a list', files: scenario('- 1\n- 2\n'), args: ['simulate', 'x.yaml', ...run], where: 'x.yaml', rule: 'must be an object', value: '[1,2]' },
  { name: 'tasks.count as text', files: scenario('tasks: { count: many, successRate: { dist: point, p: 0.5 } }\npolicy: { maxAttempts: 2 }\n'), args: ['simulate', 'x.yaml', ...run], where: 'x.yaml: tasks.count', rule: 'integer ≥ 1', value: '"many"' },
  { name: 'policy.maxAttempts 0', files: scenario('tasks: { count: 5, successRate: { dist: point, p: 0.5 } }\npolicy: { maxAttempts: 0 }\n'), args: ['simulate', 'x.yaml', ...run], where: 'x.yaml: policy.maxAttempts', rule: 'integer ≥ 1', value: '0' },
  { name: 'seed above 2^53 in the file: refused as written, not rounded', files: scenario('seed: 9007199254740993\ntasks: { count: 5, successRate: { dist: point, p: 0.5 } }\npolicy: { maxAttempts: 2 }\n'), args: ['simulate', 'x.yaml', ...run], where: 'x.yaml:1', rule: 'integers of at most 9007199254740991', value: '"9007199254740993"' },
  { name: 'a negative seed in the file', files: scenario('seed: -1\ntasks: { count: 5, successRate: { dist: point, p: 0.5 } }\npolicy: { maxAttempts: 2 }\n'), args: ['simulate', 'x.yaml', ...run], where: 'x.yaml: seed', rule: 'integer ≥ 0 or a non-empty string', value: '-1' },
  { name: 'missing scenario file', args: ['simulate', 'nothere.yaml'], where: 'nothere.yaml', rule: 'must exist', value: 'file not found' },
  { name: '--seed above 2^53 is not rounded', files: files(), args: ['simulate', 's.yaml', '--seed', '9007199254740993'], where: '--seed', rule: 'integer from 0 to 9007199254740991', value: '"9007199254740993"' },
  { name: '--seed empty', files: files(), args: ['simulate', 's.yaml', '--seed', ''], where: '--seed', rule: 'non-empty', value: '""' },
  { name: '--workers 0', files: files(), args: ['simulate', 's.yaml', '--workers', '0'], where: '--workers', rule: 'integer in 1..256', value: '0' },
  { name: '--replicates 0', files: files(), args: ['simulate', 's.yaml', '--replicates', '0'], where: '--replicates', rule: 'integer ≥ 1', value: '0' },
  { name: '--replicates 2.5', files: files(), args: ['simulate', 's.yaml', '--replicates', '2.5'], where: '--replicates', rule: 'integer ≥ 1', value: '2.5' },
  { name: '--json with --csv', files: files(), args: ['simulate', 's.yaml', '--json', '--csv'], where: '--json/--csv', rule: 'choose one output format', value: 'one' },
  { name: '--pilot-trials 0', files: files(), args: ['simulate', 's.yaml', '--pilot-trials', '0'], where: '--pilot-trials', rule: 'integer in 1..1000000', value: '0' },
  { name: '--pilot-design unknown', files: files(), args: ['simulate', 's.yaml', '--pilot-design', 'both'], where: '--pilot-design', rule: 'must be one of separate, episode', value: '"both"' },
  { name: '--pilot-design without --pilot-trials', files: files(), args: ['simulate', 's.yaml', '--pilot-design', 'episode'], where: '--pilot-design', rule: 'only works with --pilot-trials', value: 'ignored without it' },
  { name: '--per-task without --tasks-from', files: files(), args: ['simulate', 's.yaml', '--per-task'], where: '--per-task', rule: 'only works with --tasks-from', value: 'ignored without it' },
  { name: '--task-col without --tasks-from', files: files(), args: ['simulate', 's.yaml', '--task-col', 'id'], where: '--task-col', rule: 'only works with --tasks-from', value: 'ignored without it' },
  { name: '--format without --tasks-from', files: files(), args: ['simulate', 's.yaml', '--format', 'jsonl'], where: '--format', rule: 'only works with --tasks-from', value: 'ignored without it' },
  { name: '--tasks-from a missing file', files: files(), args: ['simulate', 's.yaml', '--tasks-from', 'nothere.csv'], where: 'nothere.csv', rule: 'must exist', value: 'file not found' },
  { name: '--shard -1/2 (not "Unknown argument: 1")', files: files(), args: ['simulate', 's.yaml', '--shard', '-1/2'], where: '--shard', rule: 'must be i/N with 1 ≤ i ≤ N', value: '"-1/2"' },
  { name: '--shard 0/4', files: files(), args: ['simulate', 's.yaml', '--shard', '0/4'], where: '--shard', rule: 'must be i/N', value: '"0/4"' },
  { name: '--shard 5/4', files: files(), args: ['simulate', 's.yaml', '--shard', '5/4'], where: '--shard', rule: 'must be i/N', value: '"5/4"' },
  { name: '--shard 3 (no count)', files: files(), args: ['simulate', 's.yaml', '--shard', '3'], where: '--shard', rule: 'must be i/N', value: '"3"' },
  { name: '--shard 1/200000', files: files(), args: ['simulate', 's.yaml', '--shard', '1/200000'], where: '--shard', rule: 'must be i/N', value: '"1/200000"' },
  { name: '--shards without --shard auto', files: files(), args: ['simulate', 's.yaml', '--shards', '4'], where: '--shards', rule: 'only goes with --shard auto', value: '4' },
  { name: '--shard auto outside a job array', files: files(), args: (dir) => ['simulate', `${dir}/s.yaml`, '--shard', 'auto'], where: '--shard auto', rule: 'needs a job-array index in the environment', value: 'SLURM_ARRAY_TASK_ID', process: true },
  { name: '--shard with --pilot-trials', files: files(), args: ['simulate', 's.yaml', '--shard', '1/2', '--pilot-trials', '4'], where: '--pilot-trials', rule: 'does not go with --shard', value: 'merge gives the result' },
  { name: '--shard with --chart', files: files(), args: ['simulate', 's.yaml', '--shard', '1/2', '--chart', 'c.svg'], where: '--chart', rule: 'does not go with --shard', value: 'passk merge --chart' },
  { name: '--shard with --csv', files: files(), args: ['simulate', 's.yaml', '--shard', '1/2', '--csv'], where: '--csv', rule: 'does not go with --shard', value: 'passk merge --csv' },
  { name: '--shard with --json', files: files(), args: ['simulate', 's.yaml', '--shard', '1/2', '--json'], where: '--json', rule: 'does not go with --shard', value: 'passk merge --json' },
  { name: '--chart extension', files: files(), args: ['simulate', 's.yaml', '--chart', 'out.gif'], where: '--chart', rule: 'must end in .svg, .png or .vl.json', value: '"out.gif"' },
  { name: '--out DIR holding the input scenario.yaml', files: { 'o/scenario.yaml': SMALL }, args: ['simulate', 'o/scenario.yaml', '--out', 'o', ...run], where: '--out', rule: 'must not be one of the inputs', value: '"o/scenario.yaml"' },
  { name: '--out DIR whose shard file is the input', files: { 'p/shard-0001-of-0002.json': SMALL }, args: ['simulate', 'p/shard-0001-of-0002.json', '--shard', '1/2', '--out', 'p', ...run], where: '--out', rule: 'must not be one of the inputs', value: 'shard-0001-of-0002.json' },
  { name: '--out where the third file is a folder: nothing written', files: { ...files(), 'o/scenario.yaml/keep': '' }, args: ['simulate', 's.yaml', '--out', 'o', '--replicates', '64', ...run], where: 'o/scenario.yaml', rule: 'must be a writable path', value: 'EISDIR' },
  { name: '--out under /proc (no endless mkdir)', files: files(), args: ['simulate', 's.yaml', '--out', '/proc/passk-catalogue/out', '--replicates', '64', ...run], where: '/proc/passk-catalogue/out/summary.json', rule: 'must be a writable path', value: /\(E[A-Z]+\)/ },
  { name: 'sweep of a YAML alias bomb', files: scenario(`a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n`), args: ['sweep', 'x.yaml', '--vary', 'policy.maxAttempts=1..2'], where: 'x.yaml', rule: 'must not expand YAML aliases', value: '1000 times' },
  { name: '--out under a regular file', files: { ...files(), plain: 'x' }, args: ['simulate', 's.yaml', '--out', 'plain/sub', '--replicates', '64', ...run], where: 'plain/sub/summary.json', rule: 'must be a writable path', value: 'ENOTDIR' },
];

const sweep: BadInputCase[] = [
  { name: '--vary __proto__.polluted=1', files: files(), args: ['sweep', 's.yaml', '--vary', '__proto__.polluted=1'], where: '--vary', rule: 'must be the dotted path of a scenario key', value: '"__proto__.polluted"' },
  { name: '--vary constructor.prototype.x=1', files: files(), args: ['sweep', 's.yaml', '--vary', 'constructor.prototype.x=1'], where: '--vary', rule: 'must be the dotted path of a scenario key', value: '"constructor.prototype.x"' },
  { name: '--vary policy.__proto__.x=1', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.__proto__.x=1'], where: '--vary', rule: 'scenario key', value: '"policy.__proto__.x"' },
  { name: '--vary toString=1', files: files(), args: ['sweep', 's.yaml', '--vary', 'toString=1'], where: '--vary', rule: 'scenario key', value: '"toString"' },
  { name: '--vary a misspelt path', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.maxAtempts=1..3'], where: '--vary', rule: 'did you mean policy.maxAttempts?', value: '"policy.maxAtempts"' },
  { name: '--vary without values', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.maxAttempts'], where: '--vary', rule: 'must be path=values', value: '"policy.maxAttempts"' },
  { name: '--vary range going down', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.maxAttempts=5..1'], where: '--vary', rule: 'range 5..1 must go up', value: '"policy.maxAttempts=5..1"' },
  { name: '--vary range of 20000', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.maxAttempts=1..20000'], where: '--vary', rule: 'fewer than 10000 values', value: '"policy.maxAttempts=1..20000"' },
  { name: '--vary empty item', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.maxAttempts=1,,2'], where: '--vary', rule: 'empty value', value: '"policy.maxAttempts=1,,2"' },
  { name: '--vary grid over 10000 points', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.maxAttempts=1..100', '--vary', 'run.replicates=1..101'], where: '--vary', rule: 'at most 10000 grid points', value: '"100 × 101 = 10100 points"' },
  { name: 'sweep of 10000 points: over the episode limit before any work', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.maxAttempts=1..100', '--vary', 'run.replicates=100000..100099', '--workers', '1'], where: '--max-episodes', rule: 'over every grid point', value: '5002475000' },
  { name: '--vary the same path twice', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.maxAttempts=1', '--vary', 'policy.maxAttempts=2'], where: '--vary', rule: 'names each path once', value: '"policy.maxAttempts"' },
  { name: 'a point that makes the scenario invalid', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.maxAttempts=2,0'], where: 's.yaml with policy.maxAttempts=0: policy.maxAttempts', rule: 'integer ≥ 1', value: '0' },
  { name: 'a point with an out-of-range rate', files: files(), args: ['sweep', 's.yaml', '--vary', 'verifier.falseAccept=2'], where: 's.yaml with verifier.falseAccept=2: verifier.falseAccept', rule: 'between 0 and 1', value: '2' },
  { name: 'a point replacing an object by a number', files: files(), args: ['sweep', 's.yaml', '--vary', 'tasks=3'], where: 's.yaml with tasks=3: tasks', rule: 'must be an object', value: '3' },
  { name: 'no --vary', files: files(), args: ['sweep', 's.yaml'], where: '--vary', rule: 'required', value: '--vary' },
  { name: '--max-cost -1', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.maxAttempts=1', '--max-cost', '-1'], where: '--max-cost', rule: 'finite number ≥ 0', value: '-1' },
  { name: '--max-wrong-delivery x', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.maxAttempts=1', '--max-wrong-delivery', 'x'], where: '--max-wrong-delivery', rule: 'finite number ≥ 0', value: '"x"' },
  { name: '--replicates 1e9 at every point', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.maxAttempts=1..2', '--replicates', '1000000000'], where: '--max-episodes', rule: 'limits episodes', value: '10000000000' },
  { name: 'sweep --shard with --chart', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.maxAttempts=1..2', '--shard', '1/2', '--chart', 'c.svg'], where: '--chart', rule: 'does not go with --shard', value: 'passk merge --chart' },
  { name: 'sweep --shard with --json', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.maxAttempts=1..2', '--shard', '1/2', '--json'], where: '--json', rule: 'does not go with --shard', value: 'passk merge --json' },
  { name: 'sweep --shard -1/2', files: files(), args: ['sweep', 's.yaml', '--vary', 'policy.maxAttempts=1..2', '--shard', '-1/2'], where: '--shard', rule: 'must be i/N', value: '"-1/2"' },
  { name: 'sweep --out DIR/sweep.json is the input', files: { 'o/sweep.json': '{"tasks": {"count": 5, "successRate": {"dist": "point", "p": 0.5}}, "policy": {"maxAttempts": 2}}' }, args: ['sweep', 'o/sweep.json', '--vary', 'policy.maxAttempts=1..2', '--out', 'o'], where: '--out', rule: 'must not be one of the inputs', value: '"o/sweep.json"' },
  { name: 'sweep of a missing scenario', args: ['sweep', 'nothere.yaml', '--vary', 'policy.maxAttempts=1..2'], where: 'nothere.yaml', rule: 'must exist', value: 'file not found' },
];

catalogue('simulate (bad input)', simulate);
catalogue('sweep (bad input)', sweep);
