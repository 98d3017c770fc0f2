import { InputError } from '@passk/sim/internal';
import { RESULT_KINDS, type ResultKind } from '../format/resultKinds.js';
import type { ResultDocument } from '../results/resultSchemas.js';
import type { SimulateDocument } from '../results/simulateSchema.js';
import { fittingCharts, requireFit } from './chartFits.js';
import { CHART_KINDS, isChartKind, type ChartKind } from './chartKinds.js';
import type { ChartOptions, ChartSpec } from './chartSpec.js';
import { comparePowerChart } from './comparePowerChart.js';
import { compareCurvesChart } from './compareCurvesChart.js';
import { compareDifferenceChart } from './compareDifferenceChart.js';
import { compareTasksChart } from './compareTasksChart.js';
import { costFrontierChart } from './costFrontierChart.js';
import { demonstrateFailuresChart } from './demonstrateFailuresChart.js';
import { deliveryChart } from './deliveryChart.js';
import { estimatorCheckChart } from './estimatorCheckChart.js';
import { fitCountsChart } from './fitCountsChart.js';
import { fitPassRatesChart } from './fitPassRatesChart.js';
import { attemptSuccessChart } from './attemptSuccessChart.js';
import { passCurvesChart } from './passCurvesChart.js';
import { planningChart } from './planningChart.js';
import { precisionWidthChart } from './precisionWidthChart.js';
import { sweepFrontierChart } from './sweepFrontierChart.js';
import { taskIntervalChart } from './taskIntervalChart.js';
import { taskRatesChart } from './taskRatesChart.js';
import { verifierRatesChart } from './verifierRatesChart.js';

/** The charts drawn once over every simulate result of a report (one series per result). */
export const COMBINED_KINDS: readonly ChartKind[] = ['delivery', 'cost-frontier'];

type Results = readonly ResultDocument[];

const BUILDERS: Readonly<Record<ChartKind, (results: Results, options: ChartOptions) => ChartSpec>> = {
  'pass-curves': (results, options) => passCurvesChart(only(results, RESULT_KINDS.estimateTask, RESULT_KINDS.estimateRate, RESULT_KINDS.estimateFile), options),
  delivery: (results, options) => deliveryChart(simulationsOf(results), options),
  'cost-frontier': (results, options) => costFrontierChart(simulationsOf(results), options),
  planning: (results) => planningChart(only(results, RESULT_KINDS.planDemonstrate)),
  'task-rates': (results) => taskRatesChart(only(results, RESULT_KINDS.estimateFile, RESULT_KINDS.simulate)),
  'estimator-check': (results) => estimatorCheckChart(only(results, RESULT_KINDS.simulate)),
  'task-interval': (results) => taskIntervalChart(only(results, RESULT_KINDS.estimateTask)),
  'fit-counts': (results) => fitCountsChart(only(results, RESULT_KINDS.fit)),
  'fit-pass-rates': (results) => fitPassRatesChart(only(results, RESULT_KINDS.fit)),
  'attempt-success': (results) => attemptSuccessChart(only(results, RESULT_KINDS.fit)),
  'sweep-frontier': (results) => sweepFrontierChart(only(results, RESULT_KINDS.sweep)),
  'demonstrate-failures': (results) => demonstrateFailuresChart(only(results, RESULT_KINDS.planDemonstrate)),
  'precision-width': (results) => precisionWidthChart(only(results, RESULT_KINDS.planPrecision)),
  'plan-compare-power': (results) => comparePowerChart(only(results, RESULT_KINDS.planCompare)),
  'compare-curves': (results) => compareCurvesChart(only(results, RESULT_KINDS.compare)),
  'compare-difference': (results) => compareDifferenceChart(only(results, RESULT_KINDS.compare)),
  'compare-tasks': (results) => compareTasksChart(only(results, RESULT_KINDS.compare)),
  'verifier-rates': (results) => verifierRatesChart(only(results, RESULT_KINDS.verifier)),
};

/** The one result of a one-result chart, of one of `kinds` (requireFit and chartsFor let no other through). */
function only<K extends ResultKind>(results: Results, ...kinds: readonly K[]): Extract<ResultDocument, { kind: K }> {
  const result = results[0];
  if (result === undefined || !isOfKind(result, kinds)) throw new Error(`a chart of ${kinds.join(' or ')} was given ${result?.kind ?? 'no result'} (a bug)`);
  return result;
}

function isOfKind<K extends ResultKind>(result: ResultDocument, kinds: readonly K[]): result is Extract<ResultDocument, { kind: K }> {
  return (kinds as readonly ResultKind[]).includes(result.kind);
}

/** The simulate results among `results`. */
function simulationsOf(results: Results): SimulateDocument[] {
  return results.filter((result): result is SimulateDocument => result.kind === RESULT_KINDS.simulate);
}

/** The order charts of one result are listed in: the headline first, the diagnostics after. */
const READING_ORDER: readonly ChartKind[] = [
  'compare-difference',
  'compare-curves',
  'compare-tasks',
  'verifier-rates',
  'pass-curves',
  'task-interval',
  'planning',
  'demonstrate-failures',
  'precision-width',
  'plan-compare-power',
  'delivery',
  'cost-frontier',
  'sweep-frontier',
  'attempt-success',
  'fit-pass-rates',
  'fit-counts',
  'estimator-check',
  'task-rates',
];

/**
 * Every chart that fits these results, result by result in reading order; the delivery chart and
 * the cost frontier are drawn once, where the first simulate result is, over all simulate results.
 */
export function chartsFor(results: Results, options: ChartOptions = {}): ChartSpec[] {
  const simulations = simulationsOf(results);
  const charts: ChartSpec[] = [];
  for (const result of results) {
    const fitting = fittingCharts(result);
    for (const kind of READING_ORDER) {
      if (!fitting.includes(kind)) continue;
      if (COMBINED_KINDS.includes(kind)) {
        if (result === simulations[0]) charts.push(BUILDERS[kind](simulations, options));
        continue;
      }
      charts.push(BUILDERS[kind]([result], options));
    }
  }
  return charts;
}

/**
 * One chart; throws InputError (where '--from' or the kind) when the kind does not fit the
 * results, naming the charts that do.
 */
export function buildChart(kind: ChartKind, results: Results, options: ChartOptions = {}): ChartSpec {
  if (!isChartKind(kind)) throw new InputError('KIND', `must be one of ${CHART_KINDS.join(', ')}`, kind);
  requireFit(kind, results);
  return BUILDERS[kind](results, options);
}

/**
 * The chart `--chart FILE` draws for a command's result: the two curves for estimates (the
 * interval rows for one task at a single k), the runs curves for plan demonstrate, delivery
 * against budget for simulate, the frontier for sweep, observed against fitted rates for fit
 * (a gate result has none).
 */
export function naturalChart(result: ResultDocument, options: ChartOptions = {}): ChartSpec {
  switch (result.kind) {
    case RESULT_KINDS.estimateTask:
      return result.rows.length > 1 ? passCurvesChart(result, options) : taskIntervalChart(result);
    case RESULT_KINDS.estimateRate:
    case RESULT_KINDS.estimateFile:
      return passCurvesChart(result, options);
    case RESULT_KINDS.planDemonstrate:
      return planningChart(result);
    case RESULT_KINDS.simulate:
      return deliveryChart([result], options);
    case RESULT_KINDS.planPrecision:
      return precisionWidthChart(result);
    case RESULT_KINDS.planCompare:
      return comparePowerChart(result);
    case RESULT_KINDS.sweep:
      return sweepFrontierChart(result);
    case RESULT_KINDS.fit:
      return fitPassRatesChart(result);
    case RESULT_KINDS.compare:
      return compareDifferenceChart(result);
    case RESULT_KINDS.verifier:
      return verifierRatesChart(result);
    case RESULT_KINDS.gate:
    case RESULT_KINDS.planAudit:
    case RESULT_KINDS.planGate:
    case RESULT_KINDS.planComparePilot:
    case RESULT_KINDS.planPrecisionPilot:
      throw new InputError('--chart', `has no chart to draw for a ${result.kind} result (passk report shows its table)`);
  }
}
