// delivery: the delivered-wrong axis labels every tick with the decimals it needs (never "1 %, 1 %,
// 0 %" when every value is 0), and a coverage line hidden under delivered correct is named (#45).
import { describe, expect, it } from 'vitest';
import { deliveryChart, tickDecimals } from '../../../packages/cli/src/charts/deliveryChart.js';
import { chartFixture, checked } from './chartFixture.js';

/** The wrong-delivery panel's y axis (the second of the chart's vertically stacked panels). */
const wrongAxis = (spec: any) => JSON.stringify(spec).match(/"title":"delivered wrong","scale":\{"domain":\[[^\]]*\]\},"axis":\{[^}]*\}/)![0];

describe('delivery', () => {
  it('tickDecimals: the fewest decimals that label each tick exactly', () => {
    expect(tickDecimals([0, 0.005, 0.01])).toBe(1);
    expect(tickDecimals([0, 0.05, 0.1])).toBe(0);
    expect(tickDecimals([0, 0.025, 0.05])).toBe(1);
    expect(tickDecimals([0, 0.0005, 0.001])).toBe(2);
  });

  it('a perfect verifier: wrong delivery 0 at every k gets ticks 0.0 %, 0.5 %, 1.0 %, and the caption says coverage equals delivered correct', () => {
    const perfect = structuredClone(chartFixture('simulate-refund', 'passk.simulate'));
    for (const row of perfect.rows) {
      row.coverage = { ...row.coverage, value: row.deliveredCorrect.value };
      row.deliveredWrong = { ...row.deliveredWrong, value: 0, se: 0 };
    }
    const chart = deliveryChart([checked(perfect)]);
    const axis = wrongAxis(chart.spec);
    expect(axis).toContain('"domain":[0,0.01]');
    expect(axis).toContain('"values":[0,0.005,0.01]');
    expect(axis).toContain('"format":".1%"');
    expect(chart.caption).toContain('Coverage equals delivered correct at every k');
  });

  it('an imperfect verifier: coverage above delivered correct, no such sentence', () => {
    const chart = deliveryChart([chartFixture('simulate-refund', 'passk.simulate')]);
    expect(chart.caption).not.toContain('Coverage equals');
  });
});
