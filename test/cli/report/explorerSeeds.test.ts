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
import { passk } from '../../helpers/runPassk.js';
import { demoResults } from '../../../packages/cli/src/report/demoResults.js';
import { seedSettings } from '../../../packages/cli/src/report/explorer/explorerSeed.js';
import { explorerSeeds } from '../../../packages/cli/src/report/explorer/explorerSeeds.js';
import { viewYaml } from '../../../packages/cli/src/report/explorer/policyMarkup.js';
import { policyCurves } from '../../../packages/cli/src/report/explorer/policyValues.js';
import { chartFixture } from '../charts/chartFixture.js';

const TOL = 1e-12;
const dir = mkdtempSync(join(tmpdir(), 'passk-explorer-seeds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const METRICS = ['coverage', 'passHatK', 'deliveredCorrect', 'deliveredWrong', 'abstained'] as const;

describe('explorerSeeds', () => {
  const demo = demoResults();
  const fit = { source: 'fit-tau-bench.json', result: chartFixture('fit-tau-bench', 'passk.fit') };
  const seeds = explorerSeeds([...demo, fit]);

  it('one seed per simulate and fit result, in page order', () => {
    const kinds = [...demo, fit].map((input) => input.result.kind).filter((kind) => kind === 'passk.simulate' || kind === 'passk.fit');
    expect(seeds.map((seed) => seed.label.split(':')[0])).toEqual(kinds.map((kind) => (kind === 'passk.fit' ? 'fit' : 'simulate')));
    expect(seeds.length).toBe(4);
  });

  it("the first read-out of each seed equals the page's numbers at its k", () => {
    for (const seed of seeds) {
      const at = policyCurves(seedSettings(seed), seed)[seed.k - 1]!;
      for (const metric of METRICS) {
        const page = seed.page[metric];
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
});
