// Provenance (#45): every result records the command as typed and the passk version, without the
// options that change only how or where a run goes, and without a time: the same command and seed
// give the same bytes whatever the workers, and a shard's record is checked where it is read.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { passkVersion } from '../../packages/cli/src/passkVersion.js';
import { commandLine, recordedArgv } from '../../packages/cli/src/results/provenance.js';
import { fixture, passk } from '../helpers/runPassk.js';
import { tempDir } from '../helpers/tempDir.js';

const SMALL = fixture('scenarios-cli/small.yaml');

describe('provenance', () => {
  it('recordedArgv leaves out --workers, --shard(s), --out, --json, --chart, --progress in both spellings, and keeps the rest as typed', () => {
    expect(
      recordedArgv([
        'simulate',
        'a b.yaml',
        '--workers',
        '4',
        '--shard=2/3',
        '--out',
        'dir',
        '--json',
        '--replicates',
        '64',
        '--chart',
        'c.png',
        '--no-progress',
      ]),
    ).toEqual(['simulate', 'a b.yaml', '--replicates', '64']);
    expect(commandLine({ argv: ['estimate', 'my log.csv', '--k', '1..8'], passk: '0' })).toBe("passk estimate 'my log.csv' --k 1..8");
  });

  it('estimate --json records the command with the path as typed and this passk version, after kind and schemaVersion', async () => {
    const path = 'test/fixtures/compare/small-a.csv';
    const run = await passk('estimate', path, '--k', '1..2', '--json');
    expect(run.code, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout);
    expect(Object.keys(document).slice(0, 3)).toEqual(['kind', 'schemaVersion', 'provenance']);
    expect(document.provenance).toEqual({ argv: ['estimate', path, '--k', '1..2'], passk: passkVersion() });
  });

  it('same seed, 1 or 2 workers: byte-identical JSON, provenance included', async () => {
    const one = await passk('simulate', SMALL, '--replicates', '128', '--workers', '1', '--json');
    const two = await passk('simulate', SMALL, '--replicates', '128', '--workers', '2', '--json');
    expect(one.code, one.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(JSON.parse(one.stdout).provenance.argv).toEqual(['simulate', SMALL, '--replicates', '128']);
  });

  it('a shard whose provenance is not { argv, passk } is one line naming the file and the field, exit 2', async () => {
    const dir = tempDir('provenance-shard');
    const made = await passk('simulate', SMALL, '--replicates', '64', '--workers', '1', '--shard', '1/1', '--out', dir);
    expect(made.code, made.stderr).toBe(0);
    const file = join(dir, readdirSync(dir).find((name) => name.startsWith('shard-'))!);
    const shard = JSON.parse(readFileSync(file, 'utf8'));
    expect(shard.provenance.argv).toEqual(['simulate', SMALL, '--replicates', '64']);
    writeFileSync(file, JSON.stringify({ ...shard, provenance: { argv: 42, passk: shard.provenance.passk } }));
    const run = await passk('merge', file, '--json');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/provenance\.argv: must be \{ argv: \[strings\], passk: string \}/);
  });
});
