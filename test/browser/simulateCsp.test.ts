/// <reference lib="dom" />
// (DOM types for the function this test runs inside the page with page.evaluate.)
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveScenario, simulate } from '@passk/sim';
import { CHROMIUM, chromiumAvailable, launchChromium } from '../helpers/chromium.js';
import { REPO_ROOT } from '../helpers/runPassk.js';
import { CSP_SCENARIO, type PageResult } from './csp/scenario.js';

// @passk/sim in headless Chromium on a page whose Content-Security-Policy forbids compiling
// WebAssembly (script-src 'self', no 'wasm-unsafe-eval'; issue 37): simulate falls back to its
// JavaScript kernel and gives the summary of the same page without the policy (where the
// WebAssembly kernel runs) byte for byte, and Node's simulated values byte for byte. The library's
// source is bundled for the browser with esbuild (packages/cli's devDependency), as an application
// that uses the library would bundle it.

const inCi = process.env.CI === 'true';
const skip = !chromiumAvailable && !inCi;
const STRICT_CSP = "default-src 'self'; script-src 'self'";

/** The part of esbuild's API used here (esbuild is packages/cli's devDependency, not the tests'). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles: Array<{ text: string }> }>;
}

async function bundlePageScript(): Promise<string> {
  const fromCli = createRequire(join(REPO_ROOT, 'packages/cli/package.json'));
  const esbuild = (await import(pathToFileURL(fromCli.resolve('esbuild')).href)) as Esbuild;
  const result = await esbuild.build({
    entryPoints: [join(REPO_ROOT, 'test/browser/csp/page.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

const HTML = '<!doctype html><html lang="en"><meta charset="utf-8"><title>simulate</title><p id="status">running</p><script src="/page.js"></script></html>';

let server: Server;
let origin: string;
let context: BrowserContext;
let profile: string;
const requests: string[] = [];
const pageErrors: string[] = [];

/** A page at `path` of the test server, once its script has run; what it left in window.passkResult. */
async function resultAt(path: string): Promise<PageResult> {
  const page: Page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${path}: ${error.message}`));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`)) return route.continue();
    requests.push(url);
    return route.abort();
  });
  await page.goto(`${origin}${path}`, { waitUntil: 'load' });
  await expect.poll(() => page.locator('#status').textContent(), { timeout: 30_000 }).toBe('done');
  const result = await page.evaluate(() => (window as unknown as { passkResult: PageResult }).passkResult);
  await page.close();
  return result;
}

/**
 * A summary from the page against Node's: the simulated values and their SEs (counts of the same
 * draws) byte for byte; the closed forms (`exact`) to 1e-14 relative: Chromium's V8 and Node 20's
 * differ in the last digit of some (0.15192738168158587 in Chromium 156 against …584 in Node 20.20,
 * with WebAssembly or without; issue 37 reports the same between Node versions).
 */
function expectNodeSummary(page: string, node: string): void {
  const exacts: number[][] = [[], []];
  const withoutExact = (summary: string, into: number[]) =>
    JSON.stringify(JSON.parse(summary), (key, value: unknown) => {
      if (key !== 'exact') return value;
      if (typeof value === 'number') into.push(value);
      return undefined;
    });
  expect(withoutExact(page, exacts[0]!)).toBe(withoutExact(node, exacts[1]!));
  expect(exacts[0]!.length).toBe(exacts[1]!.length);
  exacts[0]!.forEach((value, i) => expect(Math.abs(value - exacts[1]![i]!), `exact ${i}`).toBeLessThanOrEqual(1e-14 * Math.abs(exacts[1]![i]!)));
}

describe.skipIf(skip)(`simulate in headless Chromium under a strict CSP${skip ? ` (skipped: ${CHROMIUM} not found and CI is not set)` : ''}`, () => {
  beforeAll(async () => {
    const script = await bundlePageScript();
    server = createServer((request, response) => {
      // /strict: the policy, no 'wasm-unsafe-eval'; /open: no policy (WebAssembly may compile).
      const policy = request.url === '/strict' ? { 'Content-Security-Policy': STRICT_CSP } : {};
      if (request.url === '/strict' || request.url === '/open') {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...policy }).end(HTML);
      } else if (request.url === '/page.js') {
        response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(script);
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ({ context, profile } = await launchChromium());
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  const inNode = () => JSON.stringify(simulate(resolveScenario(CSP_SCENARIO)));
  let strict: PageResult;

  it("under the policy WebAssembly is refused, and simulate gives Node's simulated values byte for byte", async () => {
    strict = await resultAt('/strict');
    // The policy is in force: compiling even an empty module is refused.
    expect(strict.wasm).toMatch(/^CompileError: .*Content Security Policy/);
    expect(strict.error).toBeNull();
    expectNodeSummary(strict.summary!, inNode());
  });

  it('without the policy WebAssembly runs: the same summary as under it, byte for byte, and as in Node', async () => {
    const open = await resultAt('/open');
    expect(open.wasm).toBe('allowed');
    expect(open.error).toBeNull();
    expect(open.summary).toBe(strict.summary);
    expectNodeSummary(open.summary!, inNode());
  });

  it('threw nothing uncaught and requested nothing outside the test server', () => {
    expect(pageErrors).toEqual([]);
    expect(requests).toEqual([]);
  });
});
