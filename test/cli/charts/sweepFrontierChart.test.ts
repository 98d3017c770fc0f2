// sweep-frontier: every grid point's cost and delivery with ±1.96 SE, the frontier and the best
// point as the sweep found them, the limits. Goldens and compile checks: chartSpecs.test.ts.
import { describe, expect, it } from 'vitest';
import { sweepFrontierChart } from '../../../packages/cli/src/charts/sweepFrontierChart.js';
import { chartFixture, checked, type Fixture } from './chartFixture.js';

const loadResult = (name: string) => chartFixture(name, 'passk.sweep');

/** All inline data rows of a (possibly nested) layered spec; layers that share rows repeat them. */
function dataRows(spec: any): any[] {
  return [...(spec.data?.values ?? []), ...(spec.layer ?? []).flatMap((layer: any) => dataRows(layer))];
}

const refund = loadResult('sweep-refund');
const constrained = loadResult('sweep-constrained');
const gridPoints = (result: Fixture<'passk.sweep'>): any[] =>
  dataRows(sweepFrontierChart(result).spec).filter((row) => row.index !== undefined && row.heading === undefined);
/** The best point's label rows (drawn by several layers: leader, ring, text and its outline), once. */
const bestLabels = (spec: object): any[] => [
  ...new Map(
    dataRows(spec)
      .filter((row) => row.heading !== undefined)
      .map((row) => [row.index, row]),
  ).values(),
];

describe('sweep-frontier', () => {
  it("one point per grid point with the outcome's cost and delivered-correct rate, bars ±1.96 SE", () => {
    const points = gridPoints(refund);
    expect(points).toHaveLength(refund.points.length);
    points.forEach((point, i) => {
      const outcome = refund.points[i].outcome;
      expect([point.cost, point.deliveredCorrect, point.deliveredWrong]).toEqual([
        outcome.cost.value,
        outcome.deliveredCorrect.value,
        outcome.deliveredWrong.value,
      ]);
      expect(point.correctLower).toBeCloseTo(outcome.deliveredCorrect.value! - 1.96 * outcome.deliveredCorrect.se!, 12);
      expect(point.correctUpper).toBeCloseTo(outcome.deliveredCorrect.value! + 1.96 * outcome.deliveredCorrect.se!, 12);
      expect(point.costUpper).toBeCloseTo(outcome.cost.value! + 1.96 * outcome.cost.se!, 12);
    });
    expect(points[3]).toMatchObject({ varied0: '2', varied1: '0.2', setting: 'maxAttempts = 2, falseReject = 0.2' });
  });

  it('the frontier is the sweep’s, and no other point beats a frontier point on both cost and delivery (brute force)', () => {
    const points = gridPoints(refund);
    expect(points.filter((p) => p.frontier).map((p) => p.index)).toEqual(refund.frontier);
    for (const a of points) {
      const dominated = points.some(
        (b) => b.cost <= a.cost && b.deliveredCorrect >= a.deliveredCorrect && (b.cost < a.cost || b.deliveredCorrect > a.deliveredCorrect),
      );
      expect(a.frontier).toBe(!dominated);
    }
  });

  it('no limits: the ringed point is the most delivered correct (maxAttempts = 4, falseReject = 0.05)', () => {
    const chart = sweepFrontierChart(refund);
    const labels = bestLabels(chart.spec);
    expect(labels.map((row) => row.index)).toEqual([refund.best]);
    const most = Math.max(...refund.points.map((p: any) => p.outcome.deliveredCorrect.value));
    expect(labels[0].deliveredCorrect).toBe(most);
    expect(labels[0]).toMatchObject({ heading: 'most delivered correct:', setting: 'maxAttempts = 4, falseReject = 0.05' });
    expect(chart.caption).toContain('Ringed, the most delivered correct: maxAttempts = 4, falseReject = 0.05: 92.1% delivered correct');
    expect(dataRows(chart.spec).some((row) => row.maxCost !== undefined)).toBe(false);
  });

  it('limits: the cost rule at 0.07, points failing either limit faint, the best under both ringed; the wrong-delivery limit in the caption', () => {
    const chart = sweepFrontierChart(constrained);
    const rows = dataRows(chart.spec);
    expect(rows.filter((row) => row.maxCost !== undefined).map((row) => row.maxCost)).toEqual([0.07, 0.07]);
    for (const point of gridPoints(constrained)) {
      const outcome = constrained.points[point.index].outcome;
      expect(point.meets).toBe(outcome.cost.value! <= 0.07 && outcome.deliveredWrong.value! <= 0.02);
    }
    const best = bestLabels(chart.spec);
    expect(best.map((row) => row.index)).toEqual([constrained.best]);
    expect(best[0]).toMatchObject({ heading: 'best under the limits:', setting: 'maxAttempts = 2, falseReject = 0.05' });
    // maxAttempts = 3, falseReject = 0.05 costs less than 0.07 but delivers 2.4 % wrong: faint and grey, not best, and not
    // on the frontier drawn (the document's frontier, over all points, has it): the frontier is among the points that meet the limits (#45).
    expect(constrained.frontier).toContain(4);
    expect(gridPoints(constrained)[4]).toMatchObject({ meets: false, frontier: false });
    // By brute force: a point is on the drawn frontier iff it meets the limits and no other point meeting them costs no more and delivers no less (one strictly).
    const points = gridPoints(constrained);
    for (const point of points) {
      const beaten = points.some(
        (o: any) =>
          o.meets &&
          o.cost <= point.cost &&
          o.deliveredCorrect >= point.deliveredCorrect &&
          (o.cost < point.cost || o.deliveredCorrect > point.deliveredCorrect),
      );
      expect(point.frontier, `point ${point.index}`).toBe(point.meets && !beaten);
    }
    expect(chart.caption).toContain('cost ≤ 0.07 (red line) and wrong delivery ≤ 2% (not on these axes)');
    expect(chart.caption).toContain('Grey points fail a limit and are never on the frontier.');
  });

  it('colour for the path with the most values, shape for the next; legends titled with the paths', () => {
    const layers = (sweepFrontierChart(refund).spec as any).layer;
    const points = layers.find((layer: any) => layer.layer !== undefined).layer.find((layer: any) => layer.mark.type === 'point');
    expect(points.encoding.color).toMatchObject({ field: 'varied0', title: 'policy.maxAttempts', scale: { domain: ['1', '2', '3', '4'] } });
    expect(points.encoding.shape).toMatchObject({
      field: 'varied1',
      title: 'verifier.falseReject',
      scale: { domain: ['0.05', '0.2'], range: ['circle', 'square'] },
    });
  });

  it('one path with eight values: a sequential colour scale and no shapes', () => {
    const layers = (sweepFrontierChart(loadResult('sweep-one-axis')).spec as any).layer;
    const points = layers.find((layer: any) => layer.layer !== undefined).layer.find((layer: any) => layer.mark.type === 'point');
    expect(points.encoding.color).toMatchObject({ field: 'varied0', type: 'ordinal', scale: { scheme: 'viridis' } });
    expect(points.encoding.shape).toBeUndefined();
  });

  it('no point meets the limits: nothing ringed, and the caption says so', () => {
    const none = { ...constrained, constraints: { maxCost: 0.01, maxWrongDelivery: null }, best: null };
    const chart = sweepFrontierChart(checked(none));
    expect(dataRows(chart.spec).some((row) => row.heading !== undefined)).toBe(false);
    expect(chart.caption).toContain('No setting meets cost ≤ 0.01 (red line).');
  });

  it('no point with a cost estimate: one InputError', () => {
    // The schema wants one point at least: here every point lacks a cost estimate (no episode at it).
    const empty = structuredClone(refund);
    for (const point of empty.points) point.outcome.cost.value = null;
    Object.assign(empty, { frontier: [], best: null });
    expect(() => sweepFrontierChart(checked(empty))).toThrow('--from: must have a grid point with a cost and a delivered-correct estimate at points');
  });

  it('a point without a cost estimate is left out', () => {
    const gap = structuredClone(refund);
    gap.points[1].outcome.cost.value = null;
    expect(gridPoints(gap).map((point) => point.index)).toEqual([0, 2, 3, 4, 5, 6, 7]);
  });
});
