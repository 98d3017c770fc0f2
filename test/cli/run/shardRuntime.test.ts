import { describe, expect, it } from 'vitest';
import {
  arithmeticDifference,
  arithmeticFingerprint,
  currentRuntime,
  describeRuntime,
  runtimeName,
  type ArithmeticFunctions,
} from '../../../packages/cli/src/run/shardRuntime.js';

// The runtime record of a shard file. Which runtimes share a fingerprint was measured by running
// the probe on Node 20.20.2, 22.23.3, 24.21.0, 26.10.0, Bun 1.4.4 and Deno 2.9.6 (README "Running on a
// cluster"); test/pack/scaleOut.test.ts checks it on Node 22 and 24 from the registry. Here: the
// probe changes the entry of a function that is off by one ulp on a few inputs in 10⁴, and only it.

/** The double after x (x > 0 finite): one ulp up. */
function nextUp(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + 1n);
  return view.getFloat64(0);
}

/** Math with `name` one ulp off on every `every`-th call whose result is a positive finite double. */
function perturbed(name: keyof ArithmeticFunctions, every: number): ArithmeticFunctions {
  let calls = 0;
  const original = Math[name] as (...args: number[]) => number;
  const wrapped = (...args: number[]) => {
    const result = original(...args);
    return ++calls % every === 0 && result > 0 && Number.isFinite(result) ? nextUp(result) : result;
  };
  return { exp: Math.exp, log: Math.log, log1p: Math.log1p, expm1: Math.expm1, pow: Math.pow, log2: Math.log2, hypot: Math.hypot, [name]: wrapped };
}

describe('arithmeticFingerprint', () => {
  const ours = arithmeticFingerprint();

  it('a 16-hex-digit hash per function, the same every time', () => {
    expect(Object.keys(ours)).toEqual(['exp', 'log', 'log1p', 'expm1', 'pow', 'log2', 'hypot']);
    for (const hash of Object.values(ours)) expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(arithmeticFingerprint(Math)).toEqual(ours);
    expect(currentRuntime().arithmetic).toEqual(ours);
  });

  it.each([
    ['pow', 10], // Node 24 against Node 20: one ulp on ≈ 10 % of inputs
    ['exp', 1000], // Bun against Deno: ≈ 0.08 %
    ['log1p', 1000],
    ['hypot', 5000],
  ] as const)('Math.%s one ulp off on one call in %i: that entry changes, no other', (name, every) => {
    const other = arithmeticFingerprint(perturbed(name, every));
    expect(arithmeticDifference(other, ours)).toEqual([name]);
  });
});

describe('the runtime record', () => {
  it('names Node, Bun and Deno from process.versions (Bun runs JavaScriptCore, whatever its v8 key says)', () => {
    expect(runtimeName({ node: '20.19.0', v8: '11.3.244.8-node.38' })).toEqual({ name: 'node', version: '20.19.0', engine: 'V8 11.3.244.8-node.38' });
    expect(runtimeName({ node: '26.3.0', v8: '14.6.202.34-node.20', bun: '1.4.4', webkit: 'd6375c72affe0f70222cdcb45012b10f0bf3a9d5' })).toEqual({
      name: 'bun',
      version: '1.4.4',
      engine: 'JavaScriptCore, WebKit d6375c72affe',
    });
    expect(runtimeName({ node: '26.3.0', v8: '15.0.245.2-rusty', deno: '2.9.6' })).toEqual({ name: 'deno', version: '2.9.6', engine: 'V8 15.0.245.2-rusty' });
    expect(currentRuntime()).toMatchObject({ name: 'node', version: process.versions.node, engine: `V8 ${process.versions.v8}` });
  });

  it('describes a runtime in a few words', () => {
    expect(describeRuntime({ name: 'node', version: '24.21.0', engine: 'V8 13.6.233.17-node.53' })).toBe('Node 24.21.0 (V8 13.6.233.17-node.53)');
    expect(describeRuntime({ name: 'bun', version: '1.4.4', engine: 'JavaScriptCore, WebKit d6375c72affe' })).toBe(
      'Bun 1.4.4 (JavaScriptCore, WebKit d6375c72affe)',
    );
  });

  it('arithmeticDifference lists the differing functions in probe order, keys only one side has included', () => {
    expect(arithmeticDifference({ exp: 'a', pow: 'b' }, { exp: 'a', pow: 'b' })).toEqual([]);
    expect(arithmeticDifference({ pow: 'b', exp: 'x' }, { exp: 'a', pow: 'c' })).toEqual(['exp', 'pow']);
    expect(arithmeticDifference({ exp: 'a', sin: 's' }, { exp: 'a' })).toEqual(['sin']);
  });
});
