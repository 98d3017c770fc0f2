import { describe, expect, it } from 'vitest';
import { KernelsByFeatures } from '../../../packages/sim/src/engine/kernelsByFeatures.js';

// The kernels' cache: one kernel per combination of features, made once (a second closure of the
// same kernel would lose V8's specialisation on its context). Expected values are the identities
// of the made kernels.
describe('KernelsByFeatures', () => {
  it('makes one kernel per combination and gives it back for the same features', () => {
    const kernels = new KernelsByFeatures<() => string>();
    const made: string[] = [];
    const make = ({ model, hard }: { model: number; hard: boolean }) => {
      made.push(`${model},${hard}`);
      return () => `${model}/${hard}`;
    };
    const a = kernels.get({ model: 2, hard: false }, make);
    const b = kernels.get({ model: 2, hard: true }, make);
    expect(kernels.get({ model: 2, hard: false }, make)).toBe(a);
    expect(kernels.get({ model: 2, hard: true }, make)).toBe(b);
    expect(a).not.toBe(b);
    expect([a(), b()]).toEqual(['2/false', '2/true']);
    expect(made).toEqual(['2,false', '2,true']);
  });
});
