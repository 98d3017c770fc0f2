import { streamRng, type Seed } from '../rng/streams.js';
import type { TaskEpisodes } from './types.js';

/** Enumerate every arrangement when there are at most this many (over all tasks together). */
export const EXACT_ARRANGEMENTS = 100_000;
/** Monte Carlo permutations by default (p-values resolved to 1e-4). */
export const DEFAULT_PERMUTATIONS = 9999;
/** Statistics equal within this count as ties (as extreme). */
const TIE = 1e-9;

/** One task's attempt slots: outcomes, whether slot i and i + 1 are adjacent in one episode, slot i's centred position in its episode. */
interface TaskSlots {
  readonly outcomes: Uint8Array;
  readonly adjacent: Uint8Array;
  readonly position: Float64Array;
  readonly successes: number;
}

export interface PermutationResult {
  statistic: number;
  pValue: number;
  exact: boolean;
  /** Tasks that carried information (both outcomes and at least one pair of adjacent attempts). */
  tasks: number;
  episodes: number;
  attempts: number;
  /** Arrangements enumerated (exact) or random permutations drawn. */
  permutations: number;
}

/**
 * Conditional permutation test of independence within 'fixed' episodes. Under H0 the attempts of a
 * task are iid given its p, so given the task's number of successes every arrangement of its
 * outcomes among its attempt slots (all its episodes) is equally likely, whatever p is: permuting
 * within tasks keeps each task's successes and needs no model of p (a stratified permutation test;
 * Good 2005, "Permutation, Parametric and Bootstrap Tests", §3.5).
 *
 * Statistic: T = max(Z_C, |Z_R|) of two sums over episodes, each standardised by its permutation
 * mean and SD: C = adjacent attempts of one episode with the same outcome (runs: stickiness, and
 * episodes more alike than the task's other episodes: icc; one-sided, all dependence models raise
 * it) and R = Σ (j − (L + 1)/2)·x_j, successes' position within their episode (a trend along the
 * episode: feedback after a failure moves successes later, η > 0, or earlier, η < 0; two-sided).
 * C alone has little power against feedback and R none against stickiness (measured,
 * docs/dependence.md), hence the maximum of the two.
 * p-value: exact over all Π_t C(n_t, s_t) arrangements when at most EXACT_ARRANGEMENTS; otherwise
 * B seeded random permutations, p = (1 + #{T_b ≥ T})/(B + 1) (Phipson & Smyth 2010).
 * Example: one task, episodes [[T, T, F, F]]: C = 2 of 3 pairs, the largest of C(4, 2) = 6 arrangements
 * reached by TTFF and FFTT (and R extreme for both) → p = 2/6 (test/reference/dependence.py).
 */
export function episodePermutationTest(tasks: readonly TaskEpisodes[], seed: Seed, permutations = DEFAULT_PERMUTATIONS): PermutationResult {
  const informative: TaskSlots[] = [];
  let episodes = 0;
  let attempts = 0;
  for (const task of tasks) {
    const slots = taskSlots(task.episodes);
    if (slots.successes === 0 || slots.successes === slots.outcomes.length || !slots.adjacent.some((a) => a === 1)) continue;
    informative.push(slots);
    episodes += task.episodes.length;
    attempts += slots.outcomes.length;
  }
  const base = { tasks: informative.length, episodes, attempts };
  if (informative.length === 0) return { statistic: 0, pValue: 1, exact: true, permutations: 1, ...base };
  let total = 1;
  for (const slots of informative) {
    // Masks of one task's slots are 32-bit integers: longer tasks go to Monte Carlo.
    total *= slots.outcomes.length > 30 ? Infinity : binomial(slots.outcomes.length, slots.successes);
    if (total > EXACT_ARRANGEMENTS) break;
  }
  const exact = total <= EXACT_ARRANGEMENTS;
  const { runs, trends } = exact ? enumerated(informative) : sampled(informative, seed, permutations);
  // Index 0 holds the observed arrangement (exact: it is among the enumerated; added once more, so drop it there).
  const statistics = standardisedMaximum(runs, trends, exact ? 1 : 0);
  const observed = exact ? statistics.observed : statistics.values[0];
  const values = statistics.values;
  let extreme = 0;
  for (let b = 0; b < values.length; b++) if (values[b] >= observed - TIE) extreme++;
  return { statistic: observed, pValue: extreme / values.length, exact, permutations: exact ? values.length : permutations, ...base };
}

function taskSlots(episodes: readonly (readonly boolean[])[]): TaskSlots {
  const n = episodes.reduce((sum, e) => sum + e.length, 0);
  const outcomes = new Uint8Array(n);
  const adjacent = new Uint8Array(n);
  const position = new Float64Array(n);
  let i = 0;
  let successes = 0;
  for (const episode of episodes) {
    const L = episode.length;
    episode.forEach((x, j) => {
      outcomes[i] = x ? 1 : 0;
      successes += outcomes[i];
      adjacent[i] = j < L - 1 ? 1 : 0;
      position[i] = j - (L - 1) / 2;
      i++;
    });
  }
  return { outcomes, adjacent, position, successes };
}

function runsOf(slots: TaskSlots, x: Uint8Array): number {
  let c = 0;
  for (let i = 0; i + 1 < x.length; i++) if (slots.adjacent[i] && x[i] === x[i + 1]) c++;
  return c;
}

function trendOf(slots: TaskSlots, x: Uint8Array): number {
  let r = 0;
  for (let i = 0; i < x.length; i++) if (x[i]) r += slots.position[i];
  return r;
}

/** Every arrangement of every task (mixed radix over the tasks' lists); index 0 is the observed one. */
function enumerated(informative: readonly TaskSlots[]): { runs: Float64Array; trends: Float64Array } {
  const lists = informative.map((slots) => {
    const n = slots.outcomes.length;
    const runs: number[] = [];
    const trends: number[] = [];
    const x = new Uint8Array(n);
    // Gosper's hack over n-bit masks with s bits set.
    let mask = (1 << slots.successes) - 1;
    while (mask < 1 << n) {
      for (let i = 0; i < n; i++) x[i] = (mask >>> i) & 1;
      runs.push(runsOf(slots, x));
      trends.push(trendOf(slots, x));
      const low = mask & -mask;
      const ripple = mask + low;
      mask = (((ripple ^ mask) / low) >>> 2) | ripple;
    }
    return { runs, trends };
  });
  let runs: Float64Array = Float64Array.of(informative.reduce((sum, slots) => sum + runsOf(slots, slots.outcomes), 0));
  let trends: Float64Array = Float64Array.of(informative.reduce((sum, slots) => sum + trendOf(slots, slots.outcomes), 0));
  // The observed sums first, then all combinations.
  let allRuns = Float64Array.of(0);
  let allTrends = Float64Array.of(0);
  for (const list of lists) {
    const nextRuns = new Float64Array(allRuns.length * list.runs.length);
    const nextTrends = new Float64Array(nextRuns.length);
    let k = 0;
    for (let a = 0; a < allRuns.length; a++) {
      for (let b = 0; b < list.runs.length; b++) {
        nextRuns[k] = allRuns[a] + list.runs[b];
        nextTrends[k++] = allTrends[a] + list.trends[b];
      }
    }
    allRuns = nextRuns;
    allTrends = nextTrends;
  }
  runs = concat(runs, allRuns);
  trends = concat(trends, allTrends);
  return { runs, trends };
}

/** The observed arrangement (index 0) and B within-task shuffles (Fisher–Yates, one stream per test). */
function sampled(informative: readonly TaskSlots[], seed: Seed, permutations: number): { runs: Float64Array; trends: Float64Array } {
  const rng = streamRng(seed, 'dependence', 'episodePermutation');
  const runs = new Float64Array(permutations + 1);
  const trends = new Float64Array(permutations + 1);
  const work = informative.map((slots) => slots.outcomes.slice());
  informative.forEach((slots, t) => {
    runs[0] += runsOf(slots, work[t]);
    trends[0] += trendOf(slots, work[t]);
  });
  for (let b = 1; b <= permutations; b++) {
    let c = 0;
    let r = 0;
    informative.forEach((slots, t) => {
      const x = work[t];
      for (let i = x.length - 1; i > 0; i--) {
        const j = Math.floor(rng.uniform() * (i + 1));
        const tmp = x[i];
        x[i] = x[j];
        x[j] = tmp;
      }
      c += runsOf(slots, x);
      r += trendOf(slots, x);
    });
    runs[b] = c;
    trends[b] = r;
  }
  return { runs, trends };
}

/**
 * T_b = max(Z_C, |Z_R|) for every arrangement b, standardised by the mean and SD over the
 * arrangements from index `from` on (exact: the enumeration, which excludes the observed copy at 0;
 * Monte Carlo: all B + 1, a permutation-invariant choice that keeps the test exact in level).
 */
function standardisedMaximum(runs: Float64Array, trends: Float64Array, from: number): { observed: number; values: Float64Array } {
  const moments = (v: Float64Array) => {
    let mean = 0;
    for (let b = from; b < v.length; b++) mean += v[b];
    mean /= v.length - from;
    let variance = 0;
    for (let b = from; b < v.length; b++) variance += (v[b] - mean) ** 2;
    return { mean, sd: Math.sqrt(variance / (v.length - from)) };
  };
  const c = moments(runs);
  const r = moments(trends);
  const at = (b: number) => Math.max(c.sd > 0 ? (runs[b] - c.mean) / c.sd : 0, r.sd > 0 ? Math.abs(trends[b] - r.mean) / r.sd : 0);
  const values = new Float64Array(runs.length - from);
  for (let b = from; b < runs.length; b++) values[b - from] = at(b);
  return { observed: at(0), values };
}

function concat(a: Float64Array, b: Float64Array): Float64Array<ArrayBuffer> {
  const out = new Float64Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}
