import { demonstrationRuns } from '@passk/sim/internal';
import { formatPercent } from '../format/percent.js';
import type { ChartSpec } from './chartSpec.js';
import type { PlanDemonstrateDocument } from '../results/planSchemas.js';
import { ANNOTATION_GREY, CHART_HEIGHT, CHART_WIDTH, OKABE_ITO, percentLabel, themedSpec } from './theme.js';

/** Allowed failures drawn: 0 up to this many, or the plan's own count when it is larger. */
const MIN_FAILURES_DRAWN = 5;
/** Most bars drawn: beyond it the failure counts shown are spread evenly over 0..failures. */
const MAX_BARS = 21;

/**
 * Runs needed to demonstrate the plan's pass^k ≥ target against the failures allowed among them
 * (planDemonstration at f = 0, 1, …): a plan that tolerates a failure or two costs more runs but
 * does not fail on one unlucky run. The plan's own failure count is marked.
 */
export function demonstrateFailuresChart(result: PlanDemonstrateDocument): ChartSpec {
  const { target, k, confidence, failures } = result;
  const count = Math.max(MIN_FAILURES_DRAWN, failures);
  // At most MAX_BARS counts, evenly spaced from 0 to the last, each by its own search (a whole plan
  // per count would be quadratic: days at --failures 1000000).
  const drawn =
    count + 1 <= MAX_BARS
      ? Array.from({ length: count + 1 }, (_, f) => f)
      : Array.from({ length: MAX_BARS }, (_, i) => Math.round((i * count) / (MAX_BARS - 1)));
  const values = drawn.map((f) => {
    const runs = demonstrationRuns({ target, k, confidence, failures: f });
    return { failures: f, runs, planned: f === failures, label: String(runs) };
  });
  const first = values[0]!;
  const last = values[values.length - 1]!;
  const title = `Runs needed to show pass^${k} ≥ ${percentLabel(target)}, by the failures allowed`;
  const caption =
    `With no failure allowed ${first.runs} runs; allowing ${last.failures} failures takes ${last.runs} (${(last.runs / first.runs).toFixed(1)}×), ` +
    `but one unlucky run no longer fails the demonstration. One-sided exact binomial at ${formatPercent(confidence, 0)} confidence; ` +
    `the plan's own choice (${failures} failure${failures === 1 ? '' : 's'}) is darker.`;
  const x = { field: 'failures', type: 'ordinal', title: 'failures allowed among the runs', axis: { labelAngle: 0 } } as const;
  const spec = themedSpec(title, caption, {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    data: { values },
    encoding: { x },
    layer: [
      {
        mark: { type: 'bar', width: { band: 0.6 } },
        encoding: {
          y: { field: 'runs', type: 'quantitative', title: 'runs needed', scale: { zero: true } },
          color: { condition: { test: 'datum.planned', value: OKABE_ITO.blue }, value: OKABE_ITO.skyBlue },
          tooltip: [
            { field: 'failures', type: 'ordinal', title: 'failures allowed' },
            { field: 'runs', type: 'quantitative', title: 'runs needed' },
          ],
        },
      },
      {
        mark: { type: 'text', baseline: 'bottom', dy: -3, color: ANNOTATION_GREY },
        encoding: { y: { field: 'runs', type: 'quantitative' }, text: { field: 'label', type: 'nominal' } },
      },
    ],
  });
  return { kind: 'demonstrate-failures', title, caption, spec };
}
