import { gateDesign, holdsWithoutChange, type GateRule, type Run } from '@passk/sim/internal';
import { isRateRequirement, type Requirement } from '../args/parseRequirement.js';
import { formatPercent } from '../format/percent.js';
import { terminalText } from '../format/terminalText.js';

/** The gate's own design check: its simulated false-fail rate under no change. */
export interface GateDesignCheck {
  readonly falseFail: number;
  readonly se: number;
  readonly simulations: number;
}

/**
 * Simulated pairs of runs of the design check: 400 when every requirement is the new run's own
 * value (each judged in about 0.1 ms), 50 with a delta(…) (each pair's task populations are fitted
 * by maximum likelihood, ~6 ms of CPU per pair and delta requirement: 50 keep the check at about
 * half a second of CPU in a fresh process on 80 tasks × 5 trials, docs/gates.md).
 */
export function designSimulations(requirements: readonly Requirement[]): number {
  return requirements.some((requirement) => requirement.delta) ? 50 : 400;
}

/**
 * A false-fail rate above this draws the warning: a gate that fails one unchanged run in five or
 * more is one people learn to rerun until it passes. At 50 simulations a design that truly fails
 * 5 % of unchanged runs shows more than 20 % with probability 3·10⁻⁵, one at 10 % with 0.009, and
 * one at 30 % is missed with 0.08 (binomial tails, scipy.stats.binom): the warning tells the
 * designs of the issue (60–80 %) from a 5 % design without crying wolf.
 */
export const WARN_FALSE_FAIL = 0.2;

/**
 * `passk gate`'s check of its own design (`gateDesign`, the same rule): the truth of both runs is
 * the baseline's (else the file's) tasks drawn from their posteriors, the design is the file's
 * tasks and its most common trials per task, no regression, seed 1. null when a requirement does
 * not hold with no change (`holdsWithoutChange`: its FAILs are then right, not false), the truth has
 * fewer than 2 tasks or the trials are below a requirement's k.
 */
export function checkGateDesign(requirements: readonly Requirement[], truth: Run, candidate: Run, rule: GateRule): GateDesignCheck | null {
  const trials = mostCommonTrials(candidate);
  const largestK = Math.max(...requirements.map((requirement) => requirement.k ?? 1));
  // Only requirements on success rates are simulated (a requirement of another kind, e.g. on cost, is not: no check).
  if (!requirements.every(isRateRequirement)) return null;
  if (truth.tasks.length < 2 || candidate.tasks.length < 2 || trials < largestK) return null;
  // A gate that asks for a change (delta(pass@1) >= 0.05) should FAIL when nothing changes: no false fail to count.
  if (!requirements.every((requirement) => holdsWithoutChange(requirement, truth.tasks))) return null;
  const simulations = designSimulations(requirements);
  const design = gateDesign({ requirements, rule, pilot: truth.tasks, tasks: candidate.tasks.length, trials, regressions: [], simulations, seed: 1 });
  return { falseFail: design.falseFail.value, se: design.falseFail.se, simulations };
}

/** The one warning line when the design fails too many unchanged runs, with the command that plans a better one; null otherwise. */
export function designWarning(check: GateDesignCheck | null, requirements: readonly Requirement[], pilot: string, hasBaseline: boolean): string | null {
  if (check === null || !(check.falseFail > WARN_FALSE_FAIL)) return null;
  const rate = `${formatPercent(check.falseFail)} ± ${formatPercent(check.se)}`;
  const who = hasBaseline ? 'a new run drawn like the baseline' : 'a rerun of this agent';
  const command = `passk plan gate --pilot ${shellWord(pilot)} ${requirements.map((r) => `--require ${shellWord(r.text.trim())}`).join(' ')} --max-false-fail 0.05`;
  return `${terminalText(`passk: warning: ${who} FAILs this gate ${rate} of the time (${check.simulations} simulations); plan it: ${command}`)}\n`;
}

/** The trials per task most of a run's tasks have (the larger on a tie): the design's trials. */
export function mostCommonTrials(run: Run): number {
  const counts = new Map<number, number>();
  for (const task of run.tasks) counts.set(task.n, (counts.get(task.n) ?? 0) + 1);
  let best = 0;
  let bestCount = 0;
  for (const [n, count] of counts) if (count > bestCount || (count === bestCount && n > best)) [best, bestCount] = [n, count];
  return best;
}

/** A word as the shell reads it back: bare when safe, else in single quotes. */
function shellWord(text: string): string {
  return /^[\w./@=,:+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
