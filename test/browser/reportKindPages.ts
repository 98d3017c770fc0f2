import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChromium } from '../helpers/chromium.js';
import { fixture, passk, REPO_ROOT } from '../helpers/runPassk.js';
import { tempDir } from '../helpers/tempDir.js';

// The report of each result kind, in headless Chromium, for reportKinds.test.ts (desktop, phone,
// print style) and reportKinds.print.slow.test.ts (printed to PDF).

/** Where screenshots and PDFs go (look at them). */
export const ARTIFACTS = join(REPO_ROOT, 'test-artifacts');

/** The result fixtures (test/fixtures/charts/NAME.json) whose reports are checked. */
export const KINDS = ['estimate-file', 'fit-tau-bench', 'sweep-constrained', 'compare', 'gate', 'simulate-refund', 'plan-precision', 'verifier-tau2'];

/**
 * Called in a describe: before its tests, `passk report` of each kind into a temporary folder and one
 * Chromium; after them, Chromium closed. `open` shows a kind's report at a viewport, every request
 * but the page itself refused (a report must need nothing from outside).
 */
export function reportKindPages(folder: string): { open: (name: string, viewport: { width: number; height: number }) => Promise<Page> } {
  const dir = tempDir(folder);
  const urls = new Map<string, string>();
  let context: BrowserContext | undefined;
  let profile: string | undefined;
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
  return {
    async open(name, viewport) {
      const page = await context!.newPage();
      await page.setViewportSize(viewport);
      const url = urls.get(name)!;
      await page.route('**/*', (route) => (route.request().url().split('#')[0] === url ? route.continue() : route.abort()));
      await page.goto(url, { waitUntil: 'load' });
      return page;
    },
  };
}
