import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

/**
 * A new empty folder under the system's temporary folder (`passk-NAME-XXXXXX`), removed with
 * everything in it when the test that made it finishes, or, made at the top of a file or in a
 * describe, after the file's or the describe's tests. Not in a beforeAll: vitest runs no hook
 * registered there, so the folder would stay.
 */
export function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `passk-${name}-`));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    afterAll(remove);
  }
  return dir;
}
