// The bad-input catalogue of `passk estimate` from counts (--n/--c), from a known rate (--p) and the
// options around a results file, and of `passk fit`: one case per hostile or malformed option or
// combination; see ./catalogue.ts for what each case asserts (exit 2, one stderr line naming where,
// the rule and the typed value, nothing written).
import { catalogue, type BadInputCase } from './catalogue.js';

const RESULTS = { 'r.csv': 'task,success\na,1\na,0\nb,1\nb,1\n' };

const counts: BadInputCase[] = [
  { name: 'c > n', args: ['estimate', '--n', '10', '--c', '11', '--k', '2'], where: '--c', rule: 'must be ≤ n (10)', value: '11' },
  { name: 'negative n', args: ['estimate', '--n', '-3', '--c', '0', '--k', '1'], where: '--n', rule: 'integer ≥ 0', value: '-3' },
  { name: 'fractional c', args: ['estimate', '--n', '10', '--c', '2.5'], where: '--c', rule: 'integer ≥ 0', value: '2.5' },
  { name: 'n not a number', args: ['estimate', '--n', 'abc', '--c', '2'], where: '--n', rule: 'integer ≥ 0', value: '"abc"' },
  { name: 'k 0', args: ['estimate', '--n', '10', '--c', '2', '--k', '0'], where: '--k', rule: 'must be an integer from 1', value: '"0"' },
  { name: 'k beyond 2^53 shown as typed', args: ['estimate', '--n', '10', '--c', '2', '--k', '99999999999999999999'], where: '--k', rule: 'integer from 1 to 9007199254740991', value: '"99999999999999999999"' },
  { name: 'k 1e9 (exponent form)', args: ['estimate', '--n', '10', '--c', '2', '--k', '1e9'], where: '--k', rule: 'must be an integer', value: '"1e9"' },
  { name: 'k > n', args: ['estimate', '--n', '5', '--c', '2', '--k', '8'], where: '--k', rule: 'must be ≤ n (5)', value: '8' },
  { name: 'k range too long', args: ['estimate', '--n', '10', '--c', '2', '--k', '1..200000'], where: '--k', rule: 'at most 100 000 values', value: '"1..200000"' },
  { name: 'k range going down', args: ['estimate', '--n', '10', '--c', '2', '--k', '8..1'], where: '--k', rule: 'a..b with 1 ≤ a ≤ b', value: '"8..1"' },
  { name: 'Bayesian k sum over the limit (--k 1e9 terms)', args: ['estimate', '--n', '2000000000', '--c', '5', '--k', '1000000000'], where: '--max-k-sum', rule: 'limits the sum of the --k values', value: '1000000000' },
  { name: 'k list summing over the limit', args: ['estimate', '--n', '200000', '--c', '5', '--k', '1..20000'], where: '--max-k-sum', rule: 'raise it with --max-k-sum', value: '200010000' },
  { name: '--max-k-sum 0', args: ['estimate', '--n', '10', '--c', '2', '--k', '2', '--max-k-sum', '0'], where: '--max-k-sum', rule: 'integer ≥ 1', value: '0' },
  { name: 'confidence 1', args: ['estimate', '--n', '10', '--c', '2', '--confidence', '1'], where: '--confidence', rule: 'strictly between 0 and 1', value: '1' },
  { name: 'confidence not a number', args: ['estimate', '--n', '10', '--c', '2', '--confidence', 'abc'], where: '--confidence', rule: 'strictly between 0 and 1', value: '"abc"' },
  { name: 'confidence 1e400 as typed', args: ['estimate', '--n', '10', '--c', '2', '--confidence=1e400'], where: '--confidence', rule: 'strictly between 0 and 1', value: '"1e400"' },
  { name: 'sides 3', args: ['estimate', '--n', '10', '--c', '2', '--sides', '3'], where: '--sides', rule: 'must be 1 or 2', value: '3' },
  { name: 'unknown interval', args: ['estimate', '--n', '10', '--c', '2', '--interval', 'wald'], where: '--interval', rule: 'must be one of wilson', value: '"wald"' },
  { name: 'unknown prior', args: ['estimate', '--n', '10', '--c', '2', '--prior', 'flat'], where: '--prior', rule: 'must be one of jeffreys, uniform', value: '"flat"' },
  { name: 'chart extension', args: ['estimate', '--n', '10', '--c', '2', '--chart', 'out.gif'], where: '--chart', rule: 'must end in .svg, .png or .vl.json', value: '"out.gif"' },
  { name: 'unknown option with a hint', args: ['estimate', '--n', '10', '--c', '2', '--confidnce', '0.9'], where: '--confidnce', rule: 'unknown option', value: 'did you mean --confidence?' },
  { name: 'no data', args: ['estimate'], where: 'passk estimate', rule: 'needs --n and --c', value: 'results FILE' },
  { name: '--n without --c', args: ['estimate', '--n', '10'], where: 'passk estimate', rule: 'needs --n and --c', value: '--p' },
  { name: 'p above 1', args: ['estimate', '--p', '1.5', '--k', '2'], where: '--p', rule: 'between 0 and 1', value: '1.5' },
  { name: 'p with n', args: ['estimate', '--p', '0.5', '--n', '3'], where: '--p', rule: 'cannot be combined with --n/--c', value: '--n/--c' },
  { name: 'p with --interval (ignored)', args: ['estimate', '--p', '0.5', '--interval', 'jeffreys'], where: '--interval', rule: 'does not go with --p', value: 'nothing to estimate' },
  { name: 'p with --confidence (ignored)', args: ['estimate', '--p', '0.5', '--confidence', '0.9'], where: '--confidence', rule: 'does not go with --p', value: 'known rate' },
  { name: 'p with --prior (ignored)', args: ['estimate', '--p', '0.5', '--prior', 'uniform'], where: '--prior', rule: 'does not go with --p', value: 'known rate' },
  { name: 'p with --sides (ignored)', args: ['estimate', '--p', '0.5', '--sides', '1'], where: '--sides', rule: 'does not go with --p', value: 'known rate' },
  { name: '--by without a file', args: ['estimate', '--n', '10', '--c', '2', '--by', 'model'], where: '--by', rule: 'only works with a results FILE', value: 'ignored without it' },
  { name: '--bootstrap without a file', args: ['estimate', '--n', '10', '--c', '2', '--bootstrap', '50'], where: '--bootstrap', rule: 'only works with a results FILE', value: 'ignored without it' },
  { name: '--seed without a file', args: ['estimate', '--n', '10', '--c', '2', '--seed', '9'], where: '--seed', rule: 'only works with a results FILE', value: 'ignored without it' },
  { name: '--trial-col without a file', args: ['estimate', '--n', '10', '--c', '2', '--trial-col', 'trial'], where: '--trial-col', rule: 'only works with a results FILE', value: 'ignored without it' },
  { name: '--reward-col with --p', args: ['estimate', '--p', '0.5', '--reward-col', 'reward'], where: '--reward-col', rule: 'only works with a results FILE', value: 'ignored without it' },
  { name: 'file with --n', files: RESULTS, args: ['estimate', 'r.csv', '--n', '10'], where: '--n/--c/--p', rule: 'cannot be combined with a results file', value: 'results file' },
  { name: 'file with --bootstrap -1', files: RESULTS, args: ['estimate', 'r.csv', '--bootstrap', '-1'], where: '--bootstrap', rule: 'must be an integer in 0..1000000', value: '-1' },
  { name: 'file with --chart over the file', files: { ...RESULTS, 'r.vl.json': '{}\n' }, args: ['estimate', 'r.vl.json', '--chart', 'r.vl.json'], where: '--chart', rule: 'must not be one of the inputs', value: '"r.vl.json"' },
];

const fit: BadInputCase[] = [
  { name: 'fit --confidence 2', files: RESULTS, args: ['fit', 'r.csv', '--confidence', '2'], where: '--confidence', rule: 'strictly between 0 and 1', value: '2' },
  { name: 'fit --k 0', files: RESULTS, args: ['fit', 'r.csv', '--k', '0'], where: '--k', rule: 'must be an integer from 1', value: '"0"' },
  { name: 'fit --k beyond 2^53', files: RESULTS, args: ['fit', 'r.csv', '--k', '99999999999999999999'], where: '--k', rule: 'integer from 1 to 9007199254740991', value: '"99999999999999999999"' },
  { name: 'fit --out over its input', files: RESULTS, args: ['fit', 'r.csv', '--out', 'r.csv'], where: '--out', rule: 'must not be one of the inputs', value: '"r.csv"' },
  { name: 'fit --out over its input by another name', files: RESULTS, args: ['fit', 'r.csv', '--out', './sub/../r.csv'], where: '--out', rule: 'must not be one of the inputs', value: '"./sub/../r.csv"' },
  { name: 'fit without results', args: ['fit'], where: 'arguments', rule: 'must name at least 1 input file', value: 'got 0' },
  { name: 'fit of a missing file', args: ['fit', 'nothere.csv'], where: 'nothere.csv', rule: 'must exist', value: 'nothere.csv' },
  { name: 'fit unknown option', files: RESULTS, args: ['fit', 'r.csv', '--chart', 'x.svg'], where: '--chart', rule: 'unknown option', value: '--chart' },
];

catalogue('estimate from counts, --p and options (bad input)', counts);
catalogue('fit (bad input)', fit);
