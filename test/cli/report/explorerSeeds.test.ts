// The explorer seeded from the report's own results (issue #45, explorer bullet): its first read-out
// equals the page's numbers — a simulation's exact columns at its k (the demo's three simulations),
// a fit's predicted pass@k and pass^k (the fit's own model formulas, an independent path from
// exactMetrics over the fitted mixture) — and the view copied as YAML is read by the CLI's scenario
// reader into a scenario whose closed forms at k are the read-out.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { fixture, passk } from '../../helpers/runPassk.js';
import type { PasskResult } from '../../../packages/cli/src/report/reportInput.js';
import { demoResults } from '../../../packages/cli/src/report/demoResults.js';
import { seedSettings } from '../../../packages/cli/src/report/explorer/explorerSeed.js';
import { explorerSeeds } from '../../../packages/cli/src/report/explorer/explorerSeeds.js';
import { viewYaml } from '../../../packages/cli/src/report/explorer/policyMarkup.js';
import { policyCurves, READOUT_METRICS } from '../../../packages/cli/src/report/explorer/policyValues.js';
import { policyColumn } from '../../../packages/cli/src/report/explorer/policyView.js';
import { chartFixture } from '../charts/chartFixture.js';

const TOL = 1e-12;
const dir = mkdtempSync(join(tmpdir(), 'passk-explorer-seeds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const METRICS = ['coverage', 'passHatK', 'deliveredCorrect', 'deliveredWrong', 'abstained'] as const;

describe('explorerSeeds', () => {
  const demo = demoResults();
  const fit = { source: 'fit-tau-bench.json', result: chartFixture('fit-tau-bench', 'passk.fit') };
  const estimate = { source: 'estimate-file.json', result: chartFixture('estimate-file', 'passk.estimate.file') };
  const seeds = explorerSeeds([...demo, fit, estimate]);

  it('one seed per simulate and fit result, in page order', () => {
    const name = { 'passk.simulate': 'simulate', 'passk.fit': 'fit', 'passk.estimate.file': 'estimate' } as Record<string, string>;
    const kinds = [...demo, fit, estimate].map((input) => name[input.result.kind]).filter((kind) => kind !== undefined);
    expect(seeds.map((seed) => seed.label.split(':')[0])).toEqual(kinds);
    expect(seeds.length).toBe(5);
  });

  it("the first read-out of each seed equals the page's numbers at its k", () => {
    for (const seed of seeds) {
      const at = policyCurves(seedSettings(seed), seed)[seed.k - 1]!;
      for (const metric of METRICS) {
        const page = seed.page[metric];
        // estimate-file.json (agent B's log) has pass^2 22.9 % < pass@1² = 25 %: no population matches it.
        if (seed.label.startsWith('estimate')) {
          expect(page).toBeNull();
          continue;
        }
        expect(page, `${seed.label} ${metric}`).not.toBeNull();
        expect(Math.abs(at[metric]! - page!), `${seed.label} ${metric}`).toBeLessThan(TOL);
      }
    }
  });

  it("the demo's built-in scenario opens at its own 8 attempts, not the made-up agent (issue #45: 91.2 % vs 83.0 %)", () => {
    const first = seeds[0]!;
    expect(first.k).toBe(8);
    const simulate = demo.find((input) => input.result.kind === 'passk.simulate')!.result;
    if (simulate.kind !== 'passk.simulate') throw new Error('no simulation in the demo');
    expect(first.page.coverage).toBe(simulate.rows[7]!.coverage.exact);
    expect(first.page.coverage!).toBeGreaterThan(0.82);
    expect(first.page.coverage!).toBeLessThan(0.84);
  });

  it('an estimate of a log with spread tasks (fit-mixed-n.csv, n 3–8): at k = 2 the read-outs are its pass@2 and pass^2', async () => {
    const run = await passk('estimate', fixture('charts/fit-mixed-n.csv'), '--json');
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as PasskResult;
    const [seed] = explorerSeeds([{ source: 'fit-mixed-n.csv', result }]);
    expect(seed!.k).toBe(2);
    if (result.kind !== 'passk.estimate.file') throw new Error(result.kind);
    const rows = result.rows.map((row) => ({ passAtK: row.passAtK!, passHatK: row.passHatK! }));
    const at = policyCurves(seedSettings(seed!), seed!)[1]!;
    expect(Math.abs(at.coverage! - rows[1]!.passAtK)).toBeLessThan(TOL);
    expect(Math.abs(at.passHatK! - rows[1]!.passHatK)).toBeLessThan(TOL);
    // and at k = 1 the log's pass@1 (the population's mean)
    expect(Math.abs(policyCurves(seedSettings(seed!), seed!)[0]!.coverage! - rows[0]!.passAtK)).toBeLessThan(TOL);
  });

  it('the copied YAML runs in `passk simulate FILE --json`, whose exact columns at k are the read-out', async () => {
    for (const seed of seeds) {
      for (const settings of [seedSettings(seed), { ...seedSettings(seed), falseAccept: 0.02, mode: 'parallel' as const, k: 3 }]) {
        const file = join(dir, 'explorer.yaml');
        writeFileSync(file, viewYaml(settings, seed));
        const run = await passk('simulate', file, '--replicates', '2', '--json');
        expect(run.code, run.stderr).toBe(0);
        const rows = (JSON.parse(run.stdout) as { rows: Record<string, { exact: number | null }>[] }).rows;
        expect(rows).toHaveLength(settings.k);
        const shown = policyCurves(settings, seed)[settings.k - 1]!;
        for (const metric of METRICS) expect(Math.abs(rows[settings.k - 1]![metric]!.exact! - shown[metric]!), `${seed.label} ${metric}`).toBeLessThan(TOL);
      }
    }
  });

  it('policy B of every seed (the other mode; parallel: majority vote) copied as YAML carries its selector and budgets; passk simulate agrees (exact equal, simulated within 4 SE)', async () => {
    for (const seed of seeds) {
      const settings = { ...seedSettings(seed), falseAccept: 0.05, latencyBudgetB: 3 };
      const b = policyColumn(settings, 'B', seed);
      const file = join(dir, 'policy-b.yaml');
      writeFileSync(file, viewYaml(settings, seed, 'B'));
      const run = await passk('simulate', file, '--json');
      expect(run.code, run.stderr).toBe(0);
      const document = JSON.parse(run.stdout) as {
        scenario: { selector: { kind: string }; policy: { mode: string; budget: { latency: number | null } } };
        rows: Record<string, { value: number | null; se: number | null; exact: number | null }>[];
      };
      expect(document.scenario.policy.mode).toBe(b.settings.mode);
      expect(document.scenario.selector.kind).toBe(b.settings.mode === 'parallel' ? 'majorityVote' : 'firstAccepted');
      expect(document.scenario.policy.budget.latency).toBe(3);
      const row = document.rows[b.settings.k - 1]!;
      for (const metric of READOUT_METRICS) {
        const shown = b.readout[metric];
        const cli = row[metric]!;
        if (shown.value === null) continue;
        if (shown.se === null) expect(Math.abs(cli.exact! - shown.value), `${seed.label} ${metric}`).toBeLessThan(TOL);
        else expect(Math.abs(cli.value! - shown.value), `${seed.label} ${metric}`).toBeLessThanOrEqual(4 * Math.hypot(shown.se, cli.se!));
      }
    }
  });
});
