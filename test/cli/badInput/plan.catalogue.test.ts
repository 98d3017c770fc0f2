// The bad-input catalogue of `passk plan demonstrate|precision|compare`: every option out of range,
// every search too large to start (the work limits) and the combinations refused; see ./catalogue.ts.
import { catalogue, type BadInputCase } from './catalogue.js';

const demonstrate = ['plan', 'demonstrate', '--target', '0.9', '--k', '8'];
const precision = ['plan', 'precision', '--k', '8', '--rate', '0.9', '--half-width', '0.1'];
const compare = ['plan', 'compare', '--k', '4', '--mean', '0.6', '--delta', '0.05'];

const cases: BadInputCase[] = [
  { name: 'demonstrate: target 1', args: ['plan', 'demonstrate', '--target', '1', '--k', '8'], where: '--target', rule: 'must be below 1 (a target within 1.1e-16 of 1 rounds to 1', value: '1' },
  { name: 'demonstrate: target missing', args: ['plan', 'demonstrate', '--k', '8'], where: '--target', rule: 'required', value: '--target' },
  { name: 'demonstrate: k 0', args: ['plan', 'demonstrate', '--target', '0.9', '--k', '0'], where: '--k', rule: 'integer ≥ 1', value: '0' },
  { name: 'demonstrate: k fractional', args: ['plan', 'demonstrate', '--target', '0.9', '--k', '2.5'], where: '--k', rule: 'integer ≥ 1', value: '2.5' },
  { name: 'demonstrate: confidence 1', args: [...demonstrate, '--confidence', '1'], where: '--confidence', rule: 'strictly between 0 and 1', value: '1' },
  { name: 'demonstrate: failures -1', args: [...demonstrate, '--failures', '-1'], where: '--failures', rule: 'integer in 0..1000000', value: '-1' },
  { name: 'demonstrate: failures 1.5', args: [...demonstrate, '--failures', '1.5'], where: '--failures', rule: 'integer in 0..1000000', value: '1.5' },
  { name: 'demonstrate: failures 1000000 (over the work limit, no stack overflow)', args: [...demonstrate, '--failures', '1000000'], where: '--max-failures', rule: 'limits failures allowed', value: '1000000' },
  { name: 'demonstrate: --max-failures 0', args: [...demonstrate, '--max-failures', '0'], where: '--max-failures', rule: 'integer ≥ 1', value: '0' },
  { name: 'demonstrate: chart extension', args: [...demonstrate, '--chart', 'a.gif'], where: '--chart', rule: 'must end in .svg, .png or .vl.json', value: '"a.gif"' },
  { name: 'demonstrate: misspelt option', args: [...demonstrate, '--failurs', '2'], where: '--failurs', rule: 'unknown option', value: 'did you mean --failures?' },
  { name: 'precision: half-width 0 (named as typed)', args: ['plan', 'precision', '--k', '8', '--rate', '0.9', '--half-width', '0'], where: '--half-width', rule: 'strictly between 0 and 1', value: '0' },
  { name: 'precision: rate 1.2', args: ['plan', 'precision', '--k', '8', '--rate', '1.2', '--half-width', '0.1'], where: '--rate', rule: 'strictly between 0 and 1', value: '1.2' },
  { name: 'precision: confidence 0', args: [...precision, '--confidence', '0'], where: '--confidence', rule: 'strictly between 0 and 1', value: '0' },
  { name: 'precision: unknown metric', args: [...precision, '--metric', 'pass'], where: '--metric', rule: 'must be one of p, passAtK, passHatK', value: '"pass"' },
  { name: 'precision: unknown interval', args: [...precision, '--interval', 'wald'], where: '--interval', rule: 'must be one of', value: '"wald"' },
  { name: 'precision: no k for pass^k', args: ['plan', 'precision', '--rate', '0.9', '--half-width', '0.1'], where: '--k', rule: 'is required with --metric passHatK', value: 'passHatK' },
  { name: 'precision: --k with --metric p (ignored)', args: ['plan', 'precision', '--metric', 'p', '--k', '3', '--rate', '0.5', '--half-width', '0.1'], where: '--k', rule: 'does not go with --metric p', value: 'single-attempt rate' },
  { name: 'precision: --half-width missing', args: ['plan', 'precision', '--k', '8', '--rate', '0.9'], where: '--half-width', rule: 'required', value: '--half-width' },
  { name: 'compare: mean 0', args: ['plan', 'compare', '--k', '4', '--mean', '0', '--delta', '0.05'], where: '--mean', rule: 'strictly between 0 and 1', value: '0' },
  { name: 'compare: delta 0', args: ['plan', 'compare', '--k', '4', '--mean', '0.5', '--delta', '0'], where: '--delta', rule: 'non-zero number between −1 and 1', value: '0' },
  { name: 'compare: delta beyond B’s range', args: ['plan', 'compare', '--k', '4', '--mean', '0.5', '--delta', '0.9'], where: '--delta', rule: "must keep agent B's metric inside (0, 1)", value: '0.9' },
  { name: 'compare: power 1', args: [...compare, '--power', '1'], where: '--power', rule: 'strictly between 0 and 1', value: '1' },
  { name: 'compare: alpha 0', args: [...compare, '--alpha', '0'], where: '--alpha', rule: 'strictly between 0 and 1', value: '0' },
  { name: 'compare: concentration -1', args: [...compare, '--concentration', '-1'], where: '--concentration', rule: 'finite number > 0', value: '-1' },
  { name: 'compare: trials below k', args: [...compare, '--trials', '2'], where: '--trials', rule: 'integer ≥ 4', value: '2' },
  { name: 'compare: k fractional', args: ['plan', 'compare', '--k', '4.5', '--mean', '0.5', '--delta', '0.05'], where: '--k', rule: 'integer ≥ 1', value: '4.5' },
  { name: 'compare: trials 4294967297 (over the work limit, no typed-array crash)', args: [...compare, '--trials', '4294967297'], where: '--max-trials-sum', rule: 'limits the sum of the tabulated trials', value: '4294967297' },
  { name: 'compare: trials 1e9', args: [...compare, '--trials', '1e9'], where: '--trials', rule: 'must be an integer', value: '"1e9"' },
  { name: 'compare: trials 1000000000', args: [...compare, '--trials', '1000000000'], where: '--max-trials-sum', rule: 'raise it with --max-trials-sum', value: '1000000000' },
  { name: 'compare: k 1e9 (default trials k..8k over the limit)', args: ['plan', 'compare', '--k', '1000000000', '--mean', '0.6', '--delta', '0.05'], where: '--max-trials-sum', rule: 'limits the sum', value: '15000000000' },
  { name: 'compare: trials list over the limit', args: [...compare, '--trials', '4..1000'], where: '--max-trials-sum', rule: 'limits the sum', value: '500494' },
  { name: 'compare: --max-trials-sum text', args: [...compare, '--max-trials-sum', 'lots'], where: '--max-trials-sum', rule: 'integer ≥ 1', value: '"lots"' },
  { name: 'compare: --delta missing', args: ['plan', 'compare', '--k', '4', '--mean', '0.6'], where: '--delta', rule: 'required', value: '--delta' },
  { name: 'plan without a question', args: ['plan'], where: 'passk', rule: 'name a question: demonstrate, precision or compare', value: 'compare' },
];

catalogue('plan (bad input)', cases);
