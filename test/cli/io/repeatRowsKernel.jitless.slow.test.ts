import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/runPassk.js';

// Part of the slow suite (pnpm test:slow, run by CI): the CSV reader's WebAssembly loop end to end,
// the built CLI with and without WebAssembly (node --jitless runs slowly), moved out of
// repeatRowsKernel.test.ts (which checks the kernel against its reference).

describe('passk estimate: the same bytes with and without WebAssembly (node --jitless)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'passk-repeat-rows-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const bin = `${REPO_ROOT}packages/cli/dist/bundle/passk.cjs`;

  /** A file that goes in and out of the kernel's layout: short and long ids, trials past 99, CR LF rows, text outcomes. */
  function mixedFile(repeatAt: number | null): string {
    const lines = ['task_id,trial,success'];
    let seed = 12345;
    const next = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (let t = 0; t < 300; t++) {
      const id = t % 3 === 0 ? `t${t}` : t % 3 === 1 ? `task-${t}` : `benchmark/split-a/task-number-${t}`;
      const trials = t === repeatAt ? 120 : 1 + Math.floor(next() * 130);
      for (let i = 0; i < trials; i++) {
        const outcome = next() < 0.02 ? 'true' : next() < 0.5 ? '1' : '0';
        lines.push(`${id},${i},${outcome}${next() < 0.01 ? '\r' : ''}`);
        if (repeatAt !== null && t === repeatAt && i === 50) lines.push(`${id},${i - 7},1`);
      }
    }
    return `${lines.join('\n')}\n`;
  }

  function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(process.execPath, args, (error, stdout, stderr) => {
        resolve({ code: error ? (error.code as number) : 0, stdout, stderr: stderr.replace(/^.*disabling flag --expose_wasm.*\n/m, '') });
      });
    });
  }

  it('counts, and the line of a repeated trial', async () => {
    const good = join(dir, 'mixed.csv');
    const repeated = join(dir, 'repeated.csv');
    writeFileSync(good, mixedFile(null));
    writeFileSync(repeated, mixedFile(200));
    const args = (file: string) => [bin, 'estimate', file, '--trial-col', 'trial', '--json', '--bootstrap', '0', '--k', '1..4'];
    const [plain, jitless, plainRepeated, jitlessRepeated] = await Promise.all([
      run(args(good)),
      run(['--jitless', ...args(good)]),
      run(args(repeated)),
      run(['--jitless', ...args(repeated)]),
    ]);
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout).tasks).toBe(300);
    expect(jitless).toEqual(plain);
    expect(plainRepeated.code).toBe(2);
    expect(plainRepeated.stderr).toMatch(/repeated\.csv:\d+: duplicate of task "benchmark\/split-a\/task-number-200" trial 43/);
    expect(jitlessRepeated).toEqual(plainRepeated);
  });
});
