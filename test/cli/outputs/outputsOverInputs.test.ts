import { copyFileSync, linkSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, passkProcess } from '../../helpers/runPassk.js';

// An output that names one of the command's inputs (by the same path, a symbolic link or a hard
// link) is refused before anything is written: one line, exit 2, the input byte for byte as before.
const folder = mkdtempSync(join(tmpdir(), 'passk-over-inputs-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const result = join(folder, 'estimate.json');
copyFileSync(fixture('charts/estimate-task.json'), result);
const original = readFileSync(result);
const specInput = join(folder, 'estimate.vl.json');
copyFileSync(result, specInput);
symlinkSync(result, join(folder, 'symlink.json'));
linkSync(result, join(folder, 'hardlink.json'));

describe('outputs never replace inputs', () => {
  it.each([
    ['report --out on its input', ['report', result, '--out', result], '--out'],
    ['report --out on a symbolic link to its input', ['report', result, '--out', join(folder, 'symlink.json')], '--out'],
    ['report --out on a hard link to its input', ['report', result, '--out', join(folder, 'hardlink.json')], '--out'],
    ['chart --out on its input', ['chart', 'pass-curves', '--from', specInput, '--out', specInput], '--out'],
  ])('%s', (_label, args, option) => {
    const run = passkProcess(args, { cwd: folder });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^passk: ${option}: must not be one of the inputs \\(it would overwrite ".*"\\), got ".*"$`));
    expect(readFileSync(result)).toEqual(original);
    expect(readFileSync(specInput)).toEqual(original);
  });

  it('an output beside the input is written', () => {
    const run = passkProcess(['report', result, '--out', join(folder, 'report.html')], { cwd: folder });
    expect(run.code).toBe(0);
    expect(readFileSync(join(folder, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/i);
  });
});
