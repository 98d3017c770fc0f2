import { createHash } from 'node:crypto';

/**
 * The JavaScript runtime that computed a shard, recorded in the shard file: `passk merge` refuses
 * to merge shards whose `arithmetic` differs, naming both runtimes.
 */
export interface ShardRuntime {
  /** node, bun or deno. */
  readonly name: string;
  /** Its version, without a leading v (20.19.0). */
  readonly version: string;
  /** Its JavaScript engine: `V8 11.3.244.8-node.38`, or `JavaScriptCore, WebKit d6375c72affe` for Bun. */
  readonly engine: string;
  /** arithmeticFingerprint(): per function, a hash of its results on fixed inputs. */
  readonly arithmetic: Readonly<Record<string, string>>;
}

/**
 * The Math functions whose results the engine's numbers depend on and that IEEE 754 leaves to the
 * implementation (sqrt, floor, imul, … are exact everywhere), each with the ranges of inputs it is
 * probed on: the ranges the engine uses and the whole range of doubles (`wide`), since an
 * implementation may differ on some ranges only (Bun's and Deno's log2 agree on (0, 10⁶) and differ on (0, 1)).
 * Measured (issue #37; README "Running on a cluster"): Node 20 and 22 agree on all of them;
 * Node 24 and 26 differ from them in Math.pow and ** only (one ulp on ≈ 10 % of inputs, e.g.
 * 2 ** (43/256): 1.1234755673330197 on Node 20, 1.12347556733302 on Node 24); Bun (JavaScriptCore,
 * the C library's functions) and Deno (V8 built with other functions) differ from Node and from
 * each other in exp, log, log1p, expm1 and log2 (exp on ≈ 0.08 % of inputs at the least), Bun in
 * pow and hypot too. These fingerprints group the six runtimes exactly so.
 */
/** One range of a probe: the function's result at the i-th pair (u, v) of doubles in (0, 1). */
type Probe = (math: ArithmeticFunctions, u: number, v: number, i: number) => number;

const PROBES: ReadonlyArray<readonly [string, readonly Probe[]]> = [
  ['exp', [(m, u) => m.exp(2 * u - 1), (m, u) => m.exp(80 * u - 40), (m, u) => m.exp(1455 * u - 745)]],
  ['log', [(m, u) => m.log(u), (m, u) => m.log(1e6 * u), (m, u, v) => m.log(wide(u, v))]],
  ['log1p', [(m, u) => m.log1p(2 * u - 1), (m, u) => m.log1p(1e6 * u), (m, u, v) => m.log1p(wide(u, v))]],
  ['expm1', [(m, u) => m.expm1(2 * u - 1), (m, u) => m.expm1(80 * u - 40), (m, u) => m.expm1(1455 * u - 745)]],
  [
    'pow',
    [
      // 2^{j/256} for j = 0..255 (in turn): the table of the engine's exponential (engine/tableExp.ts).
      (m, _u, _v, i) => m.pow(2, (i % 256) / 256),
      (m, u, v) => m.pow(u, 64 * v - 32),
      (m, u, v) => m.pow(4 * u, 2 + Math.floor(63 * v)),
      (m, u, v) => m.pow(wide(u, v), 2 * u - 1),
    ],
  ],
  ['log2', [(m, u) => m.log2(u), (m, u) => m.log2(1e6 * u), (m, u, v) => m.log2(wide(u, v))]],
  ['hypot', [(m, u, v) => m.hypot(8 * u - 4, 8 * v - 4), (m, u, v) => m.hypot(wide(u, v), wide(v, u))]],
];

/** 2^k for k = −1074..1023, by doubling and halving (exact everywhere). */
const POWERS_OF_TWO: Float64Array = (() => {
  const powers = new Float64Array(2098);
  powers[1074] = 1;
  for (let k = 1; k <= 1023; k++) powers[1074 + k] = 2 * powers[1073 + k]!;
  for (let k = 1; k <= 1074; k++) powers[1074 - k] = powers[1075 - k]! / 2;
  return powers;
})();

/** A positive double anywhere from the subnormals to 2^1024: (1 + u)·2^k with k uniform in −1074..1023. */
function wide(u: number, v: number): number {
  return (1 + u) * POWERS_OF_TWO[Math.floor(v * 2098)]!;
}

/** Results of one function's probes (`probes` of PROBE_INPUTS values each), as little-endian doubles. */
class Results {
  private readonly bytes: DataView;
  private length = 0;
  constructor(probes: number) {
    this.bytes = new DataView(new ArrayBuffer(8 * probes * PROBE_INPUTS));
  }
  push(value: number): void {
    this.bytes.setFloat64(8 * this.length++, value, true);
  }
  /** The first 16 hex digits of their SHA-256. */
  hash(): string {
    return createHash('sha256')
      .update(new Uint8Array(this.bytes.buffer, 0, 8 * this.length))
      .digest('hex')
      .slice(0, 16);
  }
}

/** The functions probed (Math, or a stand-in in tests). */
export type ArithmeticFunctions = Pick<Math, 'exp' | 'log' | 'log1p' | 'expm1' | 'pow' | 'log2' | 'hypot'>;

/** Inputs per probe: a function that differs on 0.1 % of its inputs is caught with probability 1 − 10⁻⁷ (0.999^16384). */
const PROBE_INPUTS = 16_384;

/**
 * f over PROBE_INPUTS pairs (u, v) of doubles in (0, 1), the same on every runtime: (n + ½)/2³²
 * for 32-bit n of a xorshift32 generator (integer operations only, exact everywhere); i counts them.
 */
function probe(out: Results, f: (u: number, v: number, i: number) => number): void {
  let state = 0x9e3779b9 | 0;
  for (let i = 0; i < PROBE_INPUTS; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const u = ((state >>> 0) + 0.5) / 4294967296;
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out.push(f(u, ((state >>> 0) + 0.5) / 4294967296, i));
  }
}

/**
 * The arithmetic fingerprint of a runtime: for each function of PROBES, the first 16 hex digits of
 * the SHA-256 of its results (little-endian doubles) on fixed inputs. Two runtimes with the same
 * fingerprint compute these functions alike on every input probed, so a shard's numbers (which
 * depend on nothing else that may differ) are the same on both; a function that differs on more
 * than a few inputs in 10⁴ changes its entry. 30 to 70 ms, once per shard.
 * Example: with Math.pow replaced by a version one ulp off on some inputs, only `pow` changes (tested).
 */
export function arithmeticFingerprint(math: ArithmeticFunctions = Math): Record<string, string> {
  const fingerprint: Record<string, string> = {};
  for (const [name, ranges] of PROBES) {
    const results = new Results(ranges.length);
    for (const f of ranges) probe(results, (u, v, i) => f(math, u, v, i));
    fingerprint[name] = results.hash();
  }
  return fingerprint;
}

let current: ShardRuntime | undefined;

/** This process's runtime (computed once). */
export function currentRuntime(): ShardRuntime {
  current ??= { ...runtimeName(process.versions as Readonly<Record<string, string | undefined>>), arithmetic: arithmeticFingerprint() };
  return current;
}

/** Name, version and engine from process.versions (Bun and Deno fill it in too, with their own keys). */
export function runtimeName(versions: Readonly<Record<string, string | undefined>>): Omit<ShardRuntime, 'arithmetic'> {
  // Bun reports a v8 version for compatibility, but runs JavaScriptCore.
  if (versions.bun) return { name: 'bun', version: versions.bun, engine: `JavaScriptCore, WebKit ${(versions.webkit ?? 'unknown').slice(0, 12)}` };
  if (versions.deno) return { name: 'deno', version: versions.deno, engine: `V8 ${versions.v8 ?? 'unknown'}` };
  return { name: 'node', version: versions.node ?? 'unknown', engine: `V8 ${versions.v8 ?? 'unknown'}` };
}

const DISPLAY: Readonly<Record<string, string>> = { node: 'Node', bun: 'Bun', deno: 'Deno' };

/** `Node 20.19.0 (V8 11.3.244.8-node.38)`. */
export function describeRuntime(runtime: Omit<ShardRuntime, 'arithmetic'>): string {
  return `${DISPLAY[runtime.name] ?? runtime.name} ${runtime.version} (${runtime.engine})`;
}

/** The functions whose fingerprints differ (in PROBES order, then any other key), or [] when the same. */
export function arithmeticDifference(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): string[] {
  const names = [...new Set([...PROBES.map(([name]) => name), ...Object.keys(a), ...Object.keys(b)])];
  return names.filter((name) => a[name] !== b[name]);
}
