import { normalCdf, normalQuantile } from '@passk/sim/internal';
import { formatPercent } from '../format/percent.js';
import type { ChartSpec } from './chartSpec.js';
import type { Channel } from './vegaLiteTypes.js';
import type { PlanCompareDocument } from '../results/planSchemas.js';
import { CHART_HEIGHT, CHART_WIDTH, OKABE_ITO, PERCENT_FORMAT, PERCENT_TOOLTIP_FORMAT, SERIES_COLOURS, themedSpec } from './theme.js';

/** Tasks drawn: about this many values, evenly on a log axis up to 3 × the largest plan. */
const POINTS = 60;

/**
 * Power against the number of tasks, one curve per number of trials per task, for the paired
 * z-test of `plan compare`: power(T) = Φ(|Δ|·√T / sd_D − z_{1−α/2}) with each row's sd of the
 * per-task difference sd_D (the normal power function whose inverse gives the plan's T; e.g.
 * Chow, Shao & Wang 2008, §3.1). The planned power is a rule; each row's planned tasks a point.
 */
export function comparePowerChart(result: PlanCompareDocument): ChartSpec {
  const metric = result.metric === 'passAtK' ? 'pass@' : 'pass^';
  const { k, alpha, power: target } = result;
  const delta = result.comparison - result.baseline;
  const rows = result.rows.map((row) => ({ trials: row.trials, sd: row.sdDifference, tasks: row.tasks }));
  const z = normalQuantile(1 - alpha / 2);
  const power = (tasks: number, sd: number) => normalCdf((Math.abs(delta) * Math.sqrt(tasks)) / sd - z);
  const maxTasks = Math.max(...rows.map((row) => row.tasks)) * 3;
  const grid = [...new Set(Array.from({ length: POINTS }, (_, i) => Math.max(2, Math.round(2 * (maxTasks / 2) ** (i / (POINTS - 1))))))];
  const names = rows.map((row) => `${row.trials} trials per task`);
  const curves = rows.flatMap((row, r) => grid.map((tasks) => ({ series: names[r]!, tasks, power: power(tasks, row.sd) })));
  const planned = rows.map((row, r) => ({ series: names[r]!, tasks: row.tasks, power: power(row.tasks, row.sd) }));
  const title = `Power to detect a ${formatPercent(Math.abs(delta))} difference in ${metric}${k}, by tasks and trials per task`;
  const caption =
    `Reaching ${formatPercent(target, 0)} power (dashed) takes ${planned.map((p, r) => `${p.tasks} tasks at ${rows[r]!.trials} trials`).join(', ')}: ` +
    `more trials per task shrink the noise of each task's estimate, fewer tasks are needed. Paired two-sided z-test at α = ${alpha}.`;
  const color = {
    field: 'series',
    type: 'nominal',
    title: null,
    scale: { domain: names, range: names.map((_, i) => SERIES_COLOURS[i % SERIES_COLOURS.length]!) },
    legend: { orient: 'bottom', direction: 'horizontal' },
  } as const;
  const x: Channel<'x'> = {
    field: 'tasks',
    type: 'quantitative',
    title: 'tasks (both agents on the same tasks; log scale)',
    scale: { type: 'log', domain: [2, maxTasks], nice: false },
  };
  const spec = themedSpec(title, caption, {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    encoding: { x },
    layer: [
      {
        data: { values: curves },
        mark: { type: 'line', strokeWidth: 2 },
        encoding: {
          y: { field: 'power', type: 'quantitative', title: 'power', scale: { domain: [0, 1] }, axis: { format: PERCENT_FORMAT } },
          color,
          tooltip: [
            { field: 'series', type: 'nominal', title: 'trials' },
            { field: 'tasks', type: 'quantitative', title: 'tasks' },
            { field: 'power', type: 'quantitative', title: 'power', format: PERCENT_TOOLTIP_FORMAT },
          ],
        },
      },
      {
        data: { values: [{ power: target }] },
        mark: { type: 'rule', strokeDash: [6, 3], strokeWidth: 1.5, color: OKABE_ITO.black },
        encoding: { y: { field: 'power', type: 'quantitative' }, x: { value: 0 }, x2: { value: CHART_WIDTH } },
      },
      {
        data: { values: planned },
        mark: { type: 'point', filled: true, size: 70, stroke: 'white', strokeWidth: 1 },
        encoding: { y: { field: 'power', type: 'quantitative' }, color },
      },
    ],
  });
  return { kind: 'plan-compare-power', title, caption, spec };
}
