import { InputError } from '@passk/sim';
import { RESULT_KINDS } from '../format/resultKinds.js';
import { fittingCharts, hasSeveralKs, requireFit } from './chartFits.js';
import { CHART_KINDS, isChartKind, type ChartKind } from './chartKinds.js';
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
import { passCurvesChart } from './passCurvesChart.js';
import { planningChart } from './planningChart.js';
import { precisionWidthChart } from './precisionWidthChart.js';
import { resultKindOf } from './resultFields.js';
import { sweepFrontierChart } from './sweepFrontierChart.js';
import { taskIntervalChart } from './taskIntervalChart.js';
import { taskRatesChart } from './taskRatesChart.js';

/** A chart as plain data: what it is, its title and caption, and the vega-lite v6 spec (with $schema). */
export interface ChartSpec {
  readonly kind: ChartKind;
  readonly title: string;
  /** One line: what to read from the chart. */
  readonly caption: string;
  readonly spec: object;
}

/** What the reader chose that changes a chart: the limit on wrong delivery, a log-k axis. */
export interface ChartOptions {
  /** Drawn as a rule on the delivery chart; the best k is the most correct within it. */
  readonly maxWrongDelivery?: number | null;
  /** k on a log axis (pass-curves); default: when the measured ks span more than a decade. */
  readonly logK?: boolean;
}

/** The charts drawn once over every simulate result of a report (one series per result). */
export const COMBINED_KINDS: readonly ChartKind[] = ['delivery', 'cost-frontier'];

const BUILDERS: Readonly<Record<ChartKind, (results: readonly object[], options: ChartOptions) => ChartSpec>> = {
  'pass-curves': (results, options) => passCurvesChart(results[0]!, options),
  delivery: (results, options) => deliveryChart(results, options),
  'cost-frontier': (results) => costFrontierChart(results),
  planning: (results) => planningChart(results[0]!),
  'task-rates': (results) => taskRatesChart(results[0]!),
  'estimator-check': (results) => estimatorCheckChart(results[0]!),
  'task-interval': (results) => taskIntervalChart(results[0]!),
  'fit-counts': (results) => fitCountsChart(results[0]!),
  'fit-pass-rates': (results) => fitPassRatesChart(results[0]!),
  'sweep-frontier': (results) => sweepFrontierChart(results[0]!),
  'demonstrate-failures': (results) => demonstrateFailuresChart(results[0]!),
  'precision-width': (results) => precisionWidthChart(results[0]!),
  'plan-compare-power': (results) => comparePowerChart(results[0]!),
  'compare-curves': (results) => compareCurvesChart(results[0]!),
  'compare-difference': (results) => compareDifferenceChart(results[0]!),
  'compare-tasks': (results) => compareTasksChart(results[0]!),
};

/** The order charts of one result are listed in: the headline first, the diagnostics after. */
const READING_ORDER: readonly ChartKind[] = [
  'compare-difference',
  'compare-curves',
  'compare-tasks',
  'pass-curves',
  'task-interval',
  'planning',
  'demonstrate-failures',
  'precision-width',
  'plan-compare-power',
  'delivery',
  'cost-frontier',
  'sweep-frontier',
  'fit-pass-rates',
  'fit-counts',
  'estimator-check',
  'task-rates',
];

/**
 * Every chart that fits these results, result by result in reading order; the delivery chart and
 * the cost frontier are drawn once, where the first simulate result is, over all simulate results.
 */
export function chartsFor(results: readonly object[], options: ChartOptions = {}): ChartSpec[] {
  results.forEach((result) => resultKindOf(result));
  const simulations = results.filter((result) => resultKindOf(result) === RESULT_KINDS.simulate);
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
export function buildChart(kind: ChartKind, results: readonly object[], options: ChartOptions = {}): ChartSpec {
  if (!isChartKind(kind)) throw new InputError('KIND', `must be one of ${CHART_KINDS.join(', ')}`, kind);
  results.forEach((result) => resultKindOf(result));
  requireFit(kind, results);
  return BUILDERS[kind](results, options);
}

/**
 * The chart `--chart FILE` draws for a command's result: the two curves for estimates (the
 * interval rows for one task at a single k), the runs curves for plan demonstrate, delivery
 * against budget for simulate, the frontier for sweep, observed against fitted rates for fit.
 */
export function naturalChart(result: object, options: ChartOptions = {}): ChartSpec {
  const kind = resultKindOf(result, '--chart');
  switch (kind) {
    case RESULT_KINDS.estimateTask:
      return hasSeveralKs(result) ? passCurvesChart(result, options) : taskIntervalChart(result);
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
    default:
      throw new InputError(
        '--chart',
        `has no chart for ${kind} results (charts: plan demonstrate, plan precision, plan compare, estimate, simulate, sweep, fit, compare)`,
      );
  }
}
