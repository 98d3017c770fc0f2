/// <reference lib="dom" />
// (DOM types for the functions this test runs inside the page with page.evaluate.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatPercent } from '../../packages/cli/src/format/percent.js';
import { POLICY_IDS as PE } from '../../packages/cli/src/report/explorer/policyIds.js';
import { fixture } from '../helpers/runPassk.js';
import { CHROMIUM, chromiumAvailable } from '../helpers/chromium.js';
import { DESKTOP, expectSummaryFirst, KINDS, reportKindPages } from './reportKindPages.js';

// A report of each result kind (#45), in Debian's headless Chromium at 1280×800 (one page for the
// file): the summary leads with a number and its interval before the first table; no heading is
// empty (each h2/h3 is followed, in its own block, by content before the next heading of its level
// or above); in print every h2 and h3 avoids a page break after it; the explorer's starting
// read-outs are the page's own results, read here from the result file (simulate: its exact columns
// at k; fit: the chosen model's predicted pass@k and pass^k; estimate of a file: its pass@2 and
// pass^2 when a population of rates has them). The slow suite checks the same reports at 390×844
// with screenshots (reportKinds.phone.slow.test.ts) and printed to PDF, no page ending on a heading
// (reportKinds.print.slow.test.ts); both write to test-artifacts/ (look at them).

const inCi = process.env.CI === 'true';
const skip = !chromiumAvailable && !inCi;

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
      "%s at 1280 px: question, number and interval before the first table; no empty heading; print keeps each h2/h3 with what follows; the explorer starts on the page's results",
      async (name) => {
        const page = await open(name, DESKTOP);
        await expectSummaryFirst(page, name, DESKTOP.width);
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
        // Last: the page stays in print media until the next `open`.
        await page.emulateMedia({ media: 'print' });
        const breaks = await page.evaluate(() => [...document.querySelectorAll('main h2, main h3')].every((el) => getComputedStyle(el).breakAfter === 'avoid'));
        expect(breaks).toBe(true);
      },
      60_000,
    );
  },
);
