import type { Scenario } from '../scenario/types.js';

/**
 * One parameter of a scenario that rests on a measurement rather than on a stated value: its
 * scenario path and the Beta posterior it is drawn from.
 */
export interface MeasuredParameter {
  /** The scenario key whose value is drawn, e.g. `verifier.falseAccept`. */
  readonly path: 'verifier.falseAccept' | 'verifier.falseReject';
  /** The measurement: `events` of `trials` (wrong attempts accepted of the wrong ones, …). */
  readonly events: number;
  readonly trials: number;
  /** Jeffreys posterior Beta(a, b) of the rate. */
  readonly a: number;
  readonly b: number;
}

/**
 * The parameters of `scenario` whose uncertainty a simulation propagates (in a fixed order), each
 * with its posterior: today the verifier's error rates when `verifier.measured` gives their counts.
 *
 * Formula: x events in n trials give the Jeffreys posterior Beta(x + ½, n − x + ½) (Jeffreys 1946;
 * the prior Beta(½, ½) whose equal-tailed intervals hold their coverage, Brown, Cai & DasGupta 2001).
 * Example: falseAccept { accepted: 2375, wrong: 10018 } → Beta(2375.5, 7643.5) (tested).
 */
export function measuredParameters(scenario: Scenario): MeasuredParameter[] {
  const measured = scenario.verifier.measured;
  if (measured === undefined) return [];
  return [
    jeffreys('verifier.falseAccept', measured.falseAccept.accepted, measured.falseAccept.wrong),
    jeffreys('verifier.falseReject', measured.falseReject.rejected, measured.falseReject.right),
  ];
}

function jeffreys(path: MeasuredParameter['path'], events: number, trials: number): MeasuredParameter {
  return { path, events, trials, a: events + 0.5, b: trials - events + 0.5 };
}

/**
 * The scenario keys a simulation draws per block of replicates (`blockScenario`), in order: the
 * measured verifier rates, then `tasks.successRate` when `tasks.measured` gives the log it was
 * fitted to, and `attempts.correlation` when `tasks.measured.episodes` gives the episodes the
 * dependence model was fitted to. Empty when nothing is measured (every block then simulates the scenario itself).
 * Example: a scenario from `simulate --tasks-from` → ['tasks.successRate'].
 */
export function drawnParameters(scenario: Scenario): string[] {
  const paths: string[] = measuredParameters(scenario).map((p) => p.path);
  if (scenario.tasks.measured !== undefined) paths.push('tasks.successRate');
  if (scenario.tasks.measured?.episodes !== undefined) paths.push('attempts.correlation');
  return paths;
}
