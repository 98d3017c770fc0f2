// The bad-input catalogue of `--verifier-from FILE` (simulate, sweep): a fragment that is not a
// verifier section, counts that break the resolver's rules, a whole scenario given by mistake, and
// a sweep that varies the rate a measured verifier draws from its counts; see ./catalogue.ts.
import { catalogue, type BadInputCase } from './catalogue.js';

const SMALL = 'seed: 7\ntasks: { count: 5, successRate: { dist: beta, mean: 0.6, concentration: 3 } }\npolicy: { maxAttempts: 3 }\nrun: { replicates: 640 }\n';
const JUDGE = 'verifier:\n  measured:\n    falseAccept: { accepted: 30, wrong: 200 }\n    falseReject: { rejected: 12, right: 150 }\n';
const run = ['--workers', '1', '--out', 'out'];

catalogue('--verifier-from (bad input)', [
  {
    name: 'a file without a verifier section',
    files: { 's.yaml': SMALL, 'j.yaml': 'falseAccept: 0.1\n' },
    args: ['simulate', 's.yaml', '--verifier-from', 'j.yaml', ...run],
    where: 'j.yaml',
    rule: 'must hold a verifier section',
    value: '"falseAccept"',
  },
  {
    name: 'a list, not a section',
    files: { 's.yaml': SMALL, 'j.yaml': '- 1\n' },
    args: ['simulate', 's.yaml', '--verifier-from', 'j.yaml', ...run],
    where: 'j.yaml',
    rule: 'must hold a verifier section',
    value: '[1]',
  },
  {
    name: 'a whole scenario given by mistake: another top-level key',
    files: { 's.yaml': SMALL, 'j.yaml': `${JUDGE}seed: 3\n` },
    args: ['simulate', 's.yaml', '--verifier-from', 'j.yaml', ...run],
    where: 'j.yaml',
    rule: 'must hold only the verifier section',
    value: '"seed"',
  },
  {
    name: 'measured counts that break the rules: accepted > wrong',
    files: { 's.yaml': SMALL, 'j.yaml': JUDGE.replace('accepted: 30', 'accepted: 300') },
    args: ['simulate', 's.yaml', '--verifier-from', 'j.yaml', ...run],
    where: 'j.yaml: verifier.measured.falseAccept.accepted',
    rule: 'must be ≤ wrong (200)',
    value: '300',
  },
  {
    name: 'measured counts that break the rules: a count that is not an integer',
    files: { 's.yaml': SMALL, 'j.yaml': JUDGE.replace('right: 150', 'right: 150.5') },
    args: ['simulate', 's.yaml', '--verifier-from', 'j.yaml', ...run],
    where: 'j.yaml: verifier.measured.falseReject.right',
    rule: 'integer',
    value: '150.5',
  },
  {
    name: 'a per-task Beta rate beside measured counts',
    files: { 's.yaml': SMALL, 'j.yaml': `${JUDGE}  falseAccept: { dist: beta, a: 2, b: 8 }\n` },
    args: ['simulate', 's.yaml', '--verifier-from', 'j.yaml', ...run],
    where: 'j.yaml: verifier.falseAccept',
    rule: 'must be a number (a point rate) when verifier.measured is given',
    value: /dist/,
  },
  {
    name: 'a YAML syntax error names the fragment and its line',
    files: { 's.yaml': SMALL, 'j.yaml': 'verifier:\n  measured: { falseAccept: [\n' },
    args: ['simulate', 's.yaml', '--verifier-from', 'j.yaml', ...run],
    where: /j\.yaml:\d/,
    rule: 'must be valid YAML or JSON',
    value: /.*/,
  },
  {
    name: 'a file that does not exist',
    files: { 's.yaml': SMALL },
    args: ['simulate', 's.yaml', '--verifier-from', 'missing.yaml', ...run],
    where: 'missing.yaml',
    rule: 'must exist',
    value: /.*/,
  },
  {
    name: 'sweep: --vary of the rate a measured verifier draws from its counts',
    files: { 's.yaml': SMALL, 'j.yaml': JUDGE },
    args: ['sweep', 's.yaml', '--verifier-from', 'j.yaml', '--vary', 'verifier.falseAccept=0.1,0.2', ...run],
    where: '--vary',
    rule: 'cannot vary the rate of a measured verifier',
    value: '"verifier.falseAccept=0.1,0.2"',
  },
  {
    name: 'sweep: the same with the measurement in the scenario file itself',
    files: { 's.yaml': SMALL + JUDGE },
    args: ['sweep', 's.yaml', '--vary', 'verifier.falseReject=0,0.1', ...run],
    where: '--vary',
    rule: 'cannot vary the rate of a measured verifier',
    value: '"verifier.falseReject=0,0.1"',
  },
] satisfies BadInputCase[]);
