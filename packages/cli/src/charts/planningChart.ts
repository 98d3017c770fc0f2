import { demonstrationRuns } from '@passk/sim/internal';
import { formatPercent } from '../format/percent.js';
import type { ChartSpec } from './chartSpec.js';
import type { PlanDemonstrateDocument } from '../results/planSchemas.js';
import { ANNOTATION_GREY, CHART_HEIGHT, percentLabel, CHART_WIDTH, OKABE_ITO, PERCENT_FORMAT, PERCENT_TOOLTIP_FORMAT, themedSpec } from './theme.js';
import type { Layer } from './vegaLiteTypes.js';

/** The k drawn besides the result's own. */
const DEFAULT_KS: readonly number[] = [1, 2, 4, 8, 16];
/** Targets on the x axis: from 50 % (lower when the result's target is) to 99 % in steps of one point. */
function targetGrid(start: number): number[] {
  const from = Math.max(1, Math.round(start * 100));
  return Array.from({ length: 100 - from }, (_, i) => (from + i) / 100);
}
/** The seeds' example: pass^8 ≥ 90 % (228 clean runs at 95 %). */
const SEED_POINT = { target: 0.9, k: 8 } as const;
/** The colour of each default k, the same in every planning chart (a result's other k is sky blue). */
const K_COLOURS: ReadonlyMap<number, string> = new Map([
  [1, OKABE_ITO.blue],
  [2, OKABE_ITO.orange],
  [4, OKABE_ITO.bluishGreen],
  [8, OKABE_ITO.vermillion],
  [16, OKABE_ITO.reddishPurple],
]);
/** Gridlines of the log axis: 1, 2, 5, 10, 20, 50, … */
const LOG_TICKS: readonly number[] = Array.from({ length: 24 }, (_, i) => [1, 2, 5][i % 3]! * 10 ** Math.floor(i / 3));

/**
 * Runs needed to demonstrate pass^k ≥ target (planDemonstration, one-sided exact binomial) against
 * the target, one curve per k, at the result's confidence and allowed failures; the result's own
 * plan and the seeds' pass^8 ≥ 90 % are marked and labelled.
 */
export function planningChart(result: PlanDemonstrateDocument): ChartSpec {
  const { target, k, confidence, failures, runs } = result;
  const ks = [...new Set([...DEFAULT_KS, k])].sort((a, b) => a - b);
  const xStart = Math.min(0.5, Math.floor(target * 10) / 10);
  const targets = [...new Set([...targetGrid(xStart), target, SEED_POINT.target])].sort((a, b) => a - b);
  const runsFor = (t: number, kk: number) => demonstrationRuns({ target: t, k: kk, confidence, failures });
  const curves = ks.flatMap((kk) => targets.map((t) => ({ k: `k = ${kk}`, target: t, runs: runsFor(t, kk) })));
  const clean = failures === 0 ? 'clean runs' : `runs (≤ ${failures} failure${failures === 1 ? '' : 's'})`;
  const points = [{ target, runs, label: `${runs} ${clean}: pass^${k} ≥ ${percentLabel(target)}` }];
  if (ks.includes(SEED_POINT.k) && !(k === SEED_POINT.k && target === SEED_POINT.target)) {
    const seedRuns = runsFor(SEED_POINT.target, SEED_POINT.k);
    points.push({ target: SEED_POINT.target, runs: seedRuns, label: `${seedRuns} ${clean}: pass^${SEED_POINT.k} ≥ ${percentLabel(SEED_POINT.target)}` });
  }
  const level = percentLabel(confidence);
  const allowed = failures === 0 ? 'no failure allowed' : `${failures} failure${failures === 1 ? '' : 's'} allowed`;
  const title = `Runs needed to show pass^k ≥ target at ${level} confidence`;
  const caption =
    `Runs grow with k and explode as the target nears 100%: showing pass^${k} ≥ ${percentLabel(target)} takes ` +
    `${runs} ${clean} (a single-attempt rate ≥ ${formatPercent(target ** (1 / k))}). One-sided exact binomial, ${allowed}.`;
  const maxRuns = Math.max(...curves.map((curve) => curve.runs));
  const minRuns = Math.min(...curves.map((curve) => curve.runs));
  const bottom = LOG_TICKS.filter((tick) => tick <= minRuns).at(-1) ?? 1;
  const top = LOG_TICKS.find((tick) => tick >= maxRuns) ?? maxRuns;
  const ticks = LOG_TICKS.filter((tick) => tick >= bottom && tick <= top);
  // Labels sit high up, where the curves (which rise to the right) leave room: a third and a ninth
  // of the way down the log axis, joined to their points by a vertical leader, the larger target
  // higher so no leader crosses another label; the text runs left of the leader, or right of it in
  // the left half of the chart.
  const marks = [...points]
    .sort((a, b) => b.target - a.target)
    .map((point, i) => ({ ...point, labelRuns: top / 3 ** (i + 1), side: (point.target - xStart) / (1 - xStart) < 0.5 ? 'right' : 'left' }));
  const kLabels = ks.map((kk) => `k = ${kk}`);
  const kColours = ks.map((kk) => K_COLOURS.get(kk) ?? OKABE_ITO.skyBlue);
  const spec = themedSpec(title, caption, {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    encoding: {
      x: {
        field: 'target',
        type: 'quantitative',
        title: 'target pass^k',
        scale: { domain: [xStart, 1], nice: false },
        axis: { format: PERCENT_FORMAT, values: Array.from({ length: Math.round((1 - xStart) * 10) + 1 }, (_, i) => Math.round(xStart * 10 + i) / 10) },
      },
      y: {
        field: 'runs',
        type: 'quantitative',
        title: `${failures === 0 ? 'clean runs' : 'runs'} needed (log scale)`,
        scale: { type: 'log', domain: [ticks[0]!, ticks[ticks.length - 1]!], nice: false },
        axis: { values: ticks, format: ',d' },
      },
    },
    layer: [
      {
        data: { values: curves },
        mark: { type: 'line', strokeWidth: 2 },
        encoding: {
          color: {
            field: 'k',
            type: 'nominal',
            title: null,
            sort: kLabels,
            scale: { domain: kLabels, range: kColours },
          },
          tooltip: [
            { field: 'k', type: 'nominal', title: 'k' },
            { field: 'target', type: 'quantitative', title: 'target', format: PERCENT_TOOLTIP_FORMAT },
            { field: 'runs', type: 'quantitative', title: 'runs', format: ',d' },
          ],
        },
      },
      {
        data: { values: marks },
        mark: { type: 'rule', strokeWidth: 1, color: ANNOTATION_GREY },
        encoding: { y2: { field: 'labelRuns' } },
      },
      {
        data: { values: marks },
        mark: { type: 'point', filled: true, size: 90, color: OKABE_ITO.black, stroke: 'white', strokeWidth: 1.5 },
      },
      ...labelLayers(
        marks.filter((mark) => mark.side === 'left'),
        'right',
        -6,
      ),
      ...labelLayers(
        marks.filter((mark) => mark.side === 'right'),
        'left',
        6,
      ),
    ],
  });
  return { kind: 'planning', title, caption, spec };
}

/**
 * A label per mark at (target, labelRuns), drawn twice: a thick white outline under the text keeps
 * it readable should it cross a curve.
 */
function labelLayers(marks: readonly object[], align: 'left' | 'right', dx: number): Layer[] {
  if (marks.length === 0) return [];
  const text = { type: 'text', align, baseline: 'middle', dx, fontSize: 11, fontWeight: 'bold' } as const;
  const encoding = { y: { field: 'labelRuns', type: 'quantitative' }, text: { field: 'label', type: 'nominal' } } as const;
  return [
    { data: { values: [...marks] }, mark: { ...text, stroke: 'white', strokeWidth: 4, strokeJoin: 'round' }, encoding },
    { data: { values: [...marks] }, mark: { ...text, color: '#222222' }, encoding },
  ];
}
