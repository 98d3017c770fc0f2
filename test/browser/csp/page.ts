/// <reference lib="dom" />
// The page script of simulateCsp.test.ts, bundled with @passk/sim's source for the browser: it
// checks whether the page may compile WebAssembly, simulates CSP_SCENARIO and leaves both in
// window.passkResult. Served as a file of the page's own origin, as a strict policy allows.
import { resolveScenario, simulate } from '../../../packages/sim/src/internal.js';
import { CSP_SCENARIO, type PageResult } from './scenario.js';

/** The smallest WebAssembly module: the magic number and version 1. */
const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

const described = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

function wasmAllowed(): string {
  try {
    new WebAssembly.Module(EMPTY_MODULE);
    return 'allowed';
  } catch (error) {
    return described(error);
  }
}

function run(): PageResult {
  const wasm = wasmAllowed();
  try {
    return { wasm, summary: JSON.stringify(simulate(resolveScenario(CSP_SCENARIO))), error: null };
  } catch (error) {
    return { wasm, summary: null, error: described(error) };
  }
}

(window as unknown as { passkResult: PageResult }).passkResult = run();
document.getElementById('status')!.textContent = 'done';
