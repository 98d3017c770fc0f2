/// <reference lib="dom" />
// (DOM types for the functions this test runs inside the page with page.evaluate.)
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, chromiumAvailable } from '../helpers/chromium.js';
import { ARTIFACTS, KINDS, reportKindPages } from './reportKindPages.js';

// The slow suite (`pnpm test:slow`): the report of each result kind printed to PDF in headless
// Chromium (A4), each page read back with poppler's pdftotext: no page ends on a heading (its
// content on the next). Split from reportKinds.test.ts, which checks on the same pages that every
// h2 and h3 avoids a break after it in print. The print screenshots and PDFs go to test-artifacts/.

const inCi = process.env.CI === 'true';
const skip = !chromiumAvailable && !inCi;
const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;

describe.skipIf(skip)(`a report of each result kind printed to PDF${skip ? ` (skipped: ${CHROMIUM} not found and CI is not set)` : ''}`, () => {
  const { open } = reportKindPages('report-kinds-print');

  it.each(KINDS)(
    '%s: print keeps every heading with its content (no page ends on a heading)',
    async (name) => {
      const page = await open(name, { width: 1280, height: 800 });
      await page.emulateMedia({ media: 'print' });
      const headings = await page.evaluate(() =>
        [...document.querySelectorAll('main h2, main h3, main dt')].filter((el) => getComputedStyle(el).display !== 'none').map((el) => el.textContent!.trim()),
      );
      await page.screenshot({ path: join(ARTIFACTS, `report-${name}-print.png`), fullPage: true });
      const pdf = join(ARTIFACTS, `report-${name}.pdf`);
      writeFileSync(pdf, await page.pdf({ format: 'A4', printBackground: true }));
      if (!hasPoppler) return; // poppler-utils not installed: the style check of reportKinds.test.ts still ran
      const pages = Number(/Pages:\s+(\d+)/.exec(spawnSync('pdfinfo', [pdf], { encoding: 'utf8' }).stdout)![1]);
      for (let i = 1; i <= pages; i++) {
        const lines = spawnSync('pdftotext', ['-f', String(i), '-l', String(i), '-layout', pdf, '-'], { encoding: 'utf8' })
          .stdout.split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '');
        const last = lines.at(-1) ?? '';
        const orphan = i < pages && headings.some((heading) => heading.length > 3 && last.toLowerCase() === heading.toLowerCase());
        expect(orphan, `${name}: page ${i} of ${pages} ends on the heading "${last}"`).toBe(false);
      }
    },
    60_000,
  );
});
