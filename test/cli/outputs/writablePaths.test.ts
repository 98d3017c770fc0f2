import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkOutputs } from '../../../packages/cli/src/io/checkOutputs.js';
import { fixture, passkProcess } from '../../helpers/runPassk.js';

// Output paths that cannot be written end in one line and exit 2, quickly (no endless mkdir under
// /proc), and leave no temporary file behind; missing parent folders of a good path are created.
const folder = mkdtempSync(join(tmpdir(), 'passk-writable-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const result = fixture('charts/estimate-task.json');

describe('--out paths', () => {
  it.each([
    ['under /proc (mkdir fails with ENOENT for ever)', '/proc/self/passk-no/such/report.html', 'ENOENT'],
    ['a new file in /proc (refused before the report renders)', '/proc/self/passk-report.html', 'ENOENT'],
    ['under /sys', '/sys/passk-no/report.html', 'ENOENT'],
    ['below a file', `${fixture('charts/estimate-task.json')}/report.html`, 'ENOTDIR: part of the path is a file, not a folder'],
  ])('%s: one line, exit 2', (_label, out, code) => {
    const run = passkProcess(['report', result, '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`passk: ${out}: must be a writable path (${code})\n`);
  });

  it('missing parent folders are created, and only the output is left there', () => {
    const out = join(folder, 'a', 'b', 'report.html');
    const run = passkProcess(['report', result, '--out', out]);
    expect(run.code).toBe(0);
    expect(existsSync(out)).toBe(true);
    expect(readdirSync(join(folder, 'a', 'b'))).toEqual(['report.html']);
  });
});

describe('checkOutputs, before any work', () => {
  it.each(['/proc/self/passk-no/such/report.html', '/proc/self/passk-report.html', '/sys/passk-no/report.html'])(
    'refuses %s (on /proc or /sys no file can be made), where the write would fail only after the work',
    (path) => {
      expect(() => checkOutputs([{ option: '--out', path }], [], '/')).toThrow(`${path}: must be a writable path (ENOENT)`);
    },
  );

  it('lets a new path in a new folder of a real filesystem through (the write creates the folders)', () => {
    expect(() => checkOutputs([{ option: '--out', path: join(folder, 'new', 'deeper', 'x.html') }], [], '/')).not.toThrow();
    expect(existsSync(join(folder, 'new'))).toBe(false);
  });
});
