#!/usr/bin/env node
// `pnpm readme-figures`: runs `pnpm test` once (build included, as a user types it), measures its
// wall time, and writes the figures into README.md between <!-- readme-figures --> and
// <!-- /readme-figures -->: "N tests in T s" (skipped tests named too), with today's date. Nothing
// is written when a test fails. The figures in the README are therefore measured, not typed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readme = join(root, 'README.md');
const MARK = /<!-- readme-figures -->[^<]*<!-- \/readme-figures -->/;
// Optional words after the figures (e.g. how loaded the machine was): README_FIGURES_NOTE.
const NOTE = process.env.README_FIGURES_NOTE ? `, ${process.env.README_FIGURES_NOTE}` : '';

const text = readFileSync(readme, 'utf8');
if (!MARK.test(text)) {
  console.error('readme-figures: README.md has no <!-- readme-figures -->…<!-- /readme-figures --> marks');
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'passk-readme-figures-'));
const report = join(work, 'vitest.json');
const started = performance.now();
const code = await new Promise((done) => {
  const child = spawn('pnpm', ['test'], { cwd: root, stdio: 'inherit', env: { ...process.env, PASSK_TEST_REPORT: report } });
  child.on('close', (status) => done(status ?? 1));
});
const seconds = (performance.now() - started) / 1000;
let result;
try {
  result = JSON.parse(readFileSync(report, 'utf8'));
} catch {
  result = null;
}
rmSync(work, { recursive: true, force: true });
if (code !== 0 || !result || result.numFailedTests > 0) {
  console.error(`readme-figures: pnpm test failed (exit ${code}); README.md left as it was`);
  process.exit(1);
}

/** 1573 → "1 573" (the README's thin grouping). */
const grouped = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const skipped = result.numPendingTests + result.numTodoTests;
const date = new Date().toISOString().slice(0, 10);
const figures = `${grouped(result.numPassedTests)} tests${skipped ? ` (and ${skipped} skipped)` : ''} in ${Math.round(seconds)} s on ${date}${NOTE}`;
const updated = text.replace(MARK, `<!-- readme-figures -->${figures}<!-- /readme-figures -->`);
const temporary = `${readme}.${process.pid}.tmp`;
writeFileSync(temporary, updated);
renameSync(temporary, readme);
console.log(`readme-figures: ${figures}`);
