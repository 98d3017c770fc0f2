import { describe, expect, it } from 'vitest';
import { mergePartials } from '../../../packages/sim/src/engine/mergePartials.js';
import { simulatePartial } from '../../../packages/sim/src/engine/simulatePartial.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { scenarioOf } from './engineChecks.js';

const scenario = scenarioOf([0.3, 0.8], { attempts: { cost: { perAttempt: { dist: 'lognormal', median: 1, sigma: 1 } } } }, 300);
const part = (start: number, end: number) => simulatePartial(scenario, { replicates: { start, end } });

describe('mergePartials', () => {
  it('is independent of the order of the parts and records the covered ranges', () => {
    const [a, b, c] = [part(0, 64), part(64, 192), part(256, 300)];
    const merged = mergePartials([a, b, c]);
    expect(mergePartials([c, a, b])).toEqual(merged);
    expect(merged.ranges).toEqual([
      { start: 0, end: 192 },
      { start: 256, end: 300 },
    ]);
    expect(merged.done).toBe(236);
    expect(merged.stopped).toBe(false);
  });

  it('refuses parts of another scenario, overlapping parts, and an empty list', () => {
    const other = simulatePartial(scenarioOf([0.3, 0.8], { seed: 99 }, 300), { replicates: { start: 0, end: 64 } });
    expect(() => mergePartials([part(0, 64), other])).toThrow(InputError);
    expect(() => mergePartials([part(0, 64), other])).toThrow(/parts\[1\]\.fingerprint: must equal that of parts\[0\]/);
    expect(() => mergePartials([part(0, 128), part(64, 192)])).toThrow(/must cover disjoint replicates/);
    expect(() => mergePartials([])).toThrow(InputError);
    expect(() => mergePartials([{ ...part(0, 64), format: 'other' as 'passk-partial/3' }])).toThrow(/format/);
  });

  it('refuses nodes whose sums have the wrong length (a corrupted shard file)', () => {
    const broken = JSON.parse(JSON.stringify(part(0, 64)));
    broken.nodes[0].sums.pop();
    expect(() => mergePartials([broken])).toThrow(/sums: must be a list of 190 numbers/);
  });
});
