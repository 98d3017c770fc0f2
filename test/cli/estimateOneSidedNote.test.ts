import { describe, expect, it } from 'vitest';
import { passk, passkWide } from '../helpers/runPassk.js';

// `passk estimate --n N --c C --sides 1 --interval wilson|jeffreys|agresti-coull`: one note line
// under the table with the bound's least coverage over p at this n (issue #10). Expected figures
// from scipy: python3 test/reference/one_sided_minimum_coverage_reference.py (minimum coverage and
// the bound it is approached at), rounded as the note prints them.
async function text(...args: string[]): Promise<string[]> {
  const run = await passkWide('estimate', ...args);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return run.stdout.split('\n');
}
const notes = (lines: string[]) => lines.filter((line) => line.startsWith('Note: '));

describe('passk estimate --sides 1: the note on a bound that does not hold its level', () => {
  it.each([
    // [method, n, c, confidence, scipy minimum, scipy bound it is approached below]
    ['wilson', '8', '7', '0.95', 0.7941498666634034, 0.028399323737810178],
    ['jeffreys', '8', '7', '0.95', 0.8337958256255699, 0.0224646655482548],
    ['agresti-coull', '30', '27', '0.95', 0.9099835985517684, 0.0572548958954012],
    ['wilson', '30', '3', '0.99', 0.8708660865105685, 0.004598297335321716],
    ['wilson', '8', '8', '0.8', 0.492726300071525, 0.9186610289584972],
  ] as const)('%s, n = %s, c = %s, confidence %s: its exact minimum, under the table', async (method, n, c, confidence, minimum, at) => {
    const lines = await text('--n', n, '--c', c, '--k', '1,3', '--sides', '1', '--interval', method, '--confidence', confidence);
    const level = `${Number(confidence) * 100}%`;
    const expected =
      `Note: at n = ${n} this ${level} bound covers p as little as ${(minimum * 100).toFixed(1)}% of the time ` +
      `(exact, just below p = ${(at * 100).toPrecision(2)}%); clopper-pearson (the default with --sides 1) holds its ${level}.`;
    expect(notes(lines)).toEqual([expected]);
    // A warning: after the method notes (the line that names the interval), before the verdict line.
    expect(lines[lines.indexOf(expected) - 2]).toMatch(/^Intervals: the .* one-sided \(lower bound\) /);
    expect(lines.at(-2)).toMatch(/^estimate: pass\^3 /);
  });

  it('beyond the dips it evaluates (Jeffreys above n = 200): the least of those nearest p = 0 and 1, said so', async () => {
    // scipy: min over m < 100 and m ≥ 4900 of binom.cdf(m, 5000, beta.ppf(0.05, m + 1.5, 4999.5 − m)) = 0.83868… below 3.519e-5.
    const [note] = notes(await text('--n', '5000', '--c', '4000', '--k', '1', '--sides', '1', '--interval', 'jeffreys'));
    expect(note).toBe(
      'Note: at n = 5000 this 95% bound covers p as little as 83.9% of the time (just below p = 0.0035%; ' +
        'the least of the 200 dips nearest p = 0 and 1, exact for n ≤ 200); clopper-pearson (the default with --sides 1) holds its 95%.',
    );
  });

  it('no note for Clopper–Pearson (the one-sided default, exact), for two-sided intervals, in JSON or Markdown', async () => {
    for (const args of [
      ['--sides', '1'],
      ['--sides', '1', '--interval', 'clopper-pearson'],
      ['--interval', 'wilson'],
      ['--interval', 'jeffreys', '--sides', '2'],
    ]) {
      expect(notes(await text('--n', '8', '--c', '7', '--k', '1', ...args))).toEqual([]);
    }
    const one = ['--n', '8', '--c', '7', '--k', '1', '--sides', '1', '--interval', 'wilson'];
    expect((await passk('estimate', ...one, '--markdown')).stdout).not.toContain('Note:');
    // The JSON has no place for notes (passk.estimate.task): it names the method, as before.
    const document = JSON.parse((await passk('estimate', ...one, '--json')).stdout) as { p: { method: string; sides: number } };
    expect(document.p).toMatchObject({ method: 'wilson', sides: 1 });
    expect(JSON.stringify(document)).not.toContain('Note');
  });
});
