import { chartsFor, COMBINED_KINDS } from '../charts/chartsFor.js';
import type { ChartOptions, ChartSpec } from '../charts/chartSpec.js';
import type { ReportInput } from './reportInput.js';

/** A chart of one result whose data was already drawn for an earlier result: pointed to, not repeated. */
export interface RepeatedChart {
  readonly kind: ChartSpec['kind'];
  /** Index of the result whose section has the chart. */
  readonly sameAs: number;
}

export interface ReportCharts {
  /** The charts over all simulate results (delivery, cost frontier): one series per policy, shown beside the comparison table. */
  readonly combined: readonly ChartSpec[];
  /** Each result's own charts, in reading order; a repeat of an earlier result's chart is a RepeatedChart. */
  readonly byResult: readonly (readonly (ChartSpec | RepeatedChart)[])[];
}

/**
 * The report's charts: those drawn over every simulation once (chartsFor's combined kinds), then
 * per result the rest, without repeats — a chart whose data and drawing equal an earlier one (e.g.
 * the task rates of several policies on the same tasks) becomes a pointer to it.
 */
export function reportCharts(inputs: readonly ReportInput[], options: ChartOptions = {}): ReportCharts {
  const all = chartsFor(
    inputs.map((input) => input.result),
    options,
  );
  const combined = all.filter((chart) => COMBINED_KINDS.includes(chart.kind));
  const drawn = new Map<string, number>();
  const byResult = inputs.map((input, i) =>
    chartsFor([input.result], options)
      .filter((chart) => !COMBINED_KINDS.includes(chart.kind))
      .map((chart): ChartSpec | RepeatedChart => {
        const key = `${chart.kind} ${JSON.stringify(withoutTitles(chart.spec))}`;
        const first = drawn.get(key);
        if (first !== undefined) return { kind: chart.kind, sameAs: first };
        drawn.set(key, i);
        return chart;
      }),
  );
  return { combined, byResult };
}

/** Every chart the report draws, each once (the demo writes these as files). */
export function distinctCharts(charts: ReportCharts): ChartSpec[] {
  return [...charts.combined, ...charts.byResult.flat().filter((chart): chart is ChartSpec => 'spec' in chart)];
}

/** The spec without its title and description (to compare charts by their data and drawing). */
function withoutTitles(spec: object): object {
  const { title: _title, description: _description, ...rest } = spec as { title?: unknown; description?: unknown };
  return rest;
}
