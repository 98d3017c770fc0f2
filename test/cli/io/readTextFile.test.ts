// Scenario and result documents are read whole (readTextFile, readJsonFile): what the audit found
// there hung (a FIFO nobody writes to), grew memory to 622 MB (/dev/zero) or overflowed the stack
// (JSON nested 10⁵ levels deep, an internal error). Each now ends with one InputError naming the file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { MAX_TEXT_FILE_BYTES, readJsonFile, readTextFile } from '../../../packages/cli/src/io/readTextFile.js';

const dir = mkdtempSync(join(tmpdir(), 'passk-read-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The InputError message `promise` rejects with (fails the test on anything else). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(InputError);
  return (error as InputError).message;
}

describe('readTextFile', () => {
  it('reads a file whole', async () => {
    writeFileSync(join(dir, 's.yaml'), 'seed: 7\n');
    expect(await readTextFile(join(dir, 's.yaml'))).toBe('seed: 7\n');
  });

  it('a named pipe nobody writes to: refused after the time-out, not waited on forever', async () => {
    const fifo = join(dir, 'nobody.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const message = await refusal(readTextFile(fifo, 'nobody.fifo', 200));
    expect(message).toBe('nobody.fifo: must be a named pipe some program writes to: none opened it within 0.2 s (start the program that writes it first)');
  });

  it('a regular file over the limit: refused by its size, before reading', async () => {
    const big = join(dir, 'big.yaml');
    writeFileSync(big, '');
    truncateSync(big, MAX_TEXT_FILE_BYTES + 1); // sparse: no disk used
    expect(await refusal(readTextFile(big, 'big.yaml'))).toBe(
      `big.yaml: must be at most 256 MiB (scenario and result files are far smaller), got "${MAX_TEXT_FILE_BYTES + 1} bytes"`,
    );
  });

  it('an endless device (/dev/zero): refused once the limit has arrived', async () => {
    expect(await refusal(readTextFile('/dev/zero'))).toBe(
      '/dev/zero: must be at most 256 MiB (scenario and result files are far smaller), got "more than 256 MiB so far"',
    );
  });

  it('a folder and a missing file', async () => {
    expect(await refusal(readTextFile(dir, 'd'))).toBe('d: must be a file, not a directory');
    expect(await refusal(readTextFile(join(dir, 'none.yaml'), 'none.yaml'))).toBe('none.yaml: must exist (file not found)');
  });
});

describe('readJsonFile', () => {
  it('JSON nested deeper than 64 levels: refused, not an internal stack overflow', async () => {
    writeFileSync(join(dir, 'deep.json'), `{"kind":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(await refusal(readJsonFile(join(dir, 'deep.json'), 'a passk result', 'deep.json'))).toBe(
      'deep.json: must not nest mappings or lists more than 64 levels deep (its format needs far fewer)',
    );
  });

  it('64 levels are read (the limit is the 65th)', async () => {
    writeFileSync(join(dir, 'edge.json'), `${'['.repeat(64)}${']'.repeat(64)}`);
    expect(await readJsonFile(join(dir, 'edge.json'), 'a passk result')).toBeInstanceOf(Array);
    writeFileSync(join(dir, 'over.json'), `${'['.repeat(65)}${']'.repeat(65)}`);
    expect(await refusal(readJsonFile(join(dir, 'over.json'), 'a passk result', 'over.json'))).toContain('more than 64 levels deep');
  });
});
