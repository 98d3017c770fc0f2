import type { ScenarioInput } from '../../../packages/sim/src/index.js';

/**
 * The scenario simulated in the page and in Node (simulateCsp.test.ts): a perfect verifier
 * (falseAccept = falseReject = 0) takes the PerfectVerifierRunner path, and maxAttempts 4 gives
 * C = 8 outcome classes, a power of two: the packed alias kernel, WebAssembly where it may run.
 */
export const CSP_SCENARIO: ScenarioInput = {
  seed: 7,
  tasks: { count: 40, successRate: { dist: 'beta', mean: 0.5, concentration: 2 } },
  verifier: { falseAccept: 0, falseReject: 0 },
  policy: { maxAttempts: 4 },
  run: { replicates: 256 },
};

/** What the page script leaves in `window.passkResult` (and, once set, "done" in #status). */
export interface PageResult {
  /** Whether this page may compile WebAssembly: "allowed", or the error compiling an empty module threw. */
  readonly wasm: string;
  /** JSON.stringify(simulate(resolveScenario(CSP_SCENARIO))), or null when it threw. */
  readonly summary: string | null;
  /** What simulate threw ("CompileError: …"), or null. */
  readonly error: string | null;
}
