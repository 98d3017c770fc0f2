import type { TaskChangeKind } from '@passk/sim/internal';
import type { ChartSpec } from './chartSpec.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import { comparisonName } from './comparePoints.js';
import type { Channel } from './vegaLiteTypes.js';
import { ANNOTATION_GREY, CHART_HEIGHT, OKABE_ITO, PERCENT_FORMAT, themedSpec } from './theme.js';

const KINDS: readonly TaskChangeKind[] = ['fixed', 'improved', 'unchanged', 'worsened', 'regressed'];
/** A shape per kind, in KINDS order: up-pointing for better, down-pointing for worse, a circle for unchanged (legend and points alike). */
const KIND_SHAPES = ['triangle-up', 'diamond', 'circle', 'square', 'triangle-down'] as const;
const KIND_COLOURS = [OKABE_ITO.bluishGreen, OKABE_ITO.skyBlue, '#999999', OKABE_ITO.orange, OKABE_ITO.vermillion];

/**
 * Per-task flips: each task's success rate c/n in A (x) against B (y), a circle per distinct
 * pair sized by how many tasks share it; above the diagonal B does better. Colour: fixed (none
 * correct in A, all in B), improved, unchanged, worsened, regressed (all → none).
 */
export function compareTasksChart(document: ResultDocumentOf<'passk.compare'>): ChartSpec {
  const cells = new Map<string, { comparison: string; a: number; b: number; kind: TaskChangeKind; tasks: number; examples: string[] }>();
  for (const comparison of document.comparisons) {
    for (const task of comparison.perTask.tasks) {
      if (task.change === null) continue;
      const a = task.baseline.c / task.baseline.n;
      const b = task.candidate.c / task.candidate.n;
      const key = `${comparisonName(comparison)}|${a}|${b}|${task.kind}`;
      const cell = cells.get(key) ?? { comparison: comparisonName(comparison), a, b, kind: task.kind, tasks: 0, examples: [] };
      cell.tasks++;
      if (cell.examples.length < 3) cell.examples.push(String(task.task));
      cells.set(key, cell);
    }
  }
  const first = document.comparisons[0]!;
  const { counts } = first.perTask;
  const caption =
    `${comparisonName(first)}: ${counts.fixed} fixed and ${counts.regressed} regressed of ${first.perTask.tasks.length} tasks; ` +
    `${counts.improved} improved, ${counts.worsened} worsened, ${counts.unchanged} unchanged. Above the diagonal the later run does better; marker area = tasks; shapes: ▲ fixed, ◆ improved, ● unchanged, ■ worsened, ▼ regressed.`;
  const axis = { format: PERCENT_FORMAT };
  const color: Channel<'color'> = {
    field: 'kind',
    type: 'nominal',
    title: null,
    scale: { domain: [...KINDS], range: KIND_COLOURS },
    sort: [...KINDS],
    // Three to a row: headless vega estimates text wide, and one row would stretch the image past the chart.
    legend: { columns: 3, labelExpr: "datum.label === 'fixed' ? 'fixed (none → all)' : datum.label === 'regressed' ? 'regressed (all → none)' : datum.label" },
  };
  // Shapes as well as colours (#45): under deuteranopia fixed and regressed must not depend on hue alone.
  const shape: Channel<'shape'> = { field: 'kind', type: 'nominal', title: null, scale: { domain: [...KINDS], range: [...KIND_SHAPES] }, sort: [...KINDS] };
  const size = CHART_HEIGHT + 40;
  const title =
    document.comparisons.length > 1
      ? `Task by task: each run's success rate against ${first.baseline}'s`
      : `Task by task: success rate in ${first.baseline} (x) and ${first.candidate} (y)`;
  const spec = themedSpec(title, caption, {
    data: { values: [...cells.values()].map((cell) => ({ ...cell, examples: cell.examples.join(', ') })) },
    ...(document.comparisons.length > 1 ? { facet: { column: { field: 'comparison', type: 'nominal', title: null } } } : {}),
    spec: {
      width: size,
      height: size,
      layer: [
        {
          data: {
            values: [
              { x: 0, y: 0 },
              { x: 1, y: 1 },
            ],
          },
          mark: { type: 'line', color: ANNOTATION_GREY, strokeDash: [4, 3], strokeWidth: 1 },
          encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' } },
        },
        {
          mark: { type: 'point', filled: true, opacity: 0.75, stroke: 'white', strokeWidth: 0.5 },
          encoding: {
            x: {
              field: 'a',
              type: 'quantitative',
              title: `c/n in ${document.comparisons.length > 1 ? 'the baseline' : first.baseline}`,
              scale: { domain: [-0.05, 1.05], nice: false },
              axis,
            },
            y: {
              field: 'b',
              type: 'quantitative',
              title: `c/n in ${document.comparisons.length > 1 ? 'each candidate' : first.candidate}`,
              scale: { domain: [-0.05, 1.05], nice: false },
              axis,
            },
            size: { field: 'tasks', type: 'quantitative', title: 'tasks', scale: { range: [30, 900] }, legend: null },
            color,
            shape,
            tooltip: [
              { field: 'kind', type: 'nominal' },
              { field: 'tasks', type: 'quantitative' },
              { field: 'a', type: 'quantitative', title: 'baseline c/n', format: '.0%' },
              { field: 'b', type: 'quantitative', title: 'candidate c/n', format: '.0%' },
              { field: 'examples', type: 'nominal', title: 'e.g.' },
            ],
          },
        },
      ],
    },
  } as never);
  return { kind: 'compare-tasks', title, caption, spec: document.comparisons.length > 1 ? spec : unfaceted(spec) };
}

/** With one comparison there is nothing to facet: the inner spec becomes the chart. */
function unfaceted(spec: object): object {
  const { spec: inner, ...rest } = spec as { spec: object };
  return { ...rest, ...inner };
}
