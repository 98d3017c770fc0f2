// The bad-input catalogue of `passk chart`, `passk report`, `passk demo` and `passk schema`, and
// of unknown commands: result files that are not results, outputs over inputs, and paths that
// cannot be written; see ./catalogue.ts for what each case asserts.
import { catalogue, type BadInputCase } from './catalogue.js';

const NOT_RESULT = { 'bad.json': '{"kind":"passk.nothing"}\n' };
const RATE = { 'rate.json': `${JSON.stringify({ kind: 'passk.estimate.rate', p: 0.5, rows: [{ k: 1, passAtK: 0.5, passHatK: 0.5 }] })}\n` };

const cases: BadInputCase[] = [
  {
    name: 'chart: unknown kind',
    files: RATE,
    args: ['chart', 'nope', '--from', 'rate.json', '--out', 'x.svg'],
    where: 'KIND',
    rule: 'must be one of pass-curves',
    value: '"nope"',
  },
  {
    name: 'chart: from a JSON that is no result',
    files: NOT_RESULT,
    args: ['chart', 'pass-curves', '--from', 'bad.json', '--out', 'x.svg'],
    where: 'bad.json',
    rule: 'must be a passk result',
    value: '"passk.nothing"',
  },
  {
    name: 'chart: from a missing file',
    args: ['chart', 'pass-curves', '--from', 'nothere.json', '--out', 'x.svg'],
    where: 'nothere.json',
    rule: 'must exist',
    value: 'file not found',
  },
  {
    name: 'chart: from a file that is not JSON',
    files: { 'r.json': '{' },
    args: ['chart', 'pass-curves', '--from', 'r.json', '--out', 'x.svg'],
    where: 'r.json',
    rule: 'JSON',
    value: /JSON/,
  },
  {
    name: 'chart: --out extension',
    files: RATE,
    args: ['chart', 'pass-curves', '--from', 'rate.json', '--out', 'out.gif'],
    where: '--out',
    rule: 'must end in .svg, .png or .vl.json',
    value: '"out.gif"',
  },
  {
    name: 'chart: --out over its input',
    files: { 'e.vl.json': RATE['rate.json'] },
    args: ['chart', 'pass-curves', '--from', 'e.vl.json', '--out', 'e.vl.json'],
    where: '--out',
    rule: 'must not be one of the inputs',
    value: '"e.vl.json"',
  },
  { name: 'chart: --out missing', files: RATE, args: ['chart', 'pass-curves', '--from', 'rate.json'], where: '--out', rule: 'required', value: '--out' },
  {
    name: 'chart: a kind that does not fit the result',
    files: RATE,
    args: ['chart', 'sweep-frontier', '--from', 'rate.json', '--out', 'x.svg'],
    where: /rate\.json|sweep-frontier/,
    rule: /must|needs/,
    value: /passk\.estimate\.rate|sweep/,
  },
  {
    name: 'report: a JSON that is no result',
    files: NOT_RESULT,
    args: ['report', 'bad.json', '--out', 'r.html'],
    where: 'bad.json',
    rule: 'must be a passk result with a known "kind"',
    value: '"passk.nothing"',
  },
  { name: 'report: a missing file', args: ['report', 'nothere.json', '--out', 'r.html'], where: 'nothere.json', rule: 'must exist', value: 'file not found' },
  {
    name: 'report: --out over its input',
    files: RATE,
    args: ['report', 'rate.json', '--out', 'rate.json'],
    where: '--out',
    rule: 'must not be one of the inputs',
    value: '"rate.json"',
  },
  { name: 'report: --out missing', files: RATE, args: ['report', 'rate.json'], where: '--out', rule: 'required', value: '--out' },
  { name: 'report: no inputs', args: ['report', '--out', 'r.html'], where: 'arguments', rule: 'must name at least 1 input file', value: 'got 0' },
  {
    name: 'demo: --out under a regular file',
    files: { plain: 'x' },
    args: ['demo', '--out', 'plain'],
    process: true,
    where: 'plain/report.html',
    rule: 'must be a writable path',
    value: 'ENOTDIR',
  },
  {
    name: 'demo: --out where report.html is a folder (nothing written)',
    files: { 'd/report.html/keep': '' },
    args: ['demo', '--out', 'd'],
    process: true,
    where: 'd/report.html',
    rule: 'must be a writable path',
    value: 'EISDIR',
  },
  {
    // Was an internal error (a stack overflow in String() of the nested array).
    name: 'report: a result nested 10⁵ levels deep',
    files: { 'deep.json': `{"kind":${'['.repeat(100_000)}${']'.repeat(100_000)}}` },
    args: ['report', 'deep.json', '--out', 'r.html'],
    where: 'deep.json',
    rule: 'must not nest mappings or lists more than 64 levels deep',
    value: 'far fewer',
  },
  // Was "--chart-kind, --chartKind: unknown options".
  {
    name: 'an unknown kebab-case option is named once',
    args: ['estimate', '--p', '0.5', '--chart-kind', 'x'],
    where: /^passk: --chart-kind: unknown option \(/,
    rule: 'unknown option',
    value: 'see --help',
  },
  // A blank --out named the current folder: demo wrote its report and charts there, simulate its summary; fit's error named no path.
  { name: 'demo --out blank', args: ['demo', '--out', ''], where: '--out', rule: 'must name a path (it is blank)', value: '""' },
  { name: 'simulate --out= blank', args: ['simulate', '--out=', '--replicates', '10'], where: '--out', rule: 'must name a path (it is blank)', value: '""' },
  {
    name: 'fit --out blank',
    files: { 'r.csv': 'task,success\na,1\na,0\nb,1\nb,1\n' },
    args: ['fit', 'r.csv', '--out', ''],
    where: '--out',
    rule: 'must name a path (it is blank)',
    value: '""',
  },
  { name: 'schema: unknown option', args: ['schema', '--bogus'], where: '--bogus', rule: 'unknown option', value: 'see --help' },
  // A stray word was reported as an option (`--r.csv: unknown option`, `--precison: unknown option`).
  {
    name: 'gate: a second results file',
    files: { 'r.csv': 'task,success\na,1\n' },
    args: ['gate', 'r.csv', 'r.csv', '--require', 'pass@1>=0.1'],
    where: 'arguments',
    rule: 'passk gate takes no more arguments',
    value: '"r.csv"',
  },
  {
    // Was blamed on --name ("must name each run differently"), which was never given; ./r.csv compared r.csv with itself.
    name: 'compare: the same file twice, by two spellings',
    files: { 'r.csv': 'task,success\na,1\nb,0\n' },
    args: ['compare', 'r.csv', './r.csv'],
    where: 'arguments',
    rule: 'must be different files: the same file twice compares a run with itself',
    value: '"./r.csv"',
  },
  { name: 'schema: a stray word', args: ['schema', 'extra'], where: 'arguments', rule: 'passk schema takes no more arguments', value: '"extra"' },
  {
    name: 'plan: unknown subcommand',
    args: ['plan', 'precison', '--k', '2'],
    where: 'plan',
    rule: 'unknown subcommand "precison": did you mean precision?',
    value: 'subcommands: demonstrate, precision, compare',
  },
  { name: 'unknown command', args: ['estimat'], where: 'unknown command', rule: 'did you mean estimate?', value: '"estimat"' },
  { name: 'no command', args: [], where: 'passk', rule: 'name a command', value: 'estimate, compare, gate, fit' },
];

catalogue('chart, report, demo, schema (bad input)', cases, 60_000);
