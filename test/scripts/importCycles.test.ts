// scripts/import-cycles.mjs (`pnpm cycles`, run by .ci/run) on small trees written here: it fails
// on a cycle at run time and on a cycle through imports of types only, and passes a tree without
// one. Expected outcomes by construction (each tree's import graph is drawn in its test).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/runPassk.js';
import { tempDir } from '../helpers/tempDir.js';

/** Runs the script over a tree of packages/a/src with these files; its exit code and output. */
function cyclesOf(files: Readonly<Record<string, string>>): { code: number | null; stdout: string } {
  const root = tempDir('import-cycles');
  const src = join(root, 'packages', 'a', 'src');
  mkdirSync(src, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(src, name), text);
  const run = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'import-cycles.mjs')], {
    env: { ...process.env, PASSK_CYCLES_ROOT: root },
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout };
}

describe('pnpm cycles', () => {
  it('no cycle (a → b, a → c, b → c): exit 0', () => {
    const run = cyclesOf({
      'a.ts': "import { b } from './b.js';\nimport type { C } from './c.js';\nexport const a = b;\nexport type A = C;\n",
      'b.ts': "import { c } from './c.js';\nexport const b = c;\n",
      'c.ts': 'export const c = 1;\nexport type C = number;\n',
    });
    expect(run).toEqual({ code: 0, stdout: expect.stringMatching(/^import cycles: 0 at run time, 0 counting imports of types only \(3 modules/) });
  });

  it('a cycle through imports of types only (a ⇢ b ⇢ a): exit 1, the cycle named', () => {
    const run = cyclesOf({
      'a.ts': "import type { B } from './b.js';\nexport interface A { readonly b: B }\n",
      'b.ts': "import { type A } from './a.js';\nexport interface B { readonly a: A | null }\n",
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^import cycles: 0 at run time, 1 counting imports of types only/);
    expect(run.stdout).toMatch(/counting types, cycle of 2: packages\/a\/src\/a\.ts ↔ packages\/a\/src\/b\.ts$/m);
  });

  it('a cycle at run time (a → b → c → a): exit 1', () => {
    const run = cyclesOf({
      'a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'b.ts': "import { c } from './c.js';\nexport const b = () => c;\n",
      'c.ts': "export { a as c } from './a.js';\n",
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^import cycles: 1 at run time, 1 counting imports of types only/);
    expect(run.stdout).toMatch(/runtime cycle of 3: /);
  });

  it("passk's own modules: none", () => {
    const run = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'import-cycles.mjs')], { encoding: 'utf8' });
    expect(run.stdout).toMatch(/^import cycles: 0 at run time, 0 counting imports of types only/);
    expect(run.status).toBe(0);
  });
});
