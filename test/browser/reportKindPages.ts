/// <reference lib="dom" />
// (DOM types for the functions run inside the page with page.evaluate.)
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChromium } from '../helpers/chromium.js';
import { fixture, passk, REPO_ROOT } from '../helpers/runPassk.js';
import { tempDir } from '../helpers/tempDir.js';

// The report of each result kind, in headless Chromium, for reportKinds.test.ts (desktop and print
// style), reportKinds.phone.slow.test.ts (phone, screenshots) and reportKinds.print.slow.test.ts
// (printed to PDF).

/** Where screenshots and PDFs go (look at them). */
export const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');

/** The viewports of a desktop and of a phone. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** The result fixtures (test/fixtures/charts/NAME.json) whose reports are checked. */
export const KINDS = ['estimate-file', 'fit-tau-bench', 'sweep-constrained', 'compare', 'gate', 'simulate-refund', 'plan-precision', 'verifier-tau2'];

/**
 * Called in a describe: before its tests, `passk report` of each kind into a temporary folder, one
 * Chromium and one page; after them, Chromium closed. `open` shows a kind's report at a viewport in
 * that page (the same page each time: do not close it), every request but the reports themselves
 * refused (a report must need nothing from outside).
 */
export function reportKindPages(folder: string): { open: (name: string, viewport: { width: number; height: number }) => Promise<Page> } {
  const dir = tempDir(folder);
  const urls = new Map<string, string>();
  let context: BrowserContext | undefined;
  let profile: string | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    // Chromium starts while the reports are built (in-process, from source).
    const launched = launchChromium();
    try {
      for (const name of KINDS) {
        const out = join(dir, `${name}.html`);
        const run = await passk('report', fixture(`charts/${name}.json`), '--out', out);
        expect(run.code, run.stderr).toBe(0);
        urls.set(name, pathToFileURL(out).href);
      }
    } finally {
      ({ context, profile } = await launched);
    }
    page = context.pages()[0] ?? (await context.newPage());
    const allowed = new Set(urls.values());
    await page.route('**/*', (route) => (allowed.has(route.request().url().split('#')[0]!) ? route.continue() : route.abort()));
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });
  return {
    async open(name, viewport) {
      await page!.emulateMedia({ media: null });
      await page!.setViewportSize(viewport);
      await page!.goto(urls.get(name)!, { waitUntil: 'load' });
      return page!;
    },
  };
}

/**
 * At this viewport the page's summary leads with a question, a key number and its interval before
 * the first table, and no heading is empty (each h2/h3 is followed, in its own block, by content
 * before the next heading of its level or above).
 */
export async function expectSummaryFirst(page: Page, name: string, width: number): Promise<void> {
  const facts = await page.evaluate(summaryFacts);
  expect(facts.question.length, `${name} at ${width}: question`).toBeGreaterThan(10);
  expect(facts.key, `${name} at ${width}: key number`).toMatch(/\d/);
  expect(facts.interval, `${name} at ${width}: interval`).toMatch(/\[.*\d.*,.*\d.*\]|bound|interval|exact/);
  expect(facts.beforeTables, `${name}: summary before the first table`).toBe(true);
  expect(await page.evaluate(emptyHeadings), `${name} at ${width}: empty headings`).toEqual([]);
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

/** Headings with no text, or with no content before the next heading of their level or above (tag and text). */
function emptyHeadings(): string[] {
  const level = (el: Element) => Number(el.tagName.slice(1));
  const bad: string[] = [];
  for (const heading of document.querySelectorAll('main h1, main h2, main h3, main h4')) {
    const text = heading.textContent?.trim() ?? '';
    if (text === '') {
      bad.push(`${heading.tagName} (no text)`);
      continue;
    }
    if (heading.tagName === 'H1') continue; // the page title: its header block holds only it and the intro
    let next = heading.nextElementSibling;
    while (next && getComputedStyle(next).display === 'none') next = next.nextElementSibling;
    const followedByContent = next !== null && !(/^H[1-6]$/.test(next.tagName) && level(next) <= level(heading));
    if (!followedByContent) bad.push(`${heading.tagName} "${text}"`);
  }
  return bad;
}
