// The bad-input catalogue of result documents that fit their schema's shape but not its sense
// (issue 43), read by `passk report` and `passk chart`: rates of −500 %, probabilities above 1,
// n = −3, c > n, an interval whose lower bound is above its upper one, a level of 1.5. Each is
// refused with one line naming the file, the field's JSON path and the value, exit 2, nothing
// written (see ./catalogue.ts). The documents are passk's own chart fixtures with one number
// edited; the ranges are those of docs/results.md. Last, `--where` on a column no row has names
// the column and the columns present.
import { readFileSync } from 'node:fs';
import { fixture } from '../../helpers/runPassk.js';
import { catalogue, type BadInputCase } from './catalogue.js';

type Edit = (document: any) => void; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A chart fixture (a document passk wrote) with one edit, as file content. */
function edited(name: string, edit: Edit): string {
  const document = JSON.parse(readFileSync(fixture(`charts/${name}`), 'utf8'));
  edit(document);
  return JSON.stringify(document);
}

/** `passk report x.json` on the edited document. */
function report(name: string, edit: Edit, field: string, rule: string, value: string): BadInputCase {
  return {
    name: `report: ${name}`,
    files: { 'x.json': edited(name.split(' ')[0]!, edit) },
    args: ['report', 'x.json', '--out', 'r.html'],
    where: `x.json: ${field}`,
    rule,
    value,
  };
}

/** `passk chart KIND --from x.json` on the edited document. */
function chart(kind: string, name: string, edit: Edit, field: string, rule: string, value: string): BadInputCase {
  return {
    name: `chart ${kind}: ${name}`,
    files: { 'x.json': edited(name.split(' ')[0]!, edit) },
    args: ['chart', kind, '--from', 'x.json', '--out', 'c.svg'],
    where: `x.json: ${field}`,
    rule,
    value,
  };
}

const TASK = 'estimate-task.json';
const FILE = 'estimate-file.json';
const SIMULATE = 'simulate-refund.json';
const COMPARE = 'compare.json';

catalogue('result documents checked for sense, not only shape: report and chart', [
  report(`${TASK} with pass@1 = −5 (−500 %)`, (d) => (d.rows[0].passAtK = -5), 'rows[0].passAtK', 'expected number to be greater or equal to 0', 'got -5'),
  report(`${TASK} with pass^1 = 1.5`, (d) => (d.rows[0].passHatK = 1.5), 'rows[0].passHatK', 'expected number to be less or equal to 1', 'got 1.5'),
  report(`${FILE} with a task of n = −3`, (d) => (d.perTask[0].n = -3), 'perTask[0].n', 'expected integer to be greater or equal to 0', 'got -3'),
  report(`${FILE} with −2 tasks`, (d) => (d.tasks = -2), 'tasks', 'expected integer to be greater or equal to 0', 'got -2'),
  report(
    `${FILE} with an interval bound of −5 (−500 %)`,
    (d) => (d.rows[0].interval.passAtK.lower = -5),
    'rows[0].interval.passAtK.lower',
    'greater or equal to 0',
    'got -5',
  ),
  report(`${FILE} with trials from 9 to 8`, (d) => (d.trials.min = 9), 'trials.max', 'must be at least min (9) in a range', 'got 8'),
  report(
    `${FILE} with a clustered SE of −0.1`,
    (d) => (d.rows[0].se.passAtK = -0.1),
    'rows[0].se.passAtK',
    'expected number to be greater or equal to 0',
    'got -0.1',
  ),
  report(`${TASK} with c = 40 of n = 30`, (d) => (d.c = 40), 'n', 'must be at least c (40) in counts (successes c of n trials)', 'got 30'),
  report(`${TASK} with an interval level of 1.5`, (d) => (d.p.level = 1.5), 'p.level', 'expected number to be less than 1', 'got 1.5'),
  report(`${TASK} with an interval level of 0`, (d) => (d.p.level = 0), 'p.level', 'expected number to be greater than 0', 'got 0'),
  report(
    `${COMPARE} with a difference of −3`,
    (d) => (d.comparisons[0].rows[0].passAtK.difference = -3),
    'comparisons[0].rows[0].passAtK.difference',
    'greater or equal to -1',
    'got -3',
  ),
  report(
    `${COMPARE} with a p-value of 2`,
    (d) => (d.comparisons[0].rows[0].passAtK.pValue.value = 2),
    'comparisons[0].rows[0].passAtK.pValue.value',
    'less or equal to 1',
    'got 2',
  ),
  report(
    `${COMPARE} with −1 tasks in common`,
    (d) => (d.comparisons[0].pairing.tasks.common = -1),
    'comparisons[0].pairing.tasks.common',
    'greater or equal to 0',
    'got -1',
  ),
  report(
    `${SIMULATE} with −640 replicates done`,
    (d) => (d.replicates.done = -640),
    'replicates.done',
    'expected integer to be greater or equal to 0',
    'got -640',
  ),
  chart(
    'task-interval',
    `${TASK} with lower 0.9 above upper 0.3`,
    (d) => Object.assign(d.p, { lower: 0.9, upper: 0.3 }),
    'p.upper',
    'must be at least lower (0.9) in an interval',
    'got 0.3',
  ),
  chart(
    'pass-curves',
    `${TASK} with a credible bound of 2`,
    (d) => (d.rows[1].bayes.passHatK.upper = 2),
    'rows[1].bayes.passHatK.upper',
    'less or equal to 1',
    'got 2',
  ),
  chart(
    'delivery',
    `${SIMULATE} with a coverage of 1.5`,
    (d) => (d.rows[0].coverage.value = 1.5),
    'rows[0].coverage.value',
    'expected number to be less or equal to 1',
    'got 1.5',
  ),
  chart(
    'cost-frontier',
    `${SIMULATE} with a mean cost of −2`,
    (d) => (d.rows[0].cost.value = -2),
    'rows[0].cost.value',
    'expected number to be greater or equal to 0',
    'got -2',
  ),
  chart(
    'compare-difference',
    `${COMPARE} with an interval of B − A from 0.5 down to −0.5`,
    (d) => Object.assign(d.comparisons[0].rows[0].passAtK.interval, { lower: 0.5, upper: -0.5 }),
    'comparisons[0].rows[0].passAtK.interval.upper',
    'must be at least lower (0.5) in an interval',
    'got -0.5',
  ),
  chart(
    'fit-pass-rates',
    'fit-tau-bench.json with a predicted pass@1 of 1.2',
    (d) => (d.models[0].predicted.passAtK['1'] = 1.2),
    'models[0].predicted.passAtK[1]',
    'less or equal to 1',
    'got 1.2',
  ),
  chart('planning', 'plan-demonstrate.json with −5 runs needed', (d) => (d.runs = -5), 'runs', 'expected integer to be greater or equal to 0', 'got -5'),
  chart(
    'sweep-frontier',
    'sweep-refund.json delivering 700 % correct',
    (d) => (d.points[0].outcome.deliveredCorrect.value = 7),
    'points[0].outcome.deliveredCorrect.value',
    'less or equal to 1',
    'got 7',
  ),
]);

const CSV = 'task_id,success,model\na,1,x\na,0,x\nb,1,y\n';
const JSONL = '{"task_id":"a","success":1,"model":"x"}\n{"task_id":"b","success":0,"model":"y"}\n';
catalogue('--where on a column no row has: the column named, with the columns present', [
  {
    name: 'estimate r.csv --where modle=x',
    files: { 'r.csv': CSV },
    args: ['estimate', 'r.csv', '--where', 'modle=x', '--k', '1'],
    where: 'r.csv',
    rule: 'must have the column --where modle=x filters on, in some row (columns: "task_id", "success", "model")',
    value: 'got "modle"',
  },
  {
    name: 'estimate r.jsonl --where config.temperature=0.2 (a dot path no record has)',
    files: { 'r.jsonl': JSONL },
    args: ['estimate', 'r.jsonl', '--where', 'config.temperature=0.2', '--k', '1'],
    where: 'r.jsonl',
    rule: 'must have the column --where config.temperature=0.2 filters on, in some row (columns: "task_id", "success", "model")',
    value: 'got "config.temperature"',
  },
  {
    name: 'a column the rows have, without the value: no row meets --where (unchanged)',
    files: { 'r.csv': CSV },
    args: ['estimate', 'r.csv', '--where', 'model=z', '--k', '1'],
    where: 'r.csv',
    rule: 'must contain at least one result row meeting --where',
    value: /--where$/,
  },
]);
