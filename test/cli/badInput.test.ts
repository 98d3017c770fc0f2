import { describe, expect, it } from 'vitest';
import { type CliRun, fixture, passk, passkProcess } from '../helpers/runPassk.js';

// Bad input: one clear line on stderr naming where, the rule and the value; exit code 2; no stack
// trace; nothing on stdout. Each case in-process; two of them also through the built binary.
const cases: Array<[label: string, args: string[], message: RegExp]> = [
  ['c > n', ['estimate', '--n', '10', '--c', '11', '--k', '2'], /^passk: --c: must be ≤ n \(10\), got 11$/],
  ['negative n', ['estimate', '--n', '-3', '--c', '0', '--k', '1'], /^passk: --n: must be an integer ≥ 0, got -3$/],
  ['fractional c', ['estimate', '--n', '10', '--c', '2.5', '--k', '1'], /^passk: --c: must be an integer ≥ 0, got 2\.5$/],
  [
    'k < 1',
    ['estimate', '--n', '10', '--c', '2', '--k', '0'],
    /^passk: --k: must be an integer from 1 to 9007199254740991, a list like 1,2,4,8 or a range like 1\.\.8, got "0"$/,
  ],
  [
    'k beyond safe integers',
    ['estimate', '--n', '10', '--c', '2', '--k', '99999999999999999999'],
    /^passk: --k: must be an integer from 1 to 9007199254740991, .*, got "99999999999999999999"$/,
  ],
  [
    '--chart extension',
    ['estimate', '--n', '10', '--c', '2', '--chart', 'out.gif'],
    /^passk: --chart: must end in \.svg, \.png or \.vl\.json \(the extension chooses the format\), got "out\.gif"$/,
  ],
  [
    'chart --out extension',
    ['chart', 'pass-curves', '--from', 'x.json', '--out', 'out.gif'],
    /^passk: --out: must end in \.svg, \.png or \.vl\.json .*, got "out\.gif"$/,
  ],
  ['k > n', ['estimate', '--n', '5', '--c', '2', '--k', '8'], /^passk: --k: must be ≤ n \(5\): .*not estimable.*, got 8$/],
  ['confidence 1', ['estimate', '--n', '10', '--c', '2', '--confidence', '1'], /^passk: --confidence: must be a number strictly between 0 and 1, got 1$/],
  [
    'confidence NaN',
    ['estimate', '--n', '10', '--c', '2', '--confidence', 'abc'],
    /^passk: --confidence: must be a number strictly between 0 and 1, got "abc"$/,
  ],
  [
    'confidence as --confidence=',
    ['estimate', '--n', '10', '--c', '2', '--confidence=1e400'],
    /^passk: --confidence: must be a number strictly between 0 and 1, got "1e400"$/,
  ],
  ['unknown option', ['estimate', '--n', '10', '--c', '2', '--bogus', '3'], /^passk: --bogus: unknown option \(see --help\)$/],
  [
    'unknown interval',
    ['estimate', '--n', '10', '--c', '2', '--interval', 'wald'],
    /^passk: --interval: must be one of wilson, clopper-pearson, jeffreys, agresti-coull, got "wald"$/,
  ],
  ['missing required option', ['plan', 'demonstrate', '--k', '8'], /^passk: --target: required$/],
  ['plan without a question', ['plan'], /^passk: name a question: demonstrate, precision, compare, audit or gate$/],
  ['no data', ['estimate'], /^passk: passk estimate: needs --n and --c/],
  ['empty file', ['estimate', fixture('results/err-empty.csv')], /err-empty\.csv: .*/],
  ['missing column', ['estimate', fixture('results/err-no-task-column.csv')], /err-no-task-column\.csv: must have a task column.*--task-col/],
  ['malformed row', ['estimate', fixture('results/err-wrong-fields.csv')], /err-wrong-fields\.csv:\d+: row must have \d+ fields like the header, got \d+/],
  ['missing file', ['estimate', '/nonexistent/results.csv'], /results\.csv: must exist \(file not found\)/],
  [
    'demonstrate target 1',
    ['plan', 'demonstrate', '--target', '1', '--k', '8'],
    /^passk: --target: must be below 1 \(a target within 1.1e-16 of 1 rounds to 1 as a double; pass\^k = 1 cannot be demonstrated\), got 1$/,
  ],
  [
    'demonstrate a target needing more than 2^53 runs',
    ['plan', 'demonstrate', '--target', '0.9999999999999999', '--k', '100'],
    /^passk: --target: needs more than 2\^53 runs at this k and confidence \(failure rate 1.110e-18 per attempt\), got 0.9999999999999999$/,
  ],
  ['precision without k', ['plan', 'precision', '--rate', '0.9', '--half-width', '0.1'], /^passk: --k: is required with --metric passHatK$/],
  ['unknown command', ['estimat'], /^passk: unknown command "estimat": did you mean estimate\? \(commands: estimate, .*; passk --help\)$/],
  [
    'YAML alias bomb',
    ['simulate', fixture('scenarios-cli/err-alias-bomb.yaml')],
    /err-alias-bomb\.yaml: must not expand YAML aliases \(\*name\) more than 1000 times over/,
  ],
  [
    'long value cut',
    ['estimate', '--n', '10', '--c', '2', '--interval', 'x'.repeat(5000)],
    /^passk: --interval: must be one of .*, got "x{77}"… \(5000 characters\)$/,
  ],
  [
    'misspelt choice',
    ['estimate', '--n', '10', '--c', '2', '--interval', 'wilsn'],
    /^passk: --interval: must be one of .* \(did you mean wilson\?\), got "wilsn"$/,
  ],
  [
    'misspelt option',
    ['estimate', '--n', '10', '--c', '2', '--confidnce', '0.9'],
    /^passk: --confidnce \(did you mean --confidence\?\): unknown option \(see --help\)$/,
  ],
  [
    'misspelt option of a subcommand',
    ['plan', 'demonstrate', '--target', '0.9', '--k', '8', '--failurs', '2'],
    /^passk: --failurs \(did you mean --failures\?\): unknown option/,
  ],
];

/** One line on stderr matching `message`, nothing on stdout, exit 2, no stack trace. */
function expectOneLine(run: CliRun, message: RegExp): void {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
}

// In-process: runCli, which the binary runs (packages/cli/src/startCli.ts).
describe('bad input → one line, exit 2', () => {
  it.each(cases)('%s', async (_label, args, message) => expectOneLine(await passk(...args), message));

  it('the built binary: the same line, exit 2', () => {
    for (const [, args, message] of cases.filter(([label]) => label === 'c > n' || label === 'YAML alias bomb')) expectOneLine(passkProcess(args), message);
  });
});
