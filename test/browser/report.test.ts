import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { independentPassAtK, independentPassHatK } from '@passk/sim/internal';
import { formatPercent } from '../../packages/cli/src/format/percent.js';
import { EXPLORER_IDS as ID } from '../../packages/cli/src/report/explorer/explorerIds.js';
import { fixture, passk, REPO_ROOT } from '../helpers/runPassk.js';
import { CHROMIUM, chromiumAvailable, launchChromium } from '../helpers/chromium.js';
import { tempDir } from '../helpers/tempDir.js';

// The report in real headless Chromium with every network request blocked: nothing is requested,
// nothing logs an error, every chart is drawn, the explorer's sliders and calculator show the
// library's numbers (and the seeds' where the seeds give them), and a malicious task id is text.

const inCi = process.env.CI === 'true';
const skip = !chromiumAvailable && !inCi;
const MALICIOUS_TASK = '<img src=x onerror=alert(1)>';

let context: BrowserContext;
let page: Page;
let profile: string;
let reportPath: string;
const requests: string[] = [];
const consoleErrors: string[] = [];
const dialogs: string[] = [];

describe.skipIf(skip)(`report in headless Chromium${skip ? ` (skipped: ${CHROMIUM} not found and CI is not set)` : ''}`, () => {
  // Made here, not in beforeAll, so that it is removed after these tests (test/helpers/tempDir.ts).
  const dir = tempDir('browser');
  beforeAll(async () => {
    // Chromium starts while the results and the report are made (in-process, from source).
    const launched = launchChromium({ viewport: { width: 1280, height: 800 } });
    const inputs: string[] = [];
    const make = async (name: string, ...args: string[]) => {
      const run = await passk(...args, '--json');
      expect(run.code, run.stderr).toBe(0);
      inputs.push(join(dir, name));
      writeFileSync(inputs.at(-1)!, run.stdout);
    };
    try {
      await make('file.json', 'estimate', fixture('report/malicious-results.csv'), '--k', '1..4');
      await make('task.json', 'estimate', '--n', '30', '--c', '27', '--k', '1..8');
      await make('plan.json', 'plan', 'demonstrate', '--target', '0.9', '--k', '8');
      await make('simulate.json', 'simulate', fixture('report/malicious-scenario.yaml'), '--pilot-trials', '4', '--workers', '1');
      reportPath = join(dir, 'report.html');
      const run = await passk('report', ...inputs, '--out', reportPath);
      expect(run.code, run.stderr).toBe(0);
    } finally {
      ({ context, profile } = await launched);
    }
    page = context.pages()[0] ?? (await context.newPage());
    const pageUrl = pathToFileURL(reportPath).href;
    page.on('request', (request) => {
      if (request.url() !== pageUrl) requests.push(request.url());
    });
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url === pageUrl) return route.continue();
      requests.push(url);
      return route.abort();
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(pageUrl, { waitUntil: 'load' });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  const text = (id: string) => page.locator(`#${id}`).textContent();

  it('draws every chart as a non-empty SVG', async () => {
    const expected = (readFileSync(reportPath, 'utf8').match(/<figure class="chart"/g) ?? []).length;
    expect(expected).toBeGreaterThanOrEqual(6);
    // Each figure holds a wide and a narrow drawing; at 1280 px the wide one is shown.
    expect(await page.locator('figure.chart > svg').count()).toBe(2 * expected);
    const charts = page.locator('figure.chart > svg.chart-wide');
    expect(await charts.count()).toBe(expected);
    expect(await page.locator('figure.chart > svg.chart-narrow:visible').count()).toBe(0);
    for (let i = 0; i < expected; i++) {
      const chart = charts.nth(i);
      const box = await chart.boundingBox();
      expect(box!.width).toBeGreaterThan(100);
      expect(box!.height).toBeGreaterThan(100);
      expect(await chart.locator('path, rect, line').count()).toBeGreaterThan(5);
    }
  });

  it("starts at the seeds' agent: p = 90 %, k = 8 → pass^8 43.0 %, pass@8 >99.9 % (seed 000, §1)", async () => {
    expect(await text(ID.pValue)).toBe('90.0%');
    expect(await text(ID.kValue)).toBe('8');
    expect(await text(ID.passHatK)).toBe('43.0%');
    expect(await text(ID.passAtK)).toBe('>99.9%');
    expect(await text(ID.gap)).toBe('57.0%');
  });

  it("moving the p and k sliders shows the library's values for the new p and k", async () => {
    const expectShown = async () => {
      const p = Number(await page.locator(`#${ID.pSlider}`).inputValue());
      const k = Number(await page.locator(`#${ID.kSlider}`).inputValue());
      const at = independentPassAtK(p, k);
      const hat = independentPassHatK(p, k);
      expect(await text(ID.pValue)).toBe(formatPercent(p));
      expect(await text(ID.kValue)).toBe(String(k));
      expect(await text(ID.passAtK)).toBe(formatPercent(at));
      expect(await text(ID.passHatK)).toBe(formatPercent(hat));
      expect(await text(ID.gap)).toBe(formatPercent(at - hat));
      return { p, k };
    };
    const dotBefore = await page.locator(`#${ID.curves} circle.dot-hat`).getAttribute('cy');
    await page.locator(`#${ID.pSlider}`).fill('0.8');
    await page.locator(`#${ID.kSlider}`).fill('5');
    expect(await expectShown()).toEqual({ p: 0.8, k: 5 });
    expect(await text(ID.passHatK)).toBe('32.8%'); // 0.8^5 = 32.768 % (seed 000, exercise 1)
    expect(await page.locator(`#${ID.curves} circle.dot-hat`).getAttribute('cy')).not.toBe(dotBefore);

    // With the keyboard, as a user drags: one step of k up, three steps of p down.
    await page.locator(`#${ID.kSlider}`).focus();
    await page.keyboard.press('ArrowRight');
    await page.locator(`#${ID.pSlider}`).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    const moved = await expectShown();
    expect(moved.k).toBe(6);
    expect(moved.p).toBeCloseTo(0.797, 12);

    await page.getByRole('button', { name: /Code generation/ }).click();
    expect(await expectShown()).toEqual({ p: 0.3, k: 10 });
    expect(await text(ID.passAtK)).toBe('97.2%'); // 1 − 0.7^10 = 97.2 % (seed 000, exercise 2)
  });

  it('the calculator shows unbiased, plug-in and interval values, and bad input as a message', async () => {
    expect(await text(ID.calcPassHatK)).toBe('37.9%'); // 27 of 30, pass^8 (seed 000, §5)
    expect(await text(ID.passHatKInterval)).toBe('[9.4%, 75.4%]');
    await page.locator(`#${ID.n}`).fill('10');
    await page.locator(`#${ID.c}`).fill('3');
    await page.locator(`#${ID.k}`).fill('5');
    expect(await text(ID.calcPassAtK)).toBe('91.7%'); // 1 − C(7,5)/C(10,5) (seed 000, §4)
    expect(await text(ID.passAtKPlugin)).toBe('83.2%'); // 1 − 0.7^5 (seed 000, §4)
    // scipy: binomtest(3, 10).proportion_ci(0.95, 'wilson') → (0.10779, 0.60322)
    expect(await text(ID.pInterval)).toBe('[10.8%, 60.3%]');
    await page.locator(`#${ID.method}`).selectOption('clopper-pearson');
    // scipy: beta.ppf(0.025, 3, 8) = 0.06674, beta.ppf(0.975, 4, 7) = 0.65245
    expect(await text(ID.pInterval)).toBe('[6.7%, 65.2%]');
    await page.locator(`#${ID.c}`).fill('11');
    expect(await text(ID.error)).toBe('c: must be ≤ n (10), got 11');
    expect(await text(ID.calcPassAtK)).toBe('—');
  });

  it('shows the malicious task id as text: no image element, no alert', async () => {
    const cell = page.getByText(MALICIOUS_TASK, { exact: true });
    expect(await cell.count()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => cell.first().isVisible()).toBe(true);
    expect(await page.getByText('</script><script>alert(2)</script>', { exact: true }).count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('img').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('made no request and logged no error; saves a screenshot', async () => {
    mkdirSync(join(REPO_ROOT, 'test-artifacts'), { recursive: true });
    await page.locator(`#${ID.pSlider}`).fill('0.9');
    await page.locator(`#${ID.kSlider}`).fill('8');
    await page.screenshot({ path: join(REPO_ROOT, 'test-artifacts', 'report-malicious-inputs.png'), fullPage: true });
    expect(requests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
