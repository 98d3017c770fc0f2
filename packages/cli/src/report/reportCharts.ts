import { buildChart, chartsFor, type ChartSpec } from '../charts/chartsFor.js';
import { RESULT_KINDS } from '../format/resultKinds.js';
import type { ReportInput } from './reportInput.js';

/**
 * The charts of each result, in the order and selection of chartsFor over all of them, attributed
 * to the result they belong to: every chart that fits a result, and the cost frontier once, with
 * the first simulation, over all simulations.
 */
export function reportCharts(inputs: readonly ReportInput[]): ChartSpec[][] {
  const simulations = inputs.map((input) => input.result).filter((result) => result.kind === RESULT_KINDS.simulate);
  return inputs.map(({ result }) =>
    chartsFor([result]).flatMap((chart) => {
      if (chart.kind !== 'cost-frontier' || simulations.length === 1) return [chart];
      return result === simulations[0] ? [buildChart('cost-frontier', simulations)] : [];
    }),
  );
}
