/// <reference lib="dom" />
// (DOM types for the functions this test runs inside the page with page.evaluate.)
// The explorer of a report opens on the report's own results (issue #45, explorer bullet), in
// Debian's headless Chromium: a report of a simulation and a fit opens on the simulation, whose
// read-outs at its k are its result's exact columns; "start from" the fit shows the fit's predicted
// pass@k and pass^k. The expected numbers are read from the result files (not from the explorer's
// code) and formatted as the page formats them. The view copied as a scenario runs in
// `passk simulate`, whose exact columns at k are the read-out. Policy B beside A reads out what A
// does with B's settings; a latency budget (sequential: exact; parallel rounds: simulated) and a
// majority vote copied as scenario/command give `passk simulate` the same numbers (exact columns
// equal; simulated means within 4 SE of the difference). At 390 px no element of the explorer
// is wider than the screen (the calculator's table included). Screenshots go to test-artifacts/.
// The slow suite (`pnpm test:slow`): the fast suite's reportKinds.test.ts checks, per result kind,
// that the explorer starts on the page's own results.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPercent } from '../../packages/cli/src/format/percent.js';
import { POLICY_IDS as PE, sideId } from '../../packages/cli/src/report/explorer/policyIds.js';
import { EXPLORER_IDS } from '../../packages/cli/src/report/explorer/explorerIds.js';
import { fixture, passk, REPO_ROOT } from '../helpers/runPassk.js';
import { CHROMIUM, chromiumAvailable, launchChromium } from '../helpers/chromium.js';
import { tempDir } from '../helpers/tempDir.js';

const inCi = process.env.CI === 'true';
const skip = !chromiumAvailable && !inCi;
const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');
const METRICS = ['coverage', 'passHatK', 'deliveredCorrect', 'deliveredWrong', 'abstained'] as const;
const OUT: Record<(typeof METRICS)[number], string> = {
  coverage: PE.coverage,
  passHatK: PE.passHatK,
  deliveredCorrect: PE.deliveredCorrect,
  deliveredWrong: PE.deliveredWrong,
  abstained: PE.abstained,
};

type Exact = Record<(typeof METRICS)[number], { exact: number | null }>;
interface SimulateJson {
  scenario: { policy: { maxAttempts: number } };
  rows: Exact[];
}
interface FitJson {
  chosen: string;
  models: { name: string; predicted: { passAtK: Record<string, number>; passHatK: Record<string, number> } }[];
}

let context: BrowserContext;
let profile: string;
let page: Page;
let reportUrl: string;
const errors: string[] = [];

/** The report at this viewport, loaded anew in the file's one page (its state from the last test gone). */
async function open(viewport: { width: number; height: number }): Promise<Page> {
  await page.setViewportSize(viewport);
  await page.goto(reportUrl, { waitUntil: 'load' });
  return page;
}

async function shown(page: Page, side: 'A' | 'B' = 'A'): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = { k: await page.locator(`#${sideId(PE.readoutK, side)}`).textContent() };
  for (const metric of METRICS) out[metric] = await page.locator(`#${sideId(OUT[metric], side)}`).textContent();
  return out;
}

/** Sets a slider through the DOM as a drag does: input events while it moves, change when let go (`release` false: still held). */
async function slide(page: Page, id: string, value: number, release = true): Promise<void> {
  await page.locator(`#${id}`).evaluate(
    (input: HTMLInputElement, [v, up]) => {
      input.value = String(v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      if (up) input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [value, release] as const,
  );
}

/** A read-out cell's number and standard error (data-value, data-se; se null for a closed form). */
async function cellValue(page: Page, id: string): Promise<{ value: number; se: number | null }> {
  const [value, se] = await page.locator(`#${id}`).evaluate((cell) => [cell.getAttribute('data-value'), cell.getAttribute('data-se')]);
  return { value: Number(value), se: se === null || se === '' ? null : Number(se) };
}

describe.skipIf(skip)(`the explorer seeded from the report's results${skip ? ` (skipped: ${CHROMIUM} not found and CI is not set)` : ''}`, () => {
  const dir = tempDir('explorer-seeds-browser');
  const simulateFile = fixture('charts/simulate-refund.json');
  const fitFile = fixture('charts/fit-tau-bench.json');
  const simulation = JSON.parse(readFileSync(simulateFile, 'utf8')) as SimulateJson;
  const fit = JSON.parse(readFileSync(fitFile, 'utf8')) as FitJson;

  beforeAll(async () => {
    // Chromium starts while the report is built (in-process, from source).
    const launched = launchChromium();
    try {
      const out = join(dir, 'report.html');
      const run = await passk('report', simulateFile, fitFile, '--out', out);
      expect(run.code, run.stderr).toBe(0);
      reportUrl = pathToFileURL(out).href;
    } finally {
      ({ context, profile } = await launched);
    }
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  /** Runs the copied scenario through `passk simulate --json` and formats its exact columns at k. */
  async function simulateCopied(page: Page, k: number, side: 'A' | 'B' = 'A'): Promise<Record<string, string>> {
    const yaml = (await page.locator(`#${sideId(PE.scenario, side)}`).textContent())!;
    const file = join(dir, 'explorer.yaml');
    writeFileSync(file, yaml);
    const run = await passk('simulate', file, '--replicates', '2', '--json');
    expect(run.code, run.stderr).toBe(0);
    const rows = (JSON.parse(run.stdout) as { rows: Exact[] }).rows;
    expect(rows).toHaveLength(k);
    return Object.fromEntries([['k', String(k)], ...METRICS.map((metric) => [metric, formatPercent(rows[k - 1]![metric].exact!)])]);
  }

  it("opens on the simulation: the read-outs at its k are the simulation's exact columns; the copied scenario reproduces them", async () => {
    await open({ width: 1280, height: 800 });
    const k = Math.min(20, simulation.scenario.policy.maxAttempts);
    const row = simulation.rows[k - 1]!;
    const expected = Object.fromEntries([['k', String(k)], ...METRICS.map((metric) => [metric, formatPercent(row[metric].exact!)])]);
    expect(await shown(page)).toEqual(expected);
    expect(await simulateCopied(page, k)).toEqual(expected);
    await page.locator(`#${PE.root}`).screenshot({ path: join(ARTIFACTS, 'explorer-seeded-desktop.png') });
    // Two policies side by side: B's column is what A reads out with B's settings (the same agent).
    await page.locator(`#${PE.modeB}`).selectOption('parallel');
    await page.locator(`#${PE.selectorB}`).selectOption('majorityVote');
    // While B's k slider is held, its simulated read-outs wait ("…"); let go, they are simulated.
    await slide(page, PE.kB, 3, false);
    expect(await page.locator(`#${sideId(PE.deliveredCorrect, 'B')}`).textContent()).toBe('…');
    await slide(page, PE.kB, 3);
    const columnB = await shown(page, 'B');
    expect(columnB.deliveredCorrect).toMatch(/^≈\d/);
    await page.locator(`#${PE.mode}`).selectOption('parallel');
    await page.locator(`#${PE.selector}`).selectOption('majorityVote');
    await slide(page, PE.k, 3);
    expect(await shown(page, 'A')).toEqual(columnB);
    expect(await page.locator(`#${sideId(PE.deliveredCorrect, 'difference')}`).textContent()).toMatch(/^≈?0\.0 pts|^≈[+−]?0\.0 pts/);
    await page.locator('details.pe-copy summary').click();
    await page.locator(`#${PE.root}`).screenshot({ path: join(ARTIFACTS, 'explorer-seeded-desktop-copy.png') });
  }, 60_000);

  it("start from the fit: coverage and pass^k at k are the fit's predicted pass@k and pass^k; a changed view still runs in passk simulate", async () => {
    await open({ width: 1280, height: 800 });
    await page.locator(`#${PE.seed}`).selectOption({ index: 1 });
    const model = fit.models.find((candidate) => candidate.name === fit.chosen)!;
    const k = Math.max(
      ...Object.keys(model.predicted.passAtK)
        .map(Number)
        .filter((key) => key <= 20),
    );
    const read = await shown(page);
    expect(read.k).toBe(String(k));
    expect(read.coverage).toBe(formatPercent(model.predicted.passAtK[String(k)]!));
    expect(read.passHatK).toBe(formatPercent(model.predicted.passHatK[String(k)]!));
    expect(await simulateCopied(page, k)).toEqual(read);
    // A worse verifier and all attempts in parallel: the copied scenario follows the view.
    await page.locator(`#${PE.mode}`).selectOption('parallel');
    await slide(page, PE.falseAccept, 0.1);
    const changed = await shown(page);
    expect(changed.deliveredWrong).not.toBe(formatPercent(0));
    expect(await simulateCopied(page, k)).toEqual(changed);
    // The link keeps the result the view started from: a reload shows the same view.
    expect(new URL(page.url()).hash).toContain('from=1');
    await page.reload({ waitUntil: 'load' });
    expect(await page.locator(`#${PE.seed}`).inputValue()).toBe('1');
    expect(await shown(page)).toEqual(changed);
  }, 60_000);

  it('a latency budget and a majority vote: each policy copied as scenario/command gives passk simulate the same numbers (exact equal, simulated within 4 SE)', async () => {
    await open({ width: 1280, height: 800 });
    // A: sequential retries under a wall clock of 2.5 (latency 1 each: at most 3 attempts), a closed form.
    await page.locator(`#${PE.mode}`).selectOption('sequential');
    await slide(page, PE.latencyBudget, 2.5);
    // B: a parallel round of 4, majority vote, the same wall clock: no closed form, simulated.
    await page.locator(`#${PE.modeB}`).selectOption('parallel');
    await page.locator(`#${PE.selectorB}`).selectOption('majorityVote');
    await slide(page, PE.kB, 4);
    await slide(page, PE.latencyBudgetB, 2.5);
    const k = Number(await page.locator(`#${PE.readoutK}`).textContent());
    expect(await simulateCopied(page, k, 'A')).toEqual(await shown(page, 'A'));
    expect(await page.locator(`#${PE.overLatency}`).textContent()).not.toBe('—');
    const yaml = (await page.locator(`#${sideId(PE.scenario, 'B')}`).textContent())!;
    expect(yaml).toContain('kind: "majorityVote"');
    expect(yaml).toMatch(/latency: 2\.5/);
    const file = join(dir, 'policy-b.yaml');
    writeFileSync(file, yaml);
    const run = await passk('simulate', file, '--json');
    expect(run.code, run.stderr).toBe(0);
    const row = (JSON.parse(run.stdout) as { rows: Record<string, { value: number; se: number; exact: number | null }>[] }).rows[3]!;
    const cells: Record<string, string> = {
      deliveredCorrect: PE.deliveredCorrect,
      deliveredWrong: PE.deliveredWrong,
      abstained: PE.abstained,
      costPerCorrect: PE.costPerCorrect,
      latency: PE.latency,
      latencyOverCap: PE.overLatency,
    };
    for (const [metric, id] of Object.entries(cells)) {
      const shownB = await cellValue(page, sideId(id, 'B'));
      const cli = row[metric]!;
      if (cli.exact !== null) {
        expect(shownB.se, metric).toBeNull();
        expect(shownB.value, metric).toBeCloseTo(cli.exact, 12);
        continue;
      }
      expect(shownB.se, `${metric}: simulated in the page`).not.toBeNull();
      const tolerance = 4 * Math.sqrt(shownB.se! ** 2 + cli.se ** 2);
      expect(Math.abs(shownB.value - cli.value), `${metric}: page ${shownB.value} ± ${shownB.se}, CLI ${cli.value} ± ${cli.se}`).toBeLessThanOrEqual(tolerance);
    }
    await page.locator('details.pe-copy summary').click();
    await page.locator(`#${PE.root}`).screenshot({ path: join(ARTIFACTS, 'explorer-two-policies-desktop.png') });
  }, 60_000);

  it('390 px: nothing wider than the screen, the calculator table included; screenshot', async () => {
    await open({ width: 390, height: 844 });
    // Every element of the explorer within the screen (tables in a scrolling wrapper included: they must fit).
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('#explorer *')]
        .filter((element) => element.getBoundingClientRect().width > 0 && element.getBoundingClientRect().right > 390.5)
        .map((element) => `${element.tagName.toLowerCase()}#${element.id} ${Math.round(element.getBoundingClientRect().right)}`),
    );
    expect(wide).toEqual([]);
    const calculator = await page
      .locator(`#${EXPLORER_IDS.calculator} table`)
      .evaluate((table) => ({ right: table.getBoundingClientRect().right, wrap: table.parentElement!.getBoundingClientRect().right }));
    expect(calculator.right).toBeLessThanOrEqual(calculator.wrap + 0.5);
    expect(calculator.right).toBeLessThanOrEqual(390);
    await page.locator(`#${PE.root}`).screenshot({ path: join(ARTIFACTS, 'explorer-seeded-phone.png') });
    await page.locator(`#${EXPLORER_IDS.calculator}`).screenshot({ path: join(ARTIFACTS, 'explorer-calculator-phone.png') });
  }, 60_000);

  it('logged no error', () => {
    expect(errors).toEqual([]);
  });
});
