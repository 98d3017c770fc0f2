import { passAtKInterval, passHatKInterval, proportionInterval } from '@passk/sim/internal';
import { methodName } from '../format/describe.js';
import { formatPercent } from '../format/percent.js';
import type { ChartSpec } from './chartSpec.js';
import type { Channel } from './vegaLiteTypes.js';
import type { PlanPrecisionDocument } from '../results/planSchemas.js';
import { ANNOTATION_GREY, CHART_HEIGHT, CHART_WIDTH, OKABE_ITO, PERCENT_FORMAT, PERCENT_TOOLTIP_FORMAT, themedSpec } from './theme.js';

/** Trials drawn: about this many values of n, spread evenly on a log axis from k to 4 × the plan's n. */
const POINTS = 60;

/**
 * The interval's full width (upper − lower) against the number of trials n for the plan's metric,
 * rate, method and confidence: the interval for p at c = round(rate·n) (proportionInterval) mapped
 * to pass@k or pass^k as `plan precision` does; the target width 2 × half-width as a rule and the
 * plan's n marked. Widths jitter with the rounding of c, which is why the plan checks n one by one.
 */
export function precisionWidthChart(result: PlanPrecisionDocument): ChartSpec {
  const { metric, k, rate, halfWidth, confidence, trials, method } = result;
  const from = Math.max(2, k);
  const to = Math.max(from * 2, trials * 4);
  const ns = [...new Set([...Array.from({ length: POINTS }, (_, i) => Math.round(from * (to / from) ** (i / (POINTS - 1)))), trials])].sort((a, b) => a - b);
  const widthAt = (n: number) => {
    const p = proportionInterval(n, Math.round(rate * n), { method, confidence, sides: 2 });
    const mapped = metric === 'passHatK' ? passHatKInterval(p, k) : metric === 'passAtK' ? passAtKInterval(p, k) : p;
    return mapped.upper - mapped.lower;
  };
  const values = ns.map((n) => ({ trials: n, width: widthAt(n) }));
  // The plan is drawn where it is planned: at its n on its own target line, at the width it reaches with the
  // assurance asked (over c ~ Binomial(n, rate)), not at the curve's one c = rate·n, which may sit above the line (#45).
  const plan = [
    {
      trials,
      width: 2 * result.achievedHalfWidth,
      label: `plan: ${trials} trials, ±${formatPercent(result.achievedHalfWidth)} with ${formatPercent(result.achievedAssurance, 0)} assurance`,
    },
  ];
  const name = metric === 'passHatK' ? `pass^${k}` : metric === 'passAtK' ? `pass@${k}` : 'p';
  const title = `How the interval for ${name} narrows with more trials`;
  const caption =
    `At a single-attempt rate of ${formatPercent(rate)}: ${trials} trials bring the ${formatPercent(confidence, 0)} two-sided ${methodName(method)} interval ` +
    `to ${formatPercent(2 * halfWidth)} wide (± ${formatPercent(halfWidth)}, dashed) with ${formatPercent(result.achievedAssurance, 0)} assurance over the successes c a run may see (the dot, on that line); ` +
    'the curve is the width at c = rate·n, and falls roughly as 1/√n.';
  const x: Channel<'x'> = { field: 'trials', type: 'quantitative', title: 'trials n (log scale)', scale: { type: 'log', domain: [from, to], nice: false } };
  const spec = themedSpec(title, caption, {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    encoding: { x },
    layer: [
      {
        data: { values },
        mark: { type: 'line', strokeWidth: 2, color: OKABE_ITO.blue, interpolate: 'step-after' },
        encoding: {
          y: { field: 'width', type: 'quantitative', title: `interval width for ${name}`, axis: { format: PERCENT_FORMAT }, scale: { zero: true } },
          tooltip: [
            { field: 'trials', type: 'quantitative', title: 'trials' },
            { field: 'width', type: 'quantitative', title: 'width', format: PERCENT_TOOLTIP_FORMAT },
          ],
        },
      },
      {
        data: { values: [{ width: 2 * halfWidth, label: `target width ${formatPercent(2 * halfWidth)}` }] },
        mark: { type: 'rule', strokeDash: [6, 3], strokeWidth: 1.5, color: OKABE_ITO.vermillion },
        encoding: { y: { field: 'width', type: 'quantitative' }, x: { value: 0 }, x2: { value: CHART_WIDTH } },
      },
      {
        data: { values: plan },
        mark: { type: 'point', filled: true, size: 80, color: OKABE_ITO.black },
        encoding: { y: { field: 'width', type: 'quantitative' } },
      },
      {
        data: { values: plan },
        mark: { type: 'text', align: 'right', baseline: 'top', dx: -6, dy: 8, color: ANNOTATION_GREY },
        encoding: { y: { field: 'width', type: 'quantitative' }, text: { field: 'label', type: 'nominal' } },
      },
    ],
  });
  return { kind: 'precision-width', title, caption, spec };
}
