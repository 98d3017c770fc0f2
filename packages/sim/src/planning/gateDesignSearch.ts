import { requireObject } from '../checkArgs.js';
import { requireOpenUnit } from '../checks.js';
import { InputError } from '../errors.js';
import type { GateRequirement } from '../gate/judgeRequirement.js';
import { failCount, gateDesign, MAX_GATE_DESIGN_DRAWS, simulatedRate, type GateDesign, type GateDesignOptions, type SimulatedRate } from './gateDesign.js';

/** A threshold shift and what it does: the false-fail rate and the pass rate under each regression with every threshold moved by it. */
export interface GateMargin {
  /** Points (a probability difference) every threshold is moved towards passing, rounded up to 0.001. */
  readonly margin: number;
  readonly falseFail: SimulatedRate;
  readonly passUnderRegression: readonly { readonly regression: number; readonly pass: SimulatedRate }[];
}

/**
 * The smallest threshold shift m (a multiple of 0.001) whose simulated false-fail rate is at most
 * `maxFalseFail`: the (1 − maxFalseFail) quantile of the shortfalls, rounded up and checked by
 * counting (`failCount`), with the pass rate under each regression at that shift from the same
 * simulations. 0 when the design already meets it.
 */
export function gateMargin(design: GateDesign, requirements: readonly GateRequirement[], regressions: readonly number[], maxFalseFail: number): GateMargin {
  requireOpenUnit('maxFalseFail', maxFalseFail);
  const S = design.simulations;
  const sorted = Float64Array.from(design.shortfalls.noChange).sort();
  const allowed = Math.floor(maxFalseFail * S);
  // At most `allowed` shortfalls may exceed m: m at the (S − allowed)-th smallest, rounded up.
  const quantile = allowed >= S ? -Infinity : sorted[S - allowed - 1]!;
  let margin = Math.max(0, Math.ceil(quantile * 1000 - 1e-9) / 1000);
  while (failCount(design.shortfalls.noChange, requirements, margin) > allowed) margin = Math.round(margin * 1000 + 1) / 1000;
  return {
    margin,
    falseFail: simulatedRate(failCount(design.shortfalls.noChange, requirements, margin), S),
    passUnderRegression: regressions.map((regression, r) => ({
      regression,
      pass: simulatedRate(S - failCount(design.shortfalls.regressions[r]!, requirements, margin), S),
    })),
  };
}

/** Simulations per size searched (SE ≤ 1.6 points at a 5 % rate): a search simulates up to ~12 sizes per knob. */
export const SEARCH_SIMULATIONS = 200;

/** A design size (tasks or trials per task) and its simulated false-fail rate. */
export interface GateDesignSize {
  readonly value: number;
  readonly falseFail: SimulatedRate;
}

/** What `searchGateSize` found: the smallest size within the range searched that meets the false-fail rate (null: none), and every size tried. */
export interface GateSizeSearch {
  readonly knob: 'tasks' | 'trials';
  readonly found: GateDesignSize | null;
  readonly tried: readonly GateDesignSize[];
  /** The largest size searched: `maxFactor` times the design's. */
  readonly largest: number;
}

/**
 * The fewest tasks (or trials per task) whose simulated false-fail rate is at most `maxFalseFail`,
 * the other knob and the thresholds kept: the design's size doubled until one meets it (up to
 * `maxFactor` times), then bisection (to 5 %) between the last that did not and the first that did.
 * Every size is simulated with the design's seed and at most SEARCH_SIMULATIONS simulations (no
 * regressions), so the sizes share their random streams. The false-fail rate of a size is a Monte Carlo estimate (its SE reported):
 * the size found meets the rate within that error.
 */
export function searchGateSize(options: GateDesignOptions, knob: 'tasks' | 'trials', maxFalseFail: number, maxFactor = 16): GateSizeSearch {
  requireOpenUnit('maxFalseFail', maxFalseFail);
  const tried: GateDesignSize[] = [];
  const at = (value: number): GateDesignSize => {
    const known = tried.find((size) => size.value === value);
    if (known) return known;
    const design = gateDesign({ ...options, [knob]: value, regressions: [], confirm: false, simulations: Math.min(options.simulations, SEARCH_SIMULATIONS) });
    const size = { value, falseFail: design.falseFail };
    tried.push(size);
    return size;
  };
  const start = options[knob];
  // Tasks are drawn per simulation: the search stays within gateDesign's limit on draws.
  const drawable = knob === 'tasks' ? Math.floor(MAX_GATE_DESIGN_DRAWS / (2 * Math.min(options.simulations, SEARCH_SIMULATIONS))) : Infinity;
  const largest = Math.min(start * maxFactor, drawable);
  const meets = (size: GateDesignSize) => size.falseFail.value <= maxFalseFail;
  let low = start;
  let high: number | null = null;
  for (let value = start * 2; value <= largest; value *= 2) {
    if (meets(at(value))) {
      high = value;
      break;
    }
    low = value;
  }
  if (high === null) return { knob, found: null, tried: sorted(tried), largest };
  while (high - low > Math.max(1, Math.ceil(low * 0.05))) {
    const middle = Math.round((low + high) / 2);
    if (meets(at(middle))) high = middle;
    else low = middle;
  }
  return { knob, found: at(high), tried: sorted(tried), largest };
}

function sorted(sizes: GateDesignSize[]): GateDesignSize[] {
  return [...sizes].sort((a, b) => a.value - b.value);
}

/** `planGateDesign`'s answer: the design's operating characteristics and what brings its false-fail rate under the rate asked. */
export interface GateDesignPlan {
  readonly design: GateDesign;
  readonly maxFalseFail: number;
  /** The smallest threshold shift that meets `maxFalseFail` (0 when the design already does). */
  readonly margin: GateMargin;
  /** The fewest tasks, and the fewest trials per task, that meet it with the thresholds as asked; null when not searched. */
  readonly tasks: GateSizeSearch | null;
  readonly trials: GateSizeSearch | null;
}

/**
 * `passk plan gate`: `gateDesign` at the design asked, the smallest margin (threshold shift) that
 * brings its false-fail rate to at most `maxFalseFail`, and — with `search` — the fewest tasks and
 * the fewest trials per task that do so without a margin (`searchGateSize`, up to 16 times each).
 * The searches run only when the design misses the rate.
 */
export function planGateDesign(options: GateDesignOptions, plan: { readonly maxFalseFail: number; readonly search: boolean }): GateDesignPlan {
  requireObject('plan', plan);
  const maxFalseFail = requireOpenUnit('plan.maxFalseFail', plan.maxFalseFail);
  if (typeof plan.search !== 'boolean') throw new InputError('plan.search', 'must be true or false', plan.search);
  const design = gateDesign(options);
  const margin = gateMargin(design, options.requirements, options.regressions, maxFalseFail);
  const search = plan.search && design.falseFail.value > maxFalseFail;
  return {
    design,
    maxFalseFail,
    margin,
    tasks: search ? searchGateSize(options, 'tasks', maxFalseFail) : null,
    trials: search ? searchGateSize(options, 'trials', maxFalseFail) : null,
  };
}
