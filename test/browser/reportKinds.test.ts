/// <reference lib="dom" />
// (DOM types for the functions this test runs inside the page with page.evaluate.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPercent } from '../../packages/cli/src/format/percent.js';
import { POLICY_IDS as PE } from '../../packages/cli/src/report/explorer/policyIds.js';
import { fixture } from '../helpers/runPassk.js';
import { CHROMIUM, chromiumAvailable } from '../helpers/chromium.js';
import { ARTIFACTS, KINDS, reportKindPages } from './reportKindPages.js';

// A report of each result kind (#45), in Debian's headless Chromium at 1280×800, at 390×844 and in
// print: the summary leads with a number and its interval before the first table; nothing is wider
// than the phone (wide tables fold); no heading is empty (each h2/h3 is followed, in its own block,
// by content before the next heading of its level or above); in print every h2 and h3 avoids a page
// break after it (that no page of the PDF ends on a heading: reportKinds.print.slow.test.ts, the slow
// suite); the explorer's starting read-outs are the page's own results, read here from the result file (simulate: its exact columns at k; fit: the chosen model's predicted
// pass@k and pass^k; estimate of a file: its pass@2 and pass^2 when a population of rates has them).
// Screenshots (desktop, phone) go to test-artifacts/ (look at them); the print ones and the PDFs
// are written by the slow suite's file.

const inCi = process.env.CI === 'true';
const skip = !chromiumAvailable && !inCi;

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

interface ExactRow {
  [metric: string]: { exact: number | null };
}

/**
 * The explorer's first read-outs as the page's own result gives them (formatted as the page does),
 * or a phrase its seed basis must contain when the result has no comparable numbers; null: the
 * kind gives the explorer no seed (it opens on its made-up agent).
 */
function pageReadout(name: string): Record<string, string> | string | null {
  const result = JSON.parse(readFileSync(fixture(`charts/${name}.json`), 'utf8')) as { kind: string } & Record<string, unknown>;
  if (result.kind === 'passk.simulate') {
    const rows = result.rows as ExactRow[];
    const k = Math.min(20, rows.length, (result.scenario as { policy: { maxAttempts: number } }).policy.maxAttempts);
    const row = rows[k - 1]!;
    const at = (metric: string) => formatPercent(row[metric]!.exact!);
    return {
      k: String(k),
      coverage: at('coverage'),
      passHatK: at('passHatK'),
      deliveredCorrect: at('deliveredCorrect'),
      deliveredWrong: at('deliveredWrong'),
      abstained: at('abstained'),
    };
  }
  if (result.kind === 'passk.fit') {
    const models = result.models as { name: string; predicted: { passAtK: Record<string, number>; passHatK: Record<string, number> } }[];
    const model = models.find((candidate) => candidate.name === result.chosen)!;
    const k = Math.max(
      ...Object.keys(model.predicted.passAtK)
        .map(Number)
        .filter((key) => key <= 20),
    );
    return { k: String(k), coverage: formatPercent(model.predicted.passAtK[String(k)]!), passHatK: formatPercent(model.predicted.passHatK[String(k)]!) };
  }
  if (result.kind === 'passk.estimate.file') {
    const rows = result.rows as { k: number; passAtK: number; passHatK: number }[];
    const [one, two] = [rows.find((row) => row.k === 1)!, rows.find((row) => row.k === 2)!];
    // pass^2 below pass@1²: no population of rates has these moments; the explorer says so.
    if (two.passHatK < one.passAtK ** 2) return 'which no population of rates has';
    return { k: '2', coverage: formatPercent(two.passAtK), passHatK: formatPercent(two.passHatK) };
  }
  return null;
}

describe.skipIf(skip)(
  `a report of each result kind in headless Chromium: desktop, phone, print${skip ? ` (skipped: ${CHROMIUM} not found and CI is not set)` : ''}`,
  () => {
    const { open } = reportKindPages('report-kinds');

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
          expect(await page.evaluate(emptyHeadings), `${name} at ${viewport.width}: empty headings`).toEqual([]);
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
      '%s: in print every heading avoids a page break after it (the PDF itself: reportKinds.print.slow.test.ts)',
      async (name) => {
        const page = await open(name, { width: 1280, height: 800 });
        await page.emulateMedia({ media: 'print' });
        const breaks = await page.evaluate(() => [...document.querySelectorAll('main h2, main h3')].every((el) => getComputedStyle(el).breakAfter === 'avoid'));
        expect(breaks).toBe(true);
        await page.close();
      },
      60_000,
    );

    it.each(KINDS)(
      "%s: the explorer's starting read-outs are the page's own results",
      async (name) => {
        const page = await open(name, { width: 1280, height: 800 });
        const expected = pageReadout(name);
        const basis = (await page.locator(`#${PE.seedBasis}`).count()) > 0 ? await page.locator(`#${PE.seedBasis}`).textContent() : null;
        if (expected === null) {
          // No result of this kind seeds the explorer: it opens on the made-up agent and says so.
          expect(await page.locator('#policy-explorer p.seed-basis').first().textContent()).toMatch(/made-up agent/);
        } else if (typeof expected === 'string') {
          expect(basis).toContain(expected);
        } else {
          const shown: Record<string, string> = {};
          const ids: Record<string, string> = {
            k: PE.readoutK,
            coverage: PE.coverage,
            passHatK: PE.passHatK,
            deliveredCorrect: PE.deliveredCorrect,
            deliveredWrong: PE.deliveredWrong,
            abstained: PE.abstained,
          };
          for (const metric of Object.keys(expected)) shown[metric] = (await page.locator(`#${ids[metric]}`).textContent())!;
          expect(shown).toEqual(expected);
        }
        await page.close();
      },
      60_000,
    );
  },
);
