import { CORRELATIONS, MODES, POLICY_RANGES, POLICY_START, POPULATIONS, SELECTORS, strengthRange, type PolicySettings } from './policySettings.js';

/** Everything a link to the explorer reproduces: the policy explorer, the p/k sliders and the calculator's counts. */
export interface ExplorerState {
  readonly policy: PolicySettings;
  readonly p: number;
  readonly k: number;
  readonly n: number;
  readonly c: number;
  readonly calculatorK: number;
  /** The report's result the policy explorer started from ("start from": its index, −1 a made-up agent); absent on a page without seeds. */
  readonly from?: number;
}

/** Fragment key of each numeric policy setting. */
const POLICY_KEYS = {
  p: 'p',
  mean: 'mean',
  concentration: 'conc',
  k: 'k',
  strength: 'strength',
  falseAccept: 'fa',
  falseReject: 'fr',
  costPerAttempt: 'cost',
  costBudget: 'budget',
  latencyPerAttempt: 'lat',
  latencyBudget: 'deadline',
  kB: 'b.k',
  costBudgetB: 'b.budget',
  latencyBudgetB: 'b.deadline',
} as const satisfies Record<keyof typeof POLICY_RANGES, string>;

/**
 * The state as a URL fragment (without "#"), e.g. "pop=beta&p=0.7&mean=0.6&…&n=30&c=27&ck=8":
 * every setting, in a fixed order, so the same view gives the same link.
 */
export function encodeFragment(state: ExplorerState): string {
  const { policy } = state;
  const pairs: [string, string | number][] = [
    ['pop', policy.population],
    ...Object.entries(POLICY_KEYS).map(([field, key]): [string, number] => [key, policy[field as keyof typeof POLICY_KEYS]]),
    ['corr', policy.correlation],
    ['mode', policy.mode],
    ['sel', policy.selector],
    ['b.mode', policy.modeB],
    ['b.sel', policy.selectorB],
    ['pk.p', state.p],
    ['pk.k', state.k],
    ['n', state.n],
    ['c', state.c],
    ['ck', state.calculatorK],
    ...(state.from === undefined ? [] : [['from', state.from] as [string, number]]),
  ];
  return pairs.map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`).join('&');
}

/**
 * The state a fragment describes, over `fallback`: unknown keys are ignored, and a value that is
 * not a number in its slider's range (or not one of a choice's options) keeps the fallback's, so
 * an edited or truncated link still opens a valid view. Numbers are rounded to their slider step.
 */
export function decodeFragment(fragment: string, fallback: ExplorerState): ExplorerState {
  const values = new Map<string, string>();
  for (const part of fragment.replace(/^#/, '').split('&')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    try {
      values.set(part.slice(0, at), decodeURIComponent(part.slice(at + 1)));
    } catch {
      // a malformed escape: keep the fallback for that key
    }
  }
  const number = (key: string, old: number, [min, max, step]: readonly [number, number, number]) => {
    const text = values.get(key);
    const value = text === undefined || text.trim() === '' ? NaN : Number(text);
    if (!Number.isFinite(value) || value < min || value > max) return old;
    return Number((Math.round(value / step) * step).toFixed(6));
  };
  const choice = <T extends string>(key: string, old: T, options: readonly T[]): T => {
    const text = values.get(key);
    return options.includes(text as T) ? (text as T) : old;
  };
  const policy = { ...fallback.policy };
  for (const [field, key] of Object.entries(POLICY_KEYS) as [keyof typeof POLICY_KEYS, string][]) {
    policy[field] = number(key, fallback.policy[field], POLICY_RANGES[field]);
  }
  policy.population = choice('pop', fallback.policy.population, POPULATIONS);
  policy.correlation = choice('corr', fallback.policy.correlation, CORRELATIONS);
  // The strength within its correlation's range (a negative afterFailure is feedback's only).
  const [low, high] = strengthRange(policy.correlation);
  if (policy.strength < low || policy.strength > high) policy.strength = Math.min(high, Math.max(low, fallback.policy.strength));
  policy.mode = choice('mode', fallback.policy.mode, MODES);
  policy.selector = choice('sel', fallback.policy.selector, SELECTORS);
  policy.modeB = choice('b.mode', fallback.policy.modeB, MODES);
  policy.selectorB = choice('b.sel', fallback.policy.selectorB, SELECTORS);
  const n = number('n', fallback.n, [1, 1e6, 1]);
  return {
    policy,
    p: number('pk.p', fallback.p, [0, 1, 0.001]),
    k: number('pk.k', fallback.k, [1, 20, 1]),
    n,
    c: number('c', fallback.c, [0, 1e6, 1]),
    calculatorK: number('ck', fallback.calculatorK, [1, 1e6, 1]),
    ...(fallback.from === undefined ? {} : { from: number('from', fallback.from, [-1, 1e6, 1]) }),
  };
}

/** The state of a page opened without a fragment. */
export function startState(start: { p: number; k: number; n: number; c: number; calculatorK: number }): ExplorerState {
  return { policy: POLICY_START, p: start.p, k: start.k, n: start.n, c: start.c, calculatorK: start.calculatorK };
}
