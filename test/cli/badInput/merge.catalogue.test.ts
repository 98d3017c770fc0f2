// The bad-input catalogue of `passk merge`: shard files whose structure or numbers were altered
// (wrong types, null, lists for objects, edited sums, ranges, levels, indices, counts), with and
// without a recomputed checksum, files that are no shards, refused option combinations and
// outputs, and the `observed` log values of --tasks-from shards (their shape, the same in every
// shard). Every case names the shard file and the field; see ./catalogue.ts for the rest.
import { withChecksum } from '../../../packages/cli/src/run/shardChecksum.js';
import { passk } from '../../helpers/runPassk.js';
import { catalogue, type BadInputCase } from './catalogue.js';

const SMALL = 'seed: 7\ntasks: { count: 5, successRate: { dist: beta, mean: 0.6, concentration: 3 } }\npolicy: { maxAttempts: 2 }\nrun: { replicates: 640 }\n';

/** Shards written by passk itself (in-process): simulate 2 of 4 and sweep 1 of 2 of the small scenario. */
async function shardOf(...args: string[]): Promise<Record<string, unknown>> {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(`${tmpdir()}/passk-merge-cat-`);
  writeFileSync(`${dir}/s.yaml`, SMALL);
  const run = await passk(args[0]!, `${dir}/s.yaml`, ...args.slice(1), '--workers', '1');
  if (run.code !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}
const simulateShard = await shardOf('simulate', '--shard', '2/4');

// simulate --tasks-from shards (1 and 2 of 4) of a small log, 6 tasks × 4 trials: they carry `observed`.
const LOG = `task_id,trial,success\n${[0, 1, 1, 2, 3, 4].flatMap((c, t) => [0, 1, 2, 3].map((i) => `t${t},${i},${i < c ? 1 : 0}`)).join('\n')}\n`;
async function tasksFromShard(index: number): Promise<Record<string, unknown>> {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(`${tmpdir()}/passk-merge-cat-`);
  writeFileSync(`${dir}/log.csv`, LOG);
  const run = await passk('simulate', '--tasks-from', `${dir}/log.csv`, '--replicates', '640', '--shard', `${index}/4`, '--workers', '1');
  if (run.code !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}
const tasksFromShards = [await tasksFromShard(1), await tasksFromShard(2)];
const sweepShard = await shardOf('sweep', '--vary', 'policy.maxAttempts=1..2', '--shard', '1/2');

type Edit = (shard: any) => void; // eslint-disable-line @typescript-eslint/no-explicit-any
/** The shard with one edit, as the file content; `seal` recomputes its checksum (a deliberate editor). */
function edited(base: Record<string, unknown>, edit: Edit, seal = false): string {
  const copy = structuredClone(base);
  edit(copy);
  return JSON.stringify(seal ? withChecksum(copy) : copy);
}
const one = (content: string): BadInputCase['files'] => ({ 'p/shard-0002-of-0004.json': content });
const F = 'p/shard-0002-of-0004.json';
const merge = (...extra: string[]) => ['merge', F, '--allow-partial', ...extra];

function tampered(name: string, edit: Edit, field: string, rule: string, value: string, seal = false): BadInputCase {
  return { name, files: one(edited(simulateShard, edit, seal)), args: merge(), where: `${F}: ${field}`, rule, value };
}
function tamperedSweep(name: string, edit: Edit, field: string, rule: string, value: string, seal = false): BadInputCase {
  return {
    name,
    files: { 'p/shard-0001-of-0002.json': edited(sweepShard, edit, seal) },
    args: ['merge', 'p/shard-0001-of-0002.json', '--allow-partial'],
    where: `p/shard-0001-of-0002.json: ${field}`,
    rule,
    value,
  };
}

const structure: BadInputCase[] = [
  tampered('partial.nodes null', (s) => (s.partial.nodes = null), 'partial.nodes', 'must be a list', 'null'),
  tampered('partial.nodes an object (not part.nodes.map is not a function)', (s) => (s.partial.nodes = {}), 'partial.nodes', 'must be a list', '{}'),
  tampered('partial.nodes text', (s) => (s.partial.nodes = 'x'), 'partial.nodes', 'must be a list', '"x"'),
  tampered('partial null', (s) => (s.partial = null), 'partial', 'must be an object', 'null'),
  tampered('partial a list', (s) => (s.partial = []), 'partial', 'must be an object', '[]'),
  tampered('a node null', (s) => (s.partial.nodes[0] = null), 'partial.nodes[0]', 'must be an object', 'null'),
  tampered('node sums an object', (s) => (s.partial.nodes[0].sums = {}), 'partial.nodes[0].sums', 'must be a list', '{}'),
  tampered('node sums too short', (s) => s.partial.nodes[0].sums.pop(), 'partial.nodes[0].sums', 'must be a list of 76 numbers (for maxAttempts 2)', '75'),
  tampered('a sum as text', (s) => (s.partial.nodes[0].sums[3] = '1'), 'partial.nodes[0].sums[3]', 'must be a number from 0', '"1"'),
  tampered('a sum null', (s) => (s.partial.nodes[0].sums[0] = null), 'partial.nodes[0].sums[0]', 'must be a number from 0', 'null'),
  tampered('partial.ranges null', (s) => (s.partial.ranges = null), 'partial.ranges', 'must be a list', 'null'),
  tampered('a range end as text', (s) => (s.partial.ranges[0].end = '320'), 'partial.ranges[0].end', 'must be an integer', '"320"'),
  tampered('partial.stopped as text', (s) => (s.partial.stopped = 'no'), 'partial.stopped', 'must be true or false', '"no"'),
  tampered('partial.maxAttempts 0', (s) => (s.partial.maxAttempts = 0), 'partial.maxAttempts', 'must be an integer from 1', '0'),
  tampered('partial.format other', (s) => (s.partial.format = 'passk-partial/9'), 'partial.format', 'must be passk-partial/3', '"passk-partial/9"'),
  tampered('run null', (s) => (s.run = null), 'run', 'must be an object', 'null'),
  tampered('run a list', (s) => (s.run = [1]), 'run', 'must be an object', '[1]'),
  tampered('run.replicates as text', (s) => (s.run.replicates = '640'), 'run.replicates', 'must be an integer from 1', '"640"'),
  tampered('run.seed 1.5', (s) => (s.run.seed = 1.5), 'run.seed', 'integer ≥ 0 or a non-empty string', '1.5'),
  tampered('run.fingerprint a number', (s) => (s.run.fingerprint = 7), 'run.fingerprint', 'must be a string', '7'),
  tampered('shard a list', (s) => (s.shard = [2, 4]), 'shard', 'must be an object', '[2,4]'),
  tampered('shard.index 0', (s) => (s.shard.index = 0), 'shard.index', 'must be an integer from 1 to 4', '0'),
  tampered('shard.count null', (s) => (s.shard.count = null), 'shard.count', 'must be an integer from 1', 'null'),
  tampered('episodes negative', (s) => (s.episodes = -1), 'episodes', 'must be an integer from 0', '-1'),
  tampered('seconds as text', (s) => (s.seconds = 'fast'), 'seconds', 'must be a number ≥ 0', '"fast"'),
  tampered('kind unknown', (s) => (s.kind = 'estimate'), 'kind', 'must be simulate or sweep', '"estimate"'),
  tampered('passk version a number', (s) => (s.passk = 1), 'passk', 'must be a string', '1'),
  tampered('scenario null', (s) => (s.scenario = null), 'scenario', 'must be an object', 'null'),
  tampered('runtime missing', (s) => delete s.runtime, 'runtime', 'must be an object ({ name, version, engine, arithmetic })', 'arithmetic })'),
  tampered('runtime.engine a number', (s) => (s.runtime.engine = 8), 'runtime.engine', 'must be a string', '8'),
  tampered('runtime.arithmetic a list', (s) => (s.runtime.arithmetic = []), 'runtime.arithmetic', 'must be an object (a hash per Math function)', '[]'),
  tampered('runtime.arithmetic empty', (s) => (s.runtime.arithmetic = {}), 'runtime.arithmetic', 'must name at least one Math function', '{}'),
  tampered('a runtime.arithmetic hash null', (s) => (s.runtime.arithmetic.pow = null), 'runtime.arithmetic.pow', 'must be a string', 'null'),
];

const numbers: BadInputCase[] = [
  tampered(
    'a sum edited to −7.8e303 (coverage)',
    (s) => (s.partial.nodes[0].sums[0] = -7.8e303),
    'partial.nodes[0].sums[0]',
    'must be a number from 0 to',
    '-7.8e+303',
  ),
  tampered(
    'a sum edited beyond its bound, checksum recomputed',
    (s) => (s.partial.nodes[0].sums[1] = 1e9),
    'partial.nodes[0].sums[1]',
    'Σ coverage at k = 2',
    '1000000000',
    true,
  ),
  tampered(
    'a sum edited within range: the checksum catches it',
    (s) => (s.partial.nodes[0].sums[0] += 1),
    'checksum',
    'must match the shard’s content',
    'changed after passk wrote it',
  ),
  tampered('done 1e9 of 640', (s) => (s.partial.done = 1e9), 'partial.done', 'must be an integer from 0 to 640', '1000000000', true),
  tampered('done edited, checksum recomputed', (s) => (s.partial.done -= 64), 'partial.done', 'must equal the replicates of its nodes (192)', '128', true),
  tampered('a range edited', (s) => (s.partial.ranges[0].end -= 1), 'partial.ranges', 'must be the replicates its nodes cover (128..319)', '"128..318"', true),
  tampered(
    'a node level edited',
    (s) => (s.partial.nodes[0].level = 9),
    'partial.nodes[0].index',
    "must name blocks inside the run's 640 replicates",
    '1',
    true,
  ),
  tampered(
    'a node index edited',
    (s) => (s.partial.nodes[0].index = 0),
    'partial.ranges',
    'must be the replicates its nodes cover (0..127, 256..319)',
    '"128..319"',
    true,
  ),
  tampered('a node replicate count edited', (s) => (s.partial.nodes[0].replicates = 1e9), 'partial.nodes[0].replicates', 'must be', '1000000000', true),
  tampered('episodes edited', (s) => (s.episodes = 1e9), 'episodes', 'must equal the episodes its partial sums hold', '1000000000', true),
  tampered('partial.replicates edited', (s) => (s.partial.replicates = 6400), 'partial.replicates', 'must equal run.replicates (640)', '6400', true),
  tampered('checksum missing', (s) => delete s.checksum, 'checksum', 'must be the sha256:… checksum', 'run the shard again'),
  tampered('checksum garbage', (s) => (s.checksum = 'sha256:00'), 'checksum', 'must be the sha256:… checksum', '"sha256:00"'),
  tampered(
    'a scenario key __proto__ (checksum recomputed)',
    (s) => (s.scenario = JSON.parse(`{"__proto__": {"polluted": 1}, ${JSON.stringify(s.scenario).slice(1)}`)),
    'scenario: __proto__',
    'unknown key',
    'allowed',
    true,
  ),
];

const sweep: BadInputCase[] = [
  tamperedSweep('pieces an object', (s) => (s.pieces = {}), 'pieces', 'must be a list', '{}'),
  tamperedSweep('a piece null', (s) => (s.pieces[0] = null), 'pieces[0]', 'must be an object', 'null'),
  tamperedSweep('a piece point -1', (s) => (s.pieces[0].point = -1), 'pieces[0].point', 'must be an integer from 0', '-1'),
  tamperedSweep('a piece partial a list', (s) => (s.pieces[0].partial = []), 'pieces[0].partial', 'must be an object', '[]'),
  tamperedSweep('sweep.vary an object', (s) => (s.sweep.vary = { a: 1 }), 'sweep.vary', 'must be a list', '{"a":1}'),
  tamperedSweep(
    'sweep.vary __proto__ path',
    (s) => (s.sweep.vary = ['__proto__.polluted=1']),
    'sweep.vary[0]',
    'must be the dotted path of a scenario key',
    '"__proto__.polluted"',
    true,
  ),
  tamperedSweep('sweep.constraints.maxCost -1', (s) => (s.sweep.constraints.maxCost = -1), 'sweep.constraints.maxCost', 'must be a number ≥ 0 or null', '-1'),
  tamperedSweep('sweep.replicates 0', (s) => (s.sweep.replicates = 0), 'sweep.replicates', 'must be an integer from 1', '0'),
  tamperedSweep(
    'a piece sum edited',
    (s) => (s.pieces[0].partial.nodes[0].sums[2] = -1),
    'pieces[0].partial.nodes[0].sums[2]',
    'must be a number from 0',
    '-1',
  ),
];

const files: BadInputCase[] = [
  { name: 'not JSON', files: one('{"format": '), args: merge(), where: F, rule: 'must be a shard file', value: 'not valid JSON' },
  { name: 'JSON null', files: one('null'), args: merge(), where: F, rule: 'must be a shard file (format passk-shard/4)', value: 'passk sweep --shard' },
  { name: 'a JSON list', files: one('[]'), args: merge(), where: F, rule: 'must be a shard file', value: 'passk simulate --shard' },
  {
    name: 'an older shard format',
    files: one(edited(simulateShard, (s) => (s.format = 'passk-shard/2'))),
    args: merge(),
    where: F,
    rule: 'from an older passk',
    value: 'passk-shard/2',
  },
  {
    name: 'the previous shard format, without the runtime',
    files: one(
      edited(simulateShard, (s) => {
        s.format = 'passk-shard/3';
        delete s.runtime;
      }),
    ),
    args: merge(),
    where: F,
    rule: 'from an older passk',
    value: 'passk-shard/3',
  },
  { name: 'a missing shard file', args: ['merge', 'nothere.json'], where: 'nothere.json', rule: 'must exist', value: 'file not found' },
  {
    name: 'a folder without shards',
    files: { 'empty/readme.txt': 'x' },
    args: ['merge', 'empty'],
    where: 'empty',
    rule: 'must hold shard files',
    value: 'has none',
  },
  {
    name: 'missing shards without --allow-partial',
    files: one(JSON.stringify(simulateShard)),
    args: ['merge', F],
    where: 'merge',
    rule: 'must have every shard of the run once',
    value: 'shard-0001-of-0004.json',
  },
  {
    name: 'the same shard twice',
    files: { ...one(JSON.stringify(simulateShard)), 'copy.json': JSON.stringify(simulateShard) },
    args: ['merge', F, 'copy.json', '--allow-partial'],
    where: 'copy.json',
    rule: 'must be merged once',
    value: 'shard 2 of 4',
  },
  {
    name: 'merge --json --csv',
    files: one(JSON.stringify(simulateShard)),
    args: merge('--json', '--csv'),
    where: '--json/--csv',
    rule: 'choose one output format',
    value: 'one',
  },
  {
    name: 'merge --csv of a sweep',
    files: { 'p/shard-0001-of-0002.json': JSON.stringify(sweepShard) },
    args: ['merge', 'p/shard-0001-of-0002.json', '--allow-partial', '--csv'],
    where: '--csv',
    rule: 'is for simulate results',
    value: '--json',
  },
  {
    name: 'merge --chart extension',
    files: one(JSON.stringify(simulateShard)),
    args: merge('--chart', 'c.gif'),
    where: '--chart',
    rule: 'must end in .svg, .png or .vl.json',
    value: '"c.gif"',
  },
  {
    name: 'merge --out DIR over an input named summary.json',
    files: { 'p/summary.json': JSON.stringify(simulateShard) },
    args: ['merge', 'p/summary.json', '--allow-partial', '--out', 'p'],
    where: '--out',
    rule: 'must not be one of the inputs',
    value: '"p/summary.json"',
  },
];

const G = 'p/shard-0001-of-0004.json';
/** Shards 1 and 2 of a --tasks-from run, shard 2 edited (and sealed: a deliberate editor), merged in that order. */
function twoTasksFrom(name: string, edit: Edit, rule: string, value: string): BadInputCase {
  return {
    name,
    files: { [G]: JSON.stringify(tasksFromShards[0]), [F]: edited(tasksFromShards[1]!, edit, true) },
    args: ['merge', G, F, '--allow-partial'],
    where: F,
    rule,
    value,
  };
}
function tamperedTasksFrom(name: string, edit: Edit, field: string, rule: string, value: string, seal = true): BadInputCase {
  return { name, files: one(edited(tasksFromShards[1]!, edit, seal)), args: merge(), where: `${F}: ${field}`, rule, value };
}
const SHAPE = "must be the log's values as simulate --tasks-from writes them (observed, docs/results.md)";
const SAME = `must carry the same log of --tasks-from (observed) as ${G}, as every shard of one run does`;

const observed: BadInputCase[] = [
  tamperedTasksFrom(
    'observed edited, checksum not recomputed',
    (s) => (s.observed.rows[0].passAtK.value = 0.5),
    'checksum',
    'must match the shard’s content',
    'changed after passk wrote it',
    false,
  ),
  tamperedTasksFrom('observed null', (s) => (s.observed = null), 'observed', SHAPE, 'null'),
  tamperedTasksFrom('observed a list', (s) => (s.observed = []), 'observed', SHAPE, '[]'),
  tamperedTasksFrom('observed.rows an object', (s) => (s.observed.rows = {}), 'observed.rows', SHAPE, '{}'),
  tamperedTasksFrom('observed.file a number', (s) => (s.observed.file = 7), 'observed.file', SHAPE, '7'),
  tamperedTasksFrom('observed row k as text', (s) => (s.observed.rows[0].k = '1'), 'observed.rows[0].k', SHAPE, '"1"'),
  tamperedTasksFrom('observed row k 0', (s) => (s.observed.rows[1].k = 0), 'observed.rows[1].k', SHAPE, '0'),
  tamperedTasksFrom(
    'observed interval bound as text',
    (s) => (s.observed.rows[2].passHatK.interval.lower = 'low'),
    'observed.rows[2].passHatK.interval.lower',
    `${SHAPE}: expected number`,
    '"low"',
  ),
  tamperedTasksFrom('observed passAtK missing', (s) => delete s.observed.rows[0].passAtK, 'observed.rows[0].passAtK', SHAPE, 'expected required property'),
  twoTasksFrom(
    'observed differs between shards (checksum recomputed)',
    (s) => (s.observed.rows[0].passAtK.value = 0.5),
    SAME,
    'its observed.rows[0].passAtK.value is 0.5, not 0.4583',
  ),
  twoTasksFrom('one shard without observed (checksum recomputed)', (s) => delete s.observed, SAME, 'its observed is none, not {"file":"log.csv"'),
  twoTasksFrom(
    'observed of another log (checksum recomputed)',
    (s) => (s.observed.file = 'other.csv'),
    SAME,
    'its observed.file is "other.csv", not "log.csv"',
  ),
];

catalogue('merge: shard structure altered', structure);
catalogue('merge: shard numbers altered', numbers);
catalogue('merge: sweep shards altered', sweep);
catalogue('merge: files and options', files);
catalogue('merge: the observed log of simulate --tasks-from shards', observed);
