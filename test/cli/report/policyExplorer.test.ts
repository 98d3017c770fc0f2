// The what-if retry-policy explorer's numbers (policyValues → exactMetrics) against independent
// closed forms, and its settings ↔ URL fragment round trip.
import { describe, expect, it } from 'vitest';
import { decodeFragment, encodeFragment, startState } from '../../../packages/cli/src/report/explorer/explorerFragment.js';
import { EXPLORER_START } from '../../../packages/cli/src/report/explorer/explorerPresets.js';
import { AGENTS, POLICY_MAX_K, POLICY_START, type PolicySettings } from '../../../packages/cli/src/report/explorer/policySettings.js';
import { differenceText, policyCurves, policyReadout, policyTexts, viewScenario } from '../../../packages/cli/src/report/explorer/policyValues.js';
import { policyColumn } from '../../../packages/cli/src/report/explorer/policyView.js';
import { policyOf } from '../../../packages/cli/src/report/explorer/policySettings.js';
import { seedSettings, type ExplorerSeed } from '../../../packages/cli/src/report/explorer/explorerSeed.js';
import { policyCurvesSvg } from '../../../packages/cli/src/report/explorer/policyCurvesSvg.js';

const base: PolicySettings = {
  ...POLICY_START,
  population: 'p',
  p: 0.6,
  correlation: 'independent',
  strength: 0,
  falseAccept: 0,
  falseReject: 0,
  mode: 'sequential',
  costPerAttempt: 0.02,
};
const TOL = 1e-12;

describe('policyCurves: closed forms of the explorer', () => {
  it('a soft cost budget: attempts start while the spend is below it (p 0.5, cost 0.1, budget 0.25 → at most 3 attempts)', () => {
    // Closed form by hand: attempts 1–3 start at spend 0, 0.1, 0.2 < 0.25; a 4th would start at 0.3.
    // delivered correct = 1 − 0.5^min(k, 3) (coverage counts all k attempts, the budget aside); the episode ends above the budget when 3 attempts ran: P = 0.5² for k ≥ 3.
    const settings = { ...base, p: 0.5, costPerAttempt: 0.1, costBudget: 0.25 };
    const curves = policyCurves(settings);
    curves.forEach((row, i) => {
      const k = i + 1;
      expect(row.deliveredCorrect).toBeCloseTo(1 - 0.5 ** Math.min(k, 3), 12);
      expect(row.costOverCap).toBeCloseTo(k >= 3 ? 0.25 : 0, 12);
    });
    expect(policyTexts({ ...settings, k: 8 }, curves).overBudget).toBe('25.0%');
    expect(policyTexts({ ...base, k: 8 }).overBudget).toBe('—');
  });

  it('independent attempts, perfect verifier: coverage 1 − (1 − p)^k, pass^k p^k, delivered = coverage, cost per correct = E[attempts]·cost / coverage', () => {
    const curves = policyCurves(base);
    expect(curves).toHaveLength(POLICY_MAX_K);
    curves.forEach((row, i) => {
      const k = i + 1;
      const coverage = 1 - 0.4 ** k;
      expect(row.coverage).toBeCloseTo(coverage, 12);
      expect(row.passHatK).toBeCloseTo(0.6 ** k, 12);
      expect(row.deliveredCorrect).toBeCloseTo(coverage, 12);
      expect(row.deliveredWrong).toBeCloseTo(0, 12);
      // Sequential: attempt j runs when the first j − 1 failed; E[attempts] = Σ_{j<k} 0.4^j = (1 − 0.4^k)/0.6.
      expect(row.costPerCorrect! * row.deliveredCorrect!).toBeCloseTo((0.02 * (1 - 0.4 ** k)) / 0.6, 12);
    });
  });

  it('an imperfect verifier, sequential: each attempt is accepted-correct a = p(1 − FR), accepted-wrong b = (1 − p)FA, else retried', () => {
    const settings = { ...base, p: 0.5, falseAccept: 0.1, falseReject: 0.2 };
    const a = 0.5 * 0.8;
    const b = 0.5 * 0.1;
    const r = 1 - a - b;
    policyCurves(settings).forEach((row, i) => {
      const k = i + 1;
      expect(Math.abs(row.deliveredCorrect! - (a * (1 - r ** k)) / (1 - r))).toBeLessThan(TOL);
      expect(Math.abs(row.deliveredWrong! - (b * (1 - r ** k)) / (1 - r))).toBeLessThan(TOL);
      expect(Math.abs(row.abstained! - r ** k)).toBeLessThan(TOL);
    });
  });

  it("seed 000's agents (§6): same mean 70 %, pass^8 = 0.7^8 ≈ 5.8 % for A and 70 % for B", () => {
    expect(policyTexts({ ...AGENTS.A, k: 8 }).passHatK).toBe('5.8%');
    expect(policyCurves(AGENTS.A)[7]!.passHatK).toBeCloseTo(0.7 ** 8, 12);
    expect(policyTexts({ ...AGENTS.B, k: 8 }).passHatK).toBe('70.0%');
    expect(policyTexts({ ...AGENTS.B, k: 8 }).coverage).toBe('70.0%');
  });

  it('a Beta population, independent attempts: pass^k = E[p^k] = Π_{j<k} (a + j)/(a + b + j)', () => {
    const settings: PolicySettings = { ...base, population: 'beta', mean: 0.6, concentration: 3 };
    const [a, b] = [1.8, 1.2];
    policyCurves(settings).forEach((row, i) => {
      let moment = 1;
      for (let j = 0; j <= i; j++) moment *= (a + j) / (a + b + j);
      expect(row.passHatK).toBeCloseTo(moment, 12);
    });
  });

  it('draws an SVG with every curve and the marker at k', () => {
    const svg = policyCurvesSvg(policyCurves(POLICY_START), 8, 340);
    expect(svg).toMatch(/^<svg[^>]* width="340"/);
    for (const cls of ['pc-coverage', 'pc-passhat', 'pc-correct', 'pc-wrong', 'pc-cost']) expect(svg).toContain(`class="${cls}"`);
    expect(svg.match(/class="marker"/g)).toHaveLength(2);
  });
});

describe('latency budgets, selectors and policy B', () => {
  it('a soft latency budget on sequential attempts: latencies add up (p 0.5, latency 2, budget 5 → at most 3 attempts), exact', () => {
    // By hand: attempts start at elapsed 0, 2, 4 < 5; a 4th would start at 6. Delivered correct
    // 1 − 0.5^min(k, 3); mean latency 2·E[attempts] = 2·(1 + 0.5 + 0.25) = 3.5 for k ≥ 3; the episode
    // ends at 6 > 5 when the 3rd attempt ran: P = 0.5² = 0.25.
    const settings: PolicySettings = { ...base, p: 0.5, latencyPerAttempt: 2, latencyBudget: 5, k: 8 };
    const curves = policyCurves(settings);
    curves.forEach((row, i) => expect(row.deliveredCorrect).toBeCloseTo(1 - 0.5 ** Math.min(i + 1, 3), 12));
    const readout = policyReadout(settings, curves);
    expect(readout.latency).toEqual({ value: 3.5, se: null });
    expect(readout.latencyOverCap.value).toBeCloseTo(0.25, 12);
    expect(readout.latencyOverCap.se).toBeNull();
    expect(policyTexts(settings, curves).overLatency).toBe('25.0%');
  });

  it('a latency budget on a parallel round (no closed form): the simulated read-out is within 4 SE of the hand value', () => {
    // By hand: the round of k = 4 starts at 0 < 1.5 and takes its slowest attempt, 2 (constant):
    // latency 2, always over the budget; delivered correct = 1 − 0.5^4 (perfect verifier, first accepted).
    const settings: PolicySettings = { ...base, p: 0.5, mode: 'parallel', latencyPerAttempt: 2, latencyBudget: 1.5, k: 4 };
    const readout = policyReadout(settings, policyCurves(settings));
    expect(readout.deliveredCorrect.se).not.toBeNull();
    expect(Math.abs(readout.deliveredCorrect.value! - (1 - 0.5 ** 4))).toBeLessThanOrEqual(4 * readout.deliveredCorrect.se!);
    expect(readout.latency.value).toBeCloseTo(2, 12);
    expect(readout.latencyOverCap.value).toBe(1);
    expect(policyTexts(settings).deliveredCorrect).toMatch(/^≈\d+\.\d% \(SE \d+\.\d\d%\)$/);
  });

  it('selectors in a parallel round with a perfect verifier: oracle, vote, score and random all deliver coverage 1 − (1 − p)^k', () => {
    // Every accepted attempt is correct (FA = 0), so any selector delivers a correct one when one exists.
    for (const selector of ['oracle', 'majorityVote', 'bestScore', 'random', 'firstAccepted'] as const) {
      const settings: PolicySettings = { ...base, p: 0.3, mode: 'parallel', selector, k: 5 };
      const readout = policyReadout(settings, policyCurves(settings));
      expect(readout.deliveredCorrect.value, selector).toBeCloseTo(1 - 0.7 ** 5, 12);
      expect(readout.deliveredCorrect.se, selector).toBeNull();
      expect(viewScenario(settings).selector).toEqual({ kind: selector });
    }
    // Sequential attempts deliver the first accepted one whatever the selector says (the format requires it).
    expect(viewScenario({ ...base, selector: 'majorityVote' }).selector).toEqual({ kind: 'firstAccepted' });
  });

  it('policy B is the same agent with its own k, mode, selector and budgets; B − A of closed forms is exact', () => {
    const settings: PolicySettings = { ...base, p: 0.5, k: 2, kB: 3, modeB: 'sequential', selectorB: 'oracle', costBudgetB: 0.5, latencyBudgetB: 9 };
    const b = policyOf(settings, 'B');
    expect([b.k, b.mode, b.selector, b.costBudget, b.latencyBudget, b.p]).toEqual([3, 'sequential', 'oracle', 0.5, 9, 0.5]);
    const [columnA, columnB] = [policyColumn(settings, 'A', null), policyColumn(settings, 'B', null)];
    // 1 − 0.5³ − (1 − 0.5²) = 0.125
    expect(columnB.readout.deliveredCorrect.value! - columnA.readout.deliveredCorrect.value!).toBeCloseTo(0.125, 12);
    expect(differenceText('deliveredCorrect', columnA.readout.deliveredCorrect, columnB.readout.deliveredCorrect)).toBe('+12.5 pts');
    expect(differenceText('deliveredCorrect', { value: 0.5, se: 0.003 }, { value: 0.4, se: 0.004 })).toBe('≈−10.0 pts (SE 0.50 pts)');
  });
});

describe('a seed in batches with a majority vote', () => {
  const seed: ExplorerSeed = {
    label: 'simulate: batches',
    basis: 'test',
    scenario: {
      tasks: { count: 50, successRate: { dist: 'point', p: 0.6 } },
      verifier: { falseAccept: 0.1, falseReject: 0.1 },
      selector: { kind: 'majorityVote', distinctWrong: 2 },
      policy: { maxAttempts: 6, mode: 'batches', batchSize: 3 },
    },
    k: 6,
    page: { coverage: null, passHatK: null, deliveredCorrect: null, deliveredWrong: null, abstained: null },
  };

  it('opens on its own policy (the explorer shows it as sequential, the copy keeps batches and the vote with its parameters)', () => {
    const settings = seedSettings(seed);
    expect(settings.mode).toBe('sequential');
    const own = viewScenario(settings, seed);
    expect(own.selector).toEqual({ kind: 'majorityVote', distinctWrong: 2 });
    expect(own.policy).toMatchObject({ mode: 'batches', batchSize: 3, maxAttempts: 6 });
    // Policy B (parallel, majority vote by default): the seed's vote with its parameters, in one round.
    const b = viewScenario(policyOf(settings, 'B'), seed);
    expect(b.selector).toEqual({ kind: 'majorityVote', distinctWrong: 2 });
    expect(b.policy).toMatchObject({ mode: 'parallel', maxAttempts: 6 });
    // Choosing another selector for B writes that kind at the format's defaults.
    expect(viewScenario(policyOf({ ...settings, selectorB: 'bestScore' }, 'B'), seed).selector).toEqual({ kind: 'bestScore' });
  });
});

describe('the URL fragment', () => {
  const start = startState(EXPLORER_START);

  it('round-trips every setting', () => {
    const state = {
      policy: {
        ...POLICY_START,
        population: 'split',
        mean: 0.35,
        concentration: 12.5,
        k: 13,
        correlation: 'markov',
        strength: 0.45,
        falseAccept: 0.02,
        falseReject: 0.15,
        mode: 'parallel',
        costPerAttempt: 0.137,
        selector: 'bestScore',
        latencyPerAttempt: 3.5,
        latencyBudget: 12.5,
        kB: 7,
        modeB: 'sequential',
        selectorB: 'random',
        costBudgetB: 0.35,
        latencyBudgetB: 40,
      } as PolicySettings,
      p: 0.321,
      k: 17,
      n: 50,
      c: 12,
      calculatorK: 4,
    };
    const fragment = encodeFragment(state);
    expect(decodeFragment(`#${fragment}`, start)).toEqual(state);
    expect(encodeFragment(decodeFragment(fragment, start))).toBe(fragment);
  });

  it('keeps the fallback for unknown keys, out-of-range numbers, unknown choices and bad escapes; rounds to the slider step', () => {
    const state = decodeFragment('#k=99&fa=-1&corr=sticky&mode=%E0%A4%A&p=0.12345&junk=1&mean=', start);
    expect(state.policy.k).toBe(start.policy.k);
    expect(state.policy.falseAccept).toBe(start.policy.falseAccept);
    expect(state.policy.correlation).toBe(start.policy.correlation);
    expect(state.policy.mode).toBe(start.policy.mode);
    expect(state.policy.mean).toBe(start.policy.mean);
    expect(state.policy.p).toBe(0.123);
  });
});
