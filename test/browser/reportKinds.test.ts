/// <reference lib="dom" />
// (DOM types for the functions this test runs inside the page with page.evaluate.)
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, passk, REPO_ROOT } from '../helpers/runPassk.js';
import { CHROMIUM, chromiumAvailable, launchChromium } from '../helpers/chromium.js';
import { tempDir } from '../helpers/tempDir.js';

// A report of each result kind (#45), in Debian's headless Chromium at 1280×800, at 390×844 and in
// print: the summary leads with a number and its interval before the first table; nothing is wider
// than the phone (wide tables fold); in the PDF no page ends on a heading (its content on the next).
// Screenshots and PDFs go to test-artifacts/ (look at them).

const inCi = process.env.CI === 'true';
const skip = !chromiumAvailable && !inCi;
const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');
const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;
const KINDS = ['estimate-file', 'fit-tau-bench', 'sweep-constrained', 'compare', 'gate', 'simulate-refund', 'plan-precision', 'verifier-tau2'];

let context: BrowserContext;
let profile: string;
const urls = new Map<string, string>();

async function open(name: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  const url = urls.get(name)!;
  await page.route('**/*', (route) => (route.request().url().split('#')[0] === url ? route.continue() : route.abort()));
  await page.goto(url, { waitUntil: 'load' });
  return page;
}

/** The summary's key number and interval, and whether the summary comes before every table of the page. */
function summaryFacts(): { key: string; interval: string; beforeTables: boolean; tables: number; question: string } {
  const summary = document.querySelector('#summary');
  const tables = [...document.querySelectorAll('main table')];
  return {
    key: summary?.querySelector('dd.key-number strong')?.textContent ?? '',
    interval: summary?.querySelector('dd.key-number .interval')?.textContent ?? '',
    question: summary?.querySelector('dd.question')?.textContent ?? '',
    tables: tables.length,
    beforeTables:
      summary !== null && tables.every((table) => summary.contains(table) || (summary.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0),
  };
}

describe.skipIf(skip)(
  `a report of each result kind in headless Chromium: desktop, phone, print${skip ? ` (skipped: ${CHROMIUM} not found and CI is not set)` : ''}`,
  () => {
    const dir = tempDir('report-kinds');
    beforeAll(async () => {
      for (const name of KINDS) {
        const out = join(dir, `${name}.html`);
        const run = await passk('report', fixture(`charts/${name}.json`), '--out', out);
        expect(run.code, run.stderr).toBe(0);
        urls.set(name, pathToFileURL(out).href);
      }
      ({ context, profile } = await launchChromium());
      mkdirSync(ARTIFACTS, { recursive: true });
    }, 120_000);

    afterAll(async () => {
      await context?.close();
      if (profile) rmSync(profile, { recursive: true, force: true });
    });

    it.each(KINDS)(
      '%s: desktop and phone lead with a question, a number and its interval before the first table; nothing wider than the phone',
      async (name) => {
        for (const viewport of [
          { width: 1280, height: 800 },
          { width: 390, height: 844 },
        ]) {
          const page = await open(name, viewport);
          const facts = await page.evaluate(summaryFacts);
          expect(facts.question.length, `${name} at ${viewport.width}: question`).toBeGreaterThan(10);
          expect(facts.key, `${name} at ${viewport.width}: key number`).toMatch(/\d/);
          expect(facts.interval, `${name} at ${viewport.width}: interval`).toMatch(/\[.*\d.*,.*\d.*\]|bound|interval|exact/);
          expect(facts.beforeTables, `${name}: summary before the first table`).toBe(true);
          if (viewport.width === 390) {
            // The explorer is not part of this check (its calculator table has its own layout).
            const widest = await page.evaluate(() =>
              Math.max(
                ...[...document.querySelectorAll('main > section:not(#explorer) .table-wrap')]
                  .filter((el) => el.closest('details') === null)
                  .map((el) => el.scrollWidth - el.clientWidth),
                0,
              ),
            );
            expect(widest, `${name}: a table wider than the phone`).toBeLessThanOrEqual(1);
          }
          await page.screenshot({ path: join(ARTIFACTS, `report-${name}-${viewport.width}.png`) });
          await page.close();
        }
      },
      60_000,
    );

    it.each(KINDS)(
      '%s: print keeps every heading with its content (no page ends on a heading)',
      async (name) => {
        const page = await open(name, { width: 1280, height: 800 });
        await page.emulateMedia({ media: 'print' });
        const headings = await page.evaluate(() =>
          [...document.querySelectorAll('main h2, main h3, main dt')]
            .filter((el) => getComputedStyle(el).display !== 'none')
            .map((el) => el.textContent!.trim()),
        );
        const breaks = await page.evaluate(() => [...document.querySelectorAll('main h2, main h3')].every((el) => getComputedStyle(el).breakAfter === 'avoid'));
        expect(breaks).toBe(true);
        const pdf = join(ARTIFACTS, `report-${name}.pdf`);
        writeFileSync(pdf, await page.pdf({ format: 'A4', printBackground: true }));
        await page.close();
        if (!hasPoppler) return; // poppler-utils not installed: the style check above still ran
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
  },
);
