// exactMetrics against an independent implementation of the engine semantics
// (docs/engine-semantics.md): a brute-force enumerator over every outcome sequence and every
// verdict sequence of the first K attempts, with each sequence's exact probability, which runs each
// episode literally (rounds, cost budget, selector, onNoAccept) and averages. Beta laws (task rates,
// verifier rates) are integrated with Gauss–Legendre times the polynomial Beta density, exact for
// the polynomials involved. Also: docs/design.md §3's closed forms, the seeds, and model equivalences.
import { describe, expect, it } from 'vitest';
import { exactMetrics, type ExactMetrics } from '../../../packages/sim/src/analytic/exactMetrics.js';
import { betaQuadrature } from '../../../packages/sim/src/distributions/betaQuadrature.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { logBeta } from '../../../packages/sim/src/math/logBeta.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import type { AttemptCorrelation, Scenario } from '../../../packages/sim/src/scenario/types.js';

// ---------- the enumerator (independent of packages/sim/src/analytic) ----------

type Law = { x: number; w: number }[];

/** Beta(a, b) with integer a, b ≥ 1: n-point Gauss–Legendre on [0, 1] (betaQuadrature(1, 1, n), tested against scipy) × the density. */
function betaLaw(a: number, b: number, n: number): Law {
  const fact = (m: number): number => (m <= 1 ? 1 : m * fact(m - 1));
  const B = (fact(a - 1) * fact(b - 1)) / fact(a + b - 1);
  const { nodes, weights } = betaQuadrature(1, 1, n);
  return Array.from(nodes, (x, i) => ({ x, w: (weights[i] * x ** (a - 1) * (1 - x) ** (b - 1)) / B }));
}

const pointLaw = (x: number): Law => [{ x, w: 1 }];

/** P(outcomes x_1..x_K) (bit j of `xs` = attempt j + 1 correct) by the model's definition. */
function outcomeProbability(model: AttemptCorrelation, p: number, xs: number, K: number): number {
  const bit = (j: number) => (xs >> j) & 1;
  let s = 0;
  for (let j = 0; j < K; j++) s += bit(j);
  switch (model.model) {
    case 'independent':
      return p ** s * (1 - p) ** (K - s);
    case 'exchangeable': {
      // q ~ Beta(a, b), then iid Bernoulli(q): P = B(a + s, b + K − s)/B(a, b).
      const nu = 1 / model.icc - 1;
      const a = p * nu;
      const b = (1 - p) * nu;
      if (a === 0) return s === 0 ? 1 : 0;
      if (b === 0) return s === K ? 1 : 0;
      return Math.exp(logBeta(a + s, b + K - s) - logBeta(a, b));
    }
    case 'markov': {
      const lambda = model.stickiness;
      let prob = bit(0) ? p : 1 - p;
      for (let j = 1; j < K; j++) {
        const fresh = bit(j) ? p : 1 - p;
        prob *= lambda * (bit(j) === bit(j - 1) ? 1 : 0) + (1 - lambda) * fresh;
      }
      return prob;
    }
    case 'feedback': {
      let rate = p;
      let prob = 1;
      for (let j = 0; j < K; j++) {
        prob *= bit(j) ? rate : 1 - rate;
        if (!bit(j)) rate = model.afterFailure >= 0 ? rate + model.afterFailure * (1 - rate) : rate * (1 + model.afterFailure);
      }
      return prob;
    }
  }
}

interface Setup {
  model: AttemptCorrelation;
  K: number;
  mode: 'sequential' | 'parallel' | 'batches';
  batchSize: number;
  selector: 'firstAccepted' | 'oracle' | 'random' | 'majorityVote' | 'bestScore';
  onNoAccept: 'abstain' | 'deliverLast';
  /** Per-attempt spend (cost + verifier cost) and the budget, when there is one. */
  spendEach: number;
  budget: number | null;
  tasks: { p: Law; falseAccept: Law; falseReject: Law; weight: number }[];
}

interface Truth {
  coverage: number;
  passHatK: number;
  deliveredCorrect: number;
  deliveredWrong: number;
  abstained: number;
  attempts: number;
  rounds: number;
}

/** Runs the episode of budget k literally for one outcome and verdict sequence; adds weight × outputs to `row`. */
function runEpisode(setup: Setup, xs: number, vs: number, k: number, weight: number, row: Truth): void {
  const x = (j: number) => (xs >> j) & 1;
  const v = (j: number) => (vs >> j) & 1;
  const size = setup.mode === 'sequential' ? 1 : setup.mode === 'parallel' ? k : setup.batchSize;
  let started = 0;
  let spend = 0;
  let rounds = 0;
  let correctShare: number | null = null; // share of the delivery that is correct; null = nothing delivered yet
  let accepted: number[] = [];
  while (accepted.length === 0) {
    const round: number[] = [];
    while (round.length < size && started < k && (setup.budget === null || spend < setup.budget)) {
      round.push(started);
      spend += setup.spendEach;
      started++;
    }
    if (round.length === 0) break;
    rounds++;
    accepted = round.filter((j) => v(j) === 1);
  }
  const anyStartedCorrect = Array.from({ length: started }, (_, j) => x(j)).some((b) => b === 1);
  if (setup.selector === 'oracle' && anyStartedCorrect) correctShare = 1;
  else if (accepted.length > 0) {
    const correctAccepted = accepted.filter((j) => x(j) === 1).length;
    switch (setup.selector) {
      case 'firstAccepted':
      case 'oracle':
        correctShare = x(accepted[0]);
        break;
      case 'random':
        correctShare = correctAccepted / accepted.length;
        break;
      case 'majorityVote':
      case 'bestScore':
        // Only used where every accepted attempt has the same correctness.
        if (correctAccepted !== 0 && correctAccepted !== accepted.length) throw new Error('selector outcome not determined');
        correctShare = correctAccepted > 0 ? 1 : 0;
        break;
    }
  } else if (setup.onNoAccept === 'deliverLast') correctShare = x(started - 1);
  let anyCorrect = 0;
  let allCorrect = 1;
  for (let j = 0; j < k; j++) {
    if (x(j)) anyCorrect = 1;
    else allCorrect = 0;
  }
  row.coverage += weight * anyCorrect;
  row.passHatK += weight * allCorrect;
  if (correctShare === null) row.abstained += weight;
  else {
    row.deliveredCorrect += weight * correctShare;
    row.deliveredWrong += weight * (1 - correctShare);
  }
  row.attempts += weight * started;
  row.rounds += weight * rounds;
}

/** Truth per budget k (index k − 1): Σ over tasks, rate nodes, outcome and verdict sequences. */
function enumerate(setup: Setup): Truth[] {
  const { K } = setup;
  const rows: Truth[] = Array.from({ length: K }, () => ({
    coverage: 0,
    passHatK: 0,
    deliveredCorrect: 0,
    deliveredWrong: 0,
    abstained: 0,
    attempts: 0,
    rounds: 0,
  }));
  for (const task of setup.tasks) {
    for (const p of task.p) {
      for (let xs = 0; xs < 1 << K; xs++) {
        const px = task.weight * p.w * outcomeProbability(setup.model, p.x, xs, K);
        if (px === 0) continue;
        for (const fa of task.falseAccept) {
          for (const fr of task.falseReject) {
            for (let vs = 0; vs < 1 << K; vs++) {
              let pv = fa.w * fr.w;
              for (let j = 0; j < K; j++) {
                const correct = (xs >> j) & 1;
                const accept = (vs >> j) & 1;
                pv *= correct ? (accept ? 1 - fr.x : fr.x) : accept ? fa.x : 1 - fa.x;
              }
              if (pv === 0) continue;
              for (let k = 1; k <= K; k++) runEpisode(setup, xs, vs, k, px * pv, rows[k - 1]);
            }
          }
        }
      }
    }
  }
  return rows;
}

// ---------- helpers building the same case for exactMetrics ----------

const MODELS: AttemptCorrelation[] = [
  { model: 'independent' },
  { model: 'exchangeable', icc: 0.3 },
  { model: 'markov', stickiness: 0.6 },
  { model: 'feedback', afterFailure: 0.25 },
  { model: 'feedback', afterFailure: -0.4 },
];
const TOL = 1e-12;

type VerifierCase = { kind: 'perfect' } | { kind: 'point'; fa: number; fr: number } | { kind: 'beta'; fa: [number, number]; fr: [number, number] };

interface Case {
  model: AttemptCorrelation;
  K: number;
  mode: Setup['mode'];
  batchSize?: number;
  selector?: Setup['selector'];
  threshold?: number;
  onNoAccept: Setup['onNoAccept'];
  verifier: VerifierCase;
  verifierCost?: number;
  cost?: number | { dist: 'lognormal'; median: number; sigma: number };
  latency?: number | { dist: 'lognormal'; median: number; sigma: number };
  budget?: number;
  values: number[];
}

// Gauss–Legendre with 8 points is exact up to degree 15: a Beta density here has degree ≤ 8 and a path
// probability degree ≤ K ≤ 5 in a rate (and in p).
const LEGENDRE_POINTS = 8;

function scenarioOf(c: Case): Scenario {
  const verifier =
    c.verifier.kind === 'perfect'
      ? undefined
      : c.verifier.kind === 'point'
        ? { falseAccept: c.verifier.fa, falseReject: c.verifier.fr, cost: c.verifierCost ?? 0 }
        : {
            falseAccept: { dist: 'beta', a: c.verifier.fa[0], b: c.verifier.fa[1] },
            falseReject: { dist: 'beta', a: c.verifier.fr[0], b: c.verifier.fr[1] },
            cost: c.verifierCost ?? 0,
          };
  const selector = c.selector === 'bestScore' ? { kind: 'bestScore', threshold: c.threshold ?? null } : { kind: c.selector ?? 'firstAccepted' };
  return resolveScenario({
    tasks: { count: c.values.length, successRate: { dist: 'fixed', values: c.values } },
    attempts: { correlation: c.model, cost: { perAttempt: c.cost ?? 0 }, latency: { perAttempt: c.latency ?? 1 } },
    ...(verifier === undefined ? {} : { verifier }),
    selector,
    policy: {
      maxAttempts: c.K,
      mode: c.mode,
      ...(c.mode === 'batches' ? { batchSize: c.batchSize } : {}),
      onNoAccept: c.onNoAccept,
      ...(c.budget === undefined ? {} : { budget: { cost: c.budget } }),
    },
  });
}

function setupOf(c: Case): Setup {
  const rate = (which: 'fa' | 'fr'): Law =>
    c.verifier.kind === 'perfect'
      ? pointLaw(0)
      : c.verifier.kind === 'point'
        ? pointLaw(c.verifier[which])
        : betaLaw(c.verifier[which][0], c.verifier[which][1], LEGENDRE_POINTS);
  const each = typeof c.cost === 'number' ? c.cost : c.cost === undefined ? 0 : c.cost.median;
  return {
    model: c.model,
    K: c.K,
    mode: c.mode,
    batchSize: c.batchSize ?? 1,
    selector: c.selector ?? 'firstAccepted',
    onNoAccept: c.onNoAccept,
    spendEach: each + (c.verifier.kind === 'perfect' ? 0 : (c.verifierCost ?? 0)),
    budget: c.budget ?? null,
    tasks: c.values.map((p) => ({ p: pointLaw(p), falseAccept: rate('fa'), falseReject: rate('fr'), weight: 1 / c.values.length })),
  };
}

const DELIVERY = ['deliveredCorrect', 'deliveredWrong', 'abstained'] as const;

/** Every non-null exact value equals the enumerated truth; `nullDelivery(k)` says where delivery must be null. */
function expectMatches(label: string, got: ExactMetrics[], truth: Truth[], nullDelivery: (k: number) => boolean = () => false): void {
  expect(got).toHaveLength(truth.length);
  truth.forEach((t, i) => {
    const k = i + 1;
    const e = got[i];
    const at = `${label} k=${k}`;
    expect(Math.abs((e.coverage as number) - t.coverage), `${at} coverage`).toBeLessThan(TOL);
    expect(Math.abs((e.passHatK as number) - t.passHatK), `${at} passHatK`).toBeLessThan(TOL);
    expect(e.attempts, `${at} attempts`).not.toBeNull();
    expect(Math.abs((e.attempts as number) - t.attempts), `${at} attempts`).toBeLessThan(TOL);
    if (nullDelivery(k)) {
      for (const key of DELIVERY) expect(e[key], `${at} ${key} null`).toBeNull();
      expect(e.costPerCorrect, `${at} costPerCorrect null`).toBeNull();
    } else {
      for (const key of DELIVERY) {
        expect(e[key], `${at} ${key}`).not.toBeNull();
        expect(Math.abs((e[key] as number) - t[key]), `${at} ${key}: ${e[key]} vs ${t[key]}`).toBeLessThan(TOL);
      }
    }
  });
}

const VERIFIERS: VerifierCase[] = [{ kind: 'perfect' }, { kind: 'point', fa: 0.2, fr: 0.3 }];
const POLICIES: { mode: Setup['mode']; batchSize?: number; selector: Setup['selector'] }[] = [
  { mode: 'sequential', selector: 'firstAccepted' },
  { mode: 'parallel', selector: 'firstAccepted' },
  { mode: 'parallel', selector: 'oracle' },
  { mode: 'parallel', selector: 'random' },
  { mode: 'batches', batchSize: 2, selector: 'firstAccepted' },
  { mode: 'batches', batchSize: 2, selector: 'oracle' },
  { mode: 'batches', batchSize: 2, selector: 'random' },
];

describe('exactMetrics = brute-force enumeration of the semantics', () => {
  for (const model of MODELS) {
    it(`${model.model}: perfect and point verifiers × sequential/parallel/batches × firstAccepted/oracle/random × abstain/deliverLast (K = 5)`, () => {
      for (const verifier of VERIFIERS) {
        for (const policy of POLICIES) {
          for (const onNoAccept of ['abstain', 'deliverLast'] as const) {
            const c: Case = { model, K: 5, ...policy, onNoAccept, verifier, values: [0.3, 0.85] };
            // random among accepted attempts that differ, under markov/feedback, in rounds of ≥ 2: no closed form.
            const noClosedForm = (k: number) =>
              policy.selector === 'random' && (model.model === 'markov' || model.model === 'feedback') && verifier.kind !== 'perfect' && k >= 2;
            const label = `${model.model} ${verifier.kind} ${policy.mode}/${policy.selector} ${onNoAccept}`;
            expectMatches(label, exactMetrics(scenarioOf(c), { p: Float64Array.from(c.values) }), enumerate(setupOf(c)), noClosedForm);
          }
        }
      }
    });
  }

  it('Beta verifier rates (FA ~ Beta(2, 6), FR ~ Beta(1, 9)) integrated exactly, every model (K = 4)', () => {
    const verifier: VerifierCase = { kind: 'beta', fa: [2, 6], fr: [1, 9] };
    for (const model of MODELS) {
      for (const policy of [POLICIES[0], POLICIES[5], POLICIES[3]]) {
        const c: Case = { model, K: 4, ...policy, onNoAccept: 'deliverLast', verifier, values: [0.6] };
        const noClosedForm = (k: number) => policy.selector === 'random' && (model.model === 'markov' || model.model === 'feedback') && k >= 2;
        expectMatches(`${model.model} beta ${policy.mode}/${policy.selector}`, exactMetrics(scenarioOf(c), null), enumerate(setupOf(c)), noClosedForm);
      }
      const c: Case = { model, K: 4, mode: 'sequential', onNoAccept: 'abstain', verifier, values: [0.2, 0.9] };
      expectMatches(`${model.model} beta sequential abstain`, exactMetrics(scenarioOf(c), { p: Float64Array.of(0.2, 0.9) }), enumerate(setupOf(c)));
    }
  });

  it("a benchmark's own drawn verifier rates (spec Beta, per-task values given) are used as each task's points", () => {
    const values = [0.3, 0.7, 0.95];
    const fa = Float64Array.of(0.1, 0.4, 0.02);
    const fr = Float64Array.of(0.25, 0.05, 0.5);
    for (const model of MODELS) {
      const c: Case = {
        model,
        K: 5,
        mode: 'batches',
        batchSize: 2,
        selector: 'oracle',
        onNoAccept: 'abstain',
        verifier: { kind: 'beta', fa: [2, 6], fr: [1, 9] },
        values,
      };
      const setup = setupOf(c);
      setup.tasks = values.map((p, t) => ({ p: pointLaw(p), falseAccept: pointLaw(fa[t]), falseReject: pointLaw(fr[t]), weight: 1 / 3 }));
      expectMatches(
        `${model.model} per-task rates`,
        exactMetrics(scenarioOf(c), { p: Float64Array.from(values), falseAccept: fa, falseReject: fr }),
        enumerate(setup),
      );
    }
  });

  it('resampled tasks: Beta(2, 3) and a mixture (point 0 and Beta(2, 2)) integrated over p', () => {
    for (const model of MODELS) {
      for (const [dist, law] of [
        [{ dist: 'beta', a: 2, b: 3 }, betaLaw(2, 3, LEGENDRE_POINTS)],
        [
          {
            dist: 'mixture',
            components: [
              { weight: 0.2, dist: 'point', p: 0 },
              { weight: 0.8, dist: 'beta', a: 2, b: 2 },
            ],
          },
          [{ x: 0, w: 0.2 }, ...betaLaw(2, 2, LEGENDRE_POINTS).map(({ x, w }) => ({ x, w: 0.8 * w }))],
        ],
      ] as const) {
        const c: Case = { model, K: 5, mode: 'sequential', onNoAccept: 'deliverLast', verifier: { kind: 'point', fa: 0.2, fr: 0.3 }, values: [0.5] };
        const scenario = resolveScenario({
          tasks: { count: 10, successRate: dist, resample: true },
          attempts: { correlation: model },
          verifier: { falseAccept: 0.2, falseReject: 0.3 },
          policy: { maxAttempts: 5, onNoAccept: 'deliverLast' },
        });
        const setup = setupOf(c);
        setup.tasks = [{ p: law as Law, falseAccept: pointLaw(0.2), falseReject: pointLaw(0.3), weight: 1 }];
        expectMatches(`${model.model} ${dist.dist}`, exactMetrics(scenario, null), enumerate(setup));
      }
    }
  });

  it('constant cost with a budget is an attempt cap (also on the boundary, by the running sum)', () => {
    for (const model of MODELS) {
      for (const policy of [POLICIES[0], POLICIES[2], POLICIES[4]]) {
        // 1.0/(0.3 + 0.05) = 2.86 → 3 attempts; on the boundary budget/u = 5 or 2 the running sum decides.
        for (const [cost, verifierCost, budget] of [
          [0.3, 0.05, 1.0],
          [0.1, 0, 0.5],
          [0.1, 0.05, 0.3],
          [0.1, 0, 0.25],
        ] as const) {
          const c: Case = {
            model,
            K: 6,
            ...policy,
            onNoAccept: 'deliverLast',
            verifier: { kind: 'point', fa: 0.2, fr: 0.3 },
            verifierCost,
            cost,
            budget,
            values: [0.4],
          };
          const got = exactMetrics(scenarioOf(c), { p: Float64Array.of(0.4) });
          const truth = enumerate(setupOf(c));
          const label = `${model.model} ${policy.mode}/${policy.selector} budget ${budget}`;
          expectMatches(label, got, truth);
          got.forEach((e, i) => expect(Math.abs((e.cost as number) - truth[i].attempts * (cost + verifierCost)), label).toBeLessThan(TOL));
        }
      }
    }
  });

  it('a budget of 0.8 at cost 0.1 starts 9 attempts, as the running float sum (0.7999999999999999 < 0.8) does', () => {
    const c: Case = { model: MODELS[0], K: 9, mode: 'sequential', onNoAccept: 'abstain', verifier: { kind: 'perfect' }, cost: 0.1, budget: 0.8, values: [0.1] };
    const got = exactMetrics(scenarioOf(c), null);
    const truth = enumerate(setupOf(c));
    expectMatches('budget 0.8', got, truth);
    expect(got[8].attempts).toBeCloseTo((1 - 0.9 ** 9) / 0.1, 14); // all 9 may start: Σ_{j<9} 0.9^j
  });
});

describe('exactMetrics: where there is no closed form', () => {
  const base: Case = { model: MODELS[0], K: 4, mode: 'parallel', onNoAccept: 'abstain', verifier: { kind: 'point', fa: 0.2, fr: 0.3 }, values: [0.4, 0.8] };

  it('a budget with lognormal costs: only coverage and passHatK', () => {
    for (const c of [{ ...base, cost: { dist: 'lognormal', median: 0.1, sigma: 0.5 }, budget: 0.3 } as Case]) {
      const got = exactMetrics(scenarioOf(c), null);
      const truth = enumerate({ ...setupOf(c), budget: null });
      got.forEach((e, i) => {
        expect(Math.abs((e.coverage as number) - truth[i].coverage)).toBeLessThan(TOL);
        expect(Math.abs((e.passHatK as number) - truth[i].passHatK)).toBeLessThan(TOL);
        for (const key of [...DELIVERY, 'attempts', 'cost', 'latency', 'costPerCorrect'] as const) expect(e[key]).toBeNull();
      });
    }
  });

  it('bestScore with a threshold: no delivery, attempts, cost or latency', () => {
    const got = exactMetrics(scenarioOf({ ...base, verifier: { kind: 'perfect' }, selector: 'bestScore', threshold: 0.5 }), null);
    for (const e of got) {
      expect(e.coverage).not.toBeNull();
      for (const key of [...DELIVERY, 'attempts', 'cost', 'latency', 'costPerCorrect'] as const) expect(e[key]).toBeNull();
    }
  });

  it('majorityVote and bestScore: exact when accepted attempts cannot differ (perfect or FR = 1 verifier, rounds of one, k = 1)', () => {
    for (const selector of ['majorityVote', 'bestScore'] as const) {
      for (const model of MODELS) {
        for (const verifier of [{ kind: 'perfect' }, { kind: 'point', fa: 0.3, fr: 1 }] as VerifierCase[]) {
          const c: Case = { ...base, model, selector, verifier, onNoAccept: 'deliverLast' };
          expectMatches(`${model.model} ${selector} ${verifier.kind}`, exactMetrics(scenarioOf(c), null), enumerate(setupOf(c)));
        }
        // A verifier that lets both through: delivery exact only with one attempt per round.
        const mixed: Case = { ...base, model, selector };
        const got = exactMetrics(scenarioOf(mixed), null);
        expectMatches(`${model.model} ${selector} k=1`, got.slice(0, 1), enumerate({ ...setupOf(mixed), K: 1 }));
        got.slice(1).forEach((e) => expect(e.deliveredCorrect).toBeNull());
        const ones: Case = { ...mixed, mode: 'batches', batchSize: 1 };
        expectMatches(`${model.model} ${selector} batches of 1`, exactMetrics(scenarioOf(ones), null), enumerate(setupOf(ones)));
      }
    }
  });
});

describe('exactMetrics: cost, latency and cost per correct', () => {
  it('cost = attempts × (E[cost_j] + verifier cost), lognormal mean median·e^{σ²/2}; latency = rounds × constant', () => {
    const c: Case = {
      model: MODELS[1],
      K: 5,
      mode: 'batches',
      batchSize: 2,
      onNoAccept: 'abstain',
      verifier: { kind: 'point', fa: 0.2, fr: 0.3 },
      verifierCost: 0.001,
      cost: { dist: 'lognormal', median: 0.02, sigma: 0.5 },
      latency: 2.5,
      values: [0.3, 0.85],
    };
    const got = exactMetrics(scenarioOf(c), null);
    const truth = enumerate(setupOf(c));
    const each = 0.02 * Math.exp(0.125) + 0.001; // E[lognormal] = median·e^{σ²/2}
    got.forEach((e, i) => {
      expect(Math.abs((e.cost as number) - truth[i].attempts * each)).toBeLessThan(TOL);
      expect(Math.abs((e.latency as number) - truth[i].rounds * 2.5)).toBeLessThan(TOL);
      expect(e.costPerCorrect).toBeCloseTo((truth[i].attempts * each) / truth[i].deliveredCorrect, 12);
    });
  });

  it('lognormal latency: attempts × mean with rounds of one, null for parallel rounds of k ≥ 2', () => {
    const latency = { dist: 'lognormal', median: 1, sigma: 0.4 } as const;
    const mean = Math.exp(0.08);
    const seq: Case = {
      model: MODELS[2],
      K: 4,
      mode: 'sequential',
      onNoAccept: 'abstain',
      verifier: { kind: 'point', fa: 0.2, fr: 0.3 },
      latency,
      values: [0.5],
    };
    const truth = enumerate(setupOf(seq));
    exactMetrics(scenarioOf(seq), null).forEach((e, i) => expect(Math.abs((e.latency as number) - truth[i].attempts * mean)).toBeLessThan(TOL));
    const par = exactMetrics(scenarioOf({ ...seq, mode: 'parallel' }), null);
    expect(par[0].latency).toBeCloseTo(mean, 15);
    par.slice(1).forEach((e) => expect(e.latency).toBeNull());
    // sigma 0 is a constant
    const flat = exactMetrics(scenarioOf({ ...seq, mode: 'parallel', latency: { dist: 'lognormal', median: 3, sigma: 0 } }), null);
    flat.forEach((e) => expect(e.latency).toBe(3));
  });

  it('costPerCorrect is null when nothing correct is ever delivered (p = 0, perfect verifier)', () => {
    const got = exactMetrics(
      scenarioOf({ model: MODELS[0], K: 3, mode: 'sequential', onNoAccept: 'abstain', verifier: { kind: 'perfect' }, cost: 1, values: [0] }),
      null,
    );
    for (const e of got) {
      expect(e.deliveredCorrect).toBe(0);
      expect(e.costPerCorrect).toBeNull();
    }
  });
});

describe('exactMetrics: docs/design.md §3 closed forms and the seeds', () => {
  it('verifier, sequential, K = 8: P(correct) = a(1 − β^K)/(1 − β), P(wrong) = b(1 − β^K)/(1 − β), P(abstain) = β^K, E[attempts] = (1 − β^K)/(1 − β)', () => {
    const p = 0.7;
    const a = p * 0.9;
    const b = (1 - p) * 0.05;
    const beta = 1 - a - b;
    const scenario = resolveScenario({
      tasks: { count: 1, successRate: { dist: 'point', p } },
      verifier: { falseAccept: 0.05, falseReject: 0.1 },
      policy: { maxAttempts: 8 },
    });
    exactMetrics(scenario, null).forEach((e, i) => {
      const k = i + 1;
      const geo = (1 - beta ** k) / (1 - beta);
      expect(e.deliveredCorrect).toBeCloseTo(a * geo, 14);
      expect(e.deliveredWrong).toBeCloseTo(b * geo, 14);
      expect(e.abstained).toBeCloseTo(beta ** k, 14);
      expect(e.attempts).toBeCloseTo(geo, 14);
      expect(e.latency).toBeCloseTo(geo, 14); // latency 1 per attempt
    });
  });

  it('ceiling as K → ∞: a/(a + b) (K = 1000), and deliverLast moves β^{K−1}·p·FR to correct', () => {
    const p = 0.2;
    const a = p * 0.9;
    const b = (1 - p) * 0.05;
    const beta = 1 - a - b;
    const input = { tasks: { count: 1, successRate: { dist: 'point', p } }, verifier: { falseAccept: 0.05, falseReject: 0.1 } };
    const long = exactMetrics(resolveScenario({ ...input, policy: { maxAttempts: 1000 } }), null);
    expect(long[999].deliveredCorrect).toBeCloseTo(a / (a + b), 14);
    const last = exactMetrics(resolveScenario({ ...input, policy: { maxAttempts: 3, onNoAccept: 'deliverLast' } }), null);
    expect(last[2].deliveredCorrect).toBeCloseTo((a * (1 - beta ** 3)) / (1 - beta) + beta ** 2 * p * 0.1, 15);
    expect(last[2].deliveredWrong).toBeCloseTo((b * (1 - beta ** 3)) / (1 - beta) + beta ** 2 * (1 - p) * 0.95, 15);
    expect(last[2].abstained).toBe(0);
  });

  it('p ~ Beta(2.8, 1.2), independent: pass^8 = B(a + 8, b)/B(a, b), pass@8 = 1 − B(a, b + 8)/B(a, b) (mpmath)', () => {
    // python3 -c "from mpmath import mp, beta, mpf; mp.dps = 40; a, b = mpf('2.8'), mpf('1.2'); print(beta(a + 8, b)/beta(a, b), beta(a, b + 8)/beta(a, b))"
    const scenario = resolveScenario({ tasks: { count: 5, successRate: { dist: 'beta', a: 2.8, b: 1.2 }, resample: true }, policy: { maxAttempts: 8 } });
    const e = exactMetrics(scenario, null)[7];
    expect(Math.abs((e.passHatK as number) / 0.20366605653333333 - 1)).toBeLessThan(1e-14);
    expect(Math.abs((1 - (e.coverage as number)) / 0.0101517312 - 1)).toBeLessThan(1e-13);
  });

  it('logitNormal(0.5, 1.2) by quadrature, independent, k = 4 (mpmath integral of (1 − p)^4 and p^4)', () => {
    // python3 -c "import mpmath as mp; mp.mp.dps=30; f=lambda z,g: g(1/(1+mp.e**(-(mp.mpf('0.5')+mp.mpf('1.2')*z))))*mp.npdf(z); print(mp.quad(lambda z: f(z,lambda p:(1-p)**4),[-mp.inf,-5,0,5,mp.inf]), mp.quad(lambda z: f(z,lambda p:p**4),[-mp.inf,-5,0,5,mp.inf]))"
    const scenario = resolveScenario({
      tasks: { count: 5, successRate: { dist: 'logitNormal', mu: 0.5, sigma: 1.2 }, resample: true },
      attempts: { correlation: { model: 'markov', stickiness: 0 } },
      policy: { maxAttempts: 4 },
    });
    const e = exactMetrics(scenario, null)[3];
    expect(Math.abs(1 - (e.coverage as number) - 0.091170782745192622)).toBeLessThan(1e-12);
    expect(Math.abs((e.passHatK as number) - 0.23446193094827167)).toBeLessThan(1e-12);
  });

  it('seeds: p = 0.3, k = 10 → pass@10 = 97.2 %; p = 0.9, k = 8 → pass^8 = 43.0 %', () => {
    const at = (p: number, k: number) =>
      exactMetrics(resolveScenario({ tasks: { count: 1, successRate: { dist: 'fixed', values: [p] } }, policy: { maxAttempts: k } }), null)[k - 1];
    expect(at(0.3, 10).coverage).toBeCloseTo(0.972, 3);
    expect(at(0.9, 8).passHatK).toBeCloseTo(0.43, 3);
  });

  it('exchangeable icc on a point p = independent attempts on Beta(p(1/icc − 1), (1 − p)(1/icc − 1)) tasks, every output', () => {
    const nu = 1 / 0.25 - 1;
    const common = { verifier: { falseAccept: 0.1, falseReject: 0.2 }, policy: { maxAttempts: 8, onNoAccept: 'deliverLast' } };
    const exch = exactMetrics(
      resolveScenario({
        ...common,
        tasks: { count: 1, successRate: { dist: 'point', p: 0.4 } },
        attempts: { correlation: { model: 'exchangeable', icc: 0.25 } },
      }),
      null,
    );
    const ind = exactMetrics(
      resolveScenario({ ...common, tasks: { count: 1, successRate: { dist: 'beta', a: 0.4 * nu, b: 0.6 * nu }, resample: true } }),
      null,
    );
    exch.forEach((row, i) => {
      for (const [key, value] of Object.entries(row)) expect(Math.abs(value - (ind[i][key as keyof ExactMetrics] as number)), key).toBeLessThan(1e-13);
    });
  });
});

describe('exactMetrics: input checks', () => {
  const scenario = resolveScenario({ tasks: { count: 2, successRate: { dist: 'fixed', values: [0.5, 0.5] } }, policy: { maxAttempts: 2 } });
  it('rejects an empty or out-of-range benchmark and per-task rates of the wrong length', () => {
    expect(() => exactMetrics(scenario, { p: new Float64Array(0) })).toThrow(InputError);
    expect(() => exactMetrics(scenario, { p: Float64Array.of(0.5, 1.5) })).toThrow(/benchmark\.p\[1\]/);
    expect(() => exactMetrics(scenario, { p: Float64Array.of(0.5, 0.5), falseAccept: Float64Array.of(0.1) })).toThrow(/benchmark\.falseAccept/);
    expect(() => exactMetrics(scenario, { p: Float64Array.of(0.5), falseReject: Float64Array.of(NaN) })).toThrow(/benchmark\.falseReject\[0\]/);
    expect(() => exactMetrics(scenario, { p: [0.5] as unknown as Float64Array })).toThrow(/benchmark\.p/);
  });
});
