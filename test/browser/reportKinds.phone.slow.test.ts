import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, chromiumAvailable } from '../helpers/chromium.js';
import { ARTIFACTS, DESKTOP, expectSummaryFirst, KINDS, PHONE, reportKindPages } from './reportKindPages.js';

// The slow suite (`pnpm test:slow`): the report of each result kind in headless Chromium at 390×844
// leads with a question, a number and its interval before the first table, has no empty heading,
// and has no table wider than the phone (wide tables fold); screenshots at 1280 and 390 px go to
// test-artifacts/ (look at them). Split from reportKinds.test.ts, which checks the same summary and
// headings at 1280×800.

const inCi = process.env.CI === 'true';
const skip = !chromiumAvailable && !inCi;

describe.skipIf(skip)(`a report of each result kind on a phone${skip ? ` (skipped: ${CHROMIUM} not found and CI is not set)` : ''}`, () => {
  const { open } = reportKindPages('report-kinds-phone');

  it.each(KINDS)(
    '%s: at 390 px a question, a number and its interval before the first table; nothing wider than the phone; screenshots',
    async (name) => {
      const desktop = await open(name, DESKTOP);
      await desktop.screenshot({ path: join(ARTIFACTS, `report-${name}-${DESKTOP.width}.png`) });
      const page = await open(name, PHONE);
      await expectSummaryFirst(page, name, PHONE.width);
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
      await page.screenshot({ path: join(ARTIFACTS, `report-${name}-${PHONE.width}.png`) });
    },
    60_000,
  );
});
