import { requireInteger, requireOpenUnit, requirePositive, requireUnit } from '../checks.js';
import { requireList, requireObject } from '../checkArgs.js';
import { InputError } from '../errors.js';
import { studentTQuantile } from '../math/studentT.js';
import type { JudgedValue } from './judgeCorrectedMean.js';

/** The moments of the per-task values a judge-corrected estimate is made of: truth y, judge f. */
export interface AuditMoments {
  /** σ²_y: variance of a task's truth-based estimate. */
  readonly truthVariance: number;
  /** σ²_f: variance of a task's judge-based estimate. */
  readonly judgedVariance: number;
  /** Cov(y, f) on the same task. */
  readonly covariance: number;
}

/** The judge's error rates and the agent's task population behind `auditMomentsFromRates` (pass@1). */
export interface JudgeRates {
  /** Mean per-attempt success rate of the tasks, μ. */
  readonly mean: number;
  /** Concentration κ = a + b of the Beta task population (Var p = μ(1 − μ)/(κ + 1)); Infinity: every task at μ. */
  readonly concentration: number;
  /** Attempts per task, n. */
  readonly trials: number;
  /** P(judge accepts | attempt wrong). */
  readonly falseAccept: number;
  /** P(judge rejects | attempt right). */
  readonly falseReject: number;
}

/**
 * The moments of pass@1's per-task estimates y = c/n (truth) and f = a/n (judge's accepts) when p ~
 * Beta with mean μ and concentration κ, attempts independent given p, and the judge accepting a
 * right attempt with probability 1 − FR and a wrong one with FA, independently. With δ = 1 − FA − FR,
 * V_p = μ(1 − μ)/(κ + 1) and the judge's accept rate q = FA + δp (mean q̄ = FA + δμ):
 *   σ²_y = V_p + (μ(1 − μ) − V_p)/n,
 *   Cov(y, f) = δ·σ²_y            (δV_p between tasks, δ·p(1 − p)/n within one),
 *   σ²_f = δ²V_p + (q̄(1 − q̄) − δ²V_p)/n.
 * Example: μ = 0.6, κ = 3, n = 5, FA = 0.3, FR = 0.2: σ²_y = 0.096, Cov = 0.048, σ²_f = 0.06
 * (test/sim/judged/planAudit.test.ts, checked by simulation there).
 */
export function auditMomentsFromRates(rates: JudgeRates): AuditMoments {
  const { mean, concentration, trials, falseAccept, falseReject } = requireObject('rates', rates);
  requireUnit('rates.mean', mean);
  requirePositive('rates.concentration', concentration);
  requireInteger('rates.trials', trials, 1);
  requireUnit('rates.falseAccept', falseAccept);
  requireUnit('rates.falseReject', falseReject);
  const mu = mean as number;
  const n = trials as number;
  const delta = 1 - (falseAccept as number) - (falseReject as number);
  const between = (mu * (1 - mu)) / ((concentration as number) + 1);
  const truthVariance = between + (mu * (1 - mu) - between) / n;
  const accept = (falseAccept as number) + delta * mu;
  const judgedVariance = delta * delta * between + (accept * (1 - accept) - delta * delta * between) / n;
  return { truthVariance, judgedVariance, covariance: delta * truthVariance };
}

/**
 * The moments from a pilot: σ²_y and Cov(y, f) over its audited tasks (divisor m − 1), σ²_f over all
 * its tasks (divisor T − 1). Needs at least 2 audited tasks.
 */
export function auditMomentsFromPilot(values: readonly JudgedValue[]): AuditMoments {
  requireList('values', values).forEach((item, i) => {
    const { judged, truth } = requireObject(`values[${i}]`, item);
    requireUnit(`values[${i}].judged`, judged);
    if (truth !== undefined) requireUnit(`values[${i}].truth`, truth);
  });
  const audited = values.filter((value) => value.truth !== undefined);
  if (audited.length < 2) throw new InputError('values', 'must have at least 2 audited tasks to measure the spread on', audited.length);
  const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
  const y = audited.map((value) => value.truth!);
  const fA = audited.map((value) => value.judged);
  const f = values.map((value) => value.judged);
  const yBar = mean(y);
  const fABar = mean(fA);
  const fBar = mean(f);
  const m = y.length;
  return {
    truthVariance: y.reduce((a, v) => a + (v - yBar) ** 2, 0) / (m - 1),
    judgedVariance: f.reduce((a, v) => a + (v - fBar) ** 2, 0) / (f.length - 1),
    covariance: y.reduce((a, v, i) => a + (v - yBar) * (fA[i]! - fABar), 0) / (m - 1),
  };
}

/** What `planAudit` answers. */
export interface AuditPlan {
  /** Tasks to audit among `tasks` for the half-width; null when even auditing every task does not reach it. */
  readonly audited: number | null;
  /** The expected half-width with that many audited (at every task audited when out of reach). */
  readonly halfWidth: number;
  /** Tasks to audit for the same half-width with the truth alone (no judge); null when more than `tasks`. */
  readonly auditOnly: number | null;
  /** λ = Cov/σ²_f clipped to [0, 1], the weight the correction converges to. */
  readonly lambda: number;
}

/**
 * How many of T judged tasks to audit for a target half-width h of the judge-corrected interval
 * (`judgeCorrectedMean`), from the PPI variance at the optimal weight λ = clip(Cov(y, f)/σ²_f, 0, 1):
 * with m audited, N = T − m and λ' = λ·N/T,
 *   V(m) = (σ²_y − 2λ'·Cov + λ'²σ²_f)/m + λ'²σ²_f/N      (= σ²_y(ρ²/T + (1 − ρ²)/m) when λ = β),
 * the expected half-width t_{m−2}·√V(m) (the t quantile the interval uses, two-sided at `confidence`)
 * falls as m grows, so the smallest m ≥ 3 that reaches h is found by bisection. Beside it the audit
 * alone: the smallest m with t_{m−1}·σ_y/√m ≤ h. Large-sample formula: V is the variance of the
 * estimate at the true moments (the interval's own estimate of it scatters around it).
 * Example: test/sim/judged/planAudit.test.ts (closed form, and V checked by simulation).
 */
export function planAudit(moments: AuditMoments, options: { readonly tasks: number; readonly halfWidth: number; readonly confidence: number }): AuditPlan {
  const { truthVariance, judgedVariance, covariance } = requireObject('moments', moments);
  for (const [name, value] of [
    ['truthVariance', truthVariance],
    ['judgedVariance', judgedVariance],
  ] as const) {
    if (!(typeof value === 'number' && value >= 0 && value <= 1)) throw new InputError(`moments.${name}`, 'must be a number in [0, 1]', value);
  }
  if (!(typeof covariance === 'number' && Math.abs(covariance) <= 1)) throw new InputError('moments.covariance', 'must be a number in [−1, 1]', covariance);
  const given = requireObject('options', options);
  const T = requireInteger('options.tasks', given.tasks, 3, 1e9);
  const h = requireOpenUnit('options.halfWidth', given.halfWidth);
  const confidence = requireOpenUnit('options.confidence', given.confidence);
  const sy = truthVariance as number;
  const upper = 1 - (1 - confidence) / 2;
  const corrected = (m: number) => studentTQuantile(upper, m - 2) * Math.sqrt(correctedVariance(moments, T, m));
  const alone = (m: number) => studentTQuantile(upper, m - 1) * Math.sqrt(sy / m);
  const lambda = optimalLambda(moments);
  const audited = smallest(corrected, h, 3, T);
  const auditOnly = smallest(alone, h, 2, T);
  return { audited, halfWidth: corrected(audited ?? T), auditOnly, lambda };
}

/** λ = Cov(y, f)/σ²_f clipped to [0, 1] (0 when the judged values do not vary). */
function optimalLambda({ judgedVariance, covariance }: AuditMoments): number {
  return judgedVariance > 0 ? Math.min(1, Math.max(0, covariance / judgedVariance)) : 0;
}

/**
 * V(m), the variance of the judge-corrected estimate with m of T tasks audited at the optimal λ (see
 * `planAudit`); moments as `planAudit` checks them, 1 ≤ m ≤ T.
 */
export function correctedVariance(moments: AuditMoments, tasks: number, audited: number): number {
  const { truthVariance: sy, judgedVariance: sf, covariance: cov } = moments;
  const N = tasks - audited;
  const shrunk = (optimalLambda(moments) * N) / tasks;
  return Math.max(0, sy - 2 * shrunk * cov + shrunk * shrunk * sf) / audited + (N > 0 ? (shrunk * shrunk * sf) / N : 0);
}

/** The smallest m in [from, to] with halfWidth(m) ≤ h (halfWidth falling in m), or null. */
function smallest(halfWidth: (m: number) => number, h: number, from: number, to: number): number | null {
  if (halfWidth(to) > h) return null;
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (halfWidth(mid) <= h) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
