import { describe, expect, it } from 'vitest';
import { fixture, passkProcess } from '../helpers/runPassk.js';

// Bad input: one clear line on stderr naming where, the rule and the value; exit code 2; no stack
// trace; nothing on stdout. Runs the built binary as a real process.
const cases: Array<[label: string, args: string[], message: RegExp]> = [
  ['c > n', ['estimate', '--n', '10', '--c', '11', '--k', '2'], /^passk: c: must be ≤ n \(10\), got 11$/],
  ['negative n', ['estimate', '--n', '-3', '--c', '0', '--k', '1'], /^passk: n: must be an integer ≥ 0, got -3$/],
  ['fractional c', ['estimate', '--n', '10', '--c', '2.5', '--k', '1'], /^passk: c: must be an integer ≥ 0, got 2\.5$/],
  ['k < 1', ['estimate', '--n', '10', '--c', '2', '--k', '0'], /^passk: --k: must be an integer ≥ 1, a list like 1,2,4,8 or a range like 1\.\.8, got "0"$/],
  ['k > n', ['estimate', '--n', '5', '--c', '2', '--k', '8'], /^passk: k: must be ≤ n \(5\): .*not estimable.*, got 8$/],
  ['confidence 1', ['estimate', '--n', '10', '--c', '2', '--confidence', '1'], /^passk: --confidence: must be a number strictly between 0 and 1, got 1$/],
  ['confidence NaN', ['estimate', '--n', '10', '--c', '2', '--confidence', 'abc'], /^passk: --confidence: must be a number strictly between 0 and 1, got NaN$/],
  ['unknown option', ['estimate', '--n', '10', '--c', '2', '--bogus', '3'], /^passk: Unknown argument: bogus$/],
  ["unknown interval", ["estimate", "--n", "10", "--c", "2", "--interval", "wald"], /^passk: --interval: must be one of wilson, clopper-pearson, jeffreys, agresti-coull, got "wald"$/],
  ["missing required option", ["plan", "demonstrate", "--k", "8"], /^passk: --target: required$/],
  ["plan without a question", ["plan"], /^passk: name a question: demonstrate, precision or compare$/],
  ['no data', ['estimate'], /^passk: passk estimate: needs --n and --c/],
  ['empty file', ['estimate', fixture('results/err-empty.csv')], /err-empty\.csv: .*/],
  ['missing column', ['estimate', fixture('results/err-no-task-column.csv')], /err-no-task-column\.csv: must have a task column.*--task-col/],
  ['malformed row', ['estimate', fixture('results/err-wrong-fields.csv')], /err-wrong-fields\.csv:\d+: row must have \d+ fields like the header, got \d+/],
  ['missing file', ['estimate', '/nonexistent/results.csv'], /results\.csv: must exist \(file not found\)/],
  ['demonstrate target 1', ['plan', 'demonstrate', '--target', '1', '--k', '8'], /^passk: target: must be below 1 \(a target within 1.1e-16 of 1 rounds to 1 as a double; pass\^k = 1 cannot be demonstrated\), got 1$/],
  ['demonstrate a target needing more than 2^53 runs', ['plan', 'demonstrate', '--target', '0.9999999999999999', '--k', '100'], /^passk: target: needs more than 2\^53 runs at this k and confidence \(failure rate 1.110e-18 per attempt\), got 0.9999999999999999$/],
  ['precision without k', ['plan', 'precision', '--rate', '0.9', '--half-width', '0.1'], /^passk: --k: is required with --metric passHatK$/],
  ['unknown command', ['estimat'], /^passk: Unknown argument: estimat$/],
];

describe('bad input → one line, exit 2', () => {
  it.each(cases)('%s', (_label, args, message) => {
    const run = passkProcess(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});
