import { InputError } from '@passk/sim/internal';
import { RESULT_KINDS } from '../format/resultKinds.js';
import { CHART_KINDS, type ChartKind } from './chartKinds.js';
import type { ResultDocument } from '../results/resultSchemas.js';

/** What each chart is drawn from, phrased for the error when it is given something else. */
const NEEDS: Readonly<Record<ChartKind, string>> = {
  'pass-curves': `an estimate result with several k (${RESULT_KINDS.estimateTask} with several rows, ${RESULT_KINDS.estimateRate} or ${RESULT_KINDS.estimateFile})`,
  delivery: `a ${RESULT_KINDS.simulate} result (or several)`,
  'cost-frontier': `${RESULT_KINDS.simulate} results`,
  planning: `a ${RESULT_KINDS.planDemonstrate} result`,
  'task-rates': `a ${RESULT_KINDS.estimateFile} or ${RESULT_KINDS.simulate} result`,
  'estimator-check': `a ${RESULT_KINDS.simulate} result with a pilot (simulate --pilot-trials N)`,
  'task-interval': `a ${RESULT_KINDS.estimateTask} result (estimate --n --c)`,
  'fit-counts': `a ${RESULT_KINDS.fit} result`,
  'fit-pass-rates': `a ${RESULT_KINDS.fit} result`,
  'attempt-success': `a ${RESULT_KINDS.fit} result of attempt-ordered episodes (fit --episode-col, Aider, LDB)`,
  'sweep-frontier': `a ${RESULT_KINDS.sweep} result`,
  'demonstrate-failures': `a ${RESULT_KINDS.planDemonstrate} result`,
  'precision-width': `a ${RESULT_KINDS.planPrecision} result`,
  'plan-compare-power': `a ${RESULT_KINDS.planCompare} result`,
  'compare-curves': `a ${RESULT_KINDS.compare} result`,
  'compare-difference': `a ${RESULT_KINDS.compare} result`,
  'compare-tasks': `a ${RESULT_KINDS.compare} result`,
  'verifier-rates': `a ${RESULT_KINDS.verifier} result`,
};

/** Whether one result can be drawn as `kind`. */
export function chartFits(kind: ChartKind, result: ResultDocument): boolean {
  const resultKind = result.kind;
  switch (kind) {
    case 'pass-curves':
      return (
        (resultKind === RESULT_KINDS.estimateTask && hasSeveralKs(result)) ||
        resultKind === RESULT_KINDS.estimateRate ||
        resultKind === RESULT_KINDS.estimateFile
      );
    case 'delivery':
    case 'cost-frontier':
      return resultKind === RESULT_KINDS.simulate;
    case 'planning':
    case 'demonstrate-failures':
      return resultKind === RESULT_KINDS.planDemonstrate;
    case 'precision-width':
      return resultKind === RESULT_KINDS.planPrecision;
    case 'plan-compare-power':
      return resultKind === RESULT_KINDS.planCompare;
    case 'task-rates':
      return resultKind === RESULT_KINDS.estimateFile || resultKind === RESULT_KINDS.simulate;
    case 'estimator-check':
      return result.kind === RESULT_KINDS.simulate && result.pilot !== undefined;
    case 'task-interval':
      return resultKind === RESULT_KINDS.estimateTask;
    case 'fit-counts':
    case 'fit-pass-rates':
      return resultKind === RESULT_KINDS.fit;
    case 'attempt-success':
      return result.kind === RESULT_KINDS.fit && result.dependence !== null;
    case 'sweep-frontier':
      return resultKind === RESULT_KINDS.sweep;
    case 'compare-curves':
    case 'compare-difference':
    case 'compare-tasks':
      return resultKind === RESULT_KINDS.compare;
    case 'verifier-rates':
      return resultKind === RESULT_KINDS.verifier;
  }
}

/** The charts one result can be drawn as, in CHART_KINDS order. */
export function fittingCharts(result: ResultDocument): ChartKind[] {
  return CHART_KINDS.filter((kind) => chartFits(kind, result));
}

/**
 * Throws one InputError when `kind` cannot be drawn from `results`: none given, several for a
 * one-result chart, or a result of the wrong kind (the message names the charts that do fit it).
 */
export function requireFit(kind: ChartKind, results: readonly ResultDocument[]): void {
  if (results.length === 0) throw new InputError('--from', 'needs at least one result file');
  if (kind !== 'cost-frontier' && kind !== 'delivery' && results.length > 1) {
    throw new InputError(kind, `draws one result, got ${results.length} (only delivery and cost-frontier combine several)`);
  }
  results.forEach((result, i) => {
    if (chartFits(kind, result)) return;
    const which = results.length > 1 ? ` (result ${i + 1})` : '';
    const others = fittingCharts(result);
    const advice = others.length === 0 ? 'no chart fits that result' : `for that result use ${orList(others)}`;
    throw new InputError(kind, `needs ${NEEDS[kind]}, not ${describeResult(result)}${which}; ${advice}`);
  });
}

/** A task estimate with more than one row (one k has one row: its chart is the task interval). */
export function hasSeveralKs(result: ResultDocument): boolean {
  return result.kind === RESULT_KINDS.estimateTask && result.rows.length > 1;
}

/** The result's kind, with what a chart may miss in it. */
function describeResult(result: ResultDocument): string {
  if (result.kind === RESULT_KINDS.estimateTask && !hasSeveralKs(result)) return `${result.kind} with a single k`;
  if (result.kind === RESULT_KINDS.simulate && result.pilot === undefined) return `${result.kind} without a pilot`;
  return result.kind;
}

/** "a", "a or b", "a, b or c" */
function orList(items: readonly string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
