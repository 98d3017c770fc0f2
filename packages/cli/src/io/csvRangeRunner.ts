import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { countCsvRange, type CsvRangeResult, type CsvRangeTask } from './countCsvRange.js';

/** A part of a file being counted: its result, and a way to stop it when it is no longer wanted. */
export interface CsvRangeRun {
  readonly result: Promise<CsvRangeResult>;
  cancel(): void;
}

/**
 * Starts counting a part of a delimited file in a worker thread (the compiled csvRangeWorker.js
 * beside this module). Where that script is missing (running from TypeScript sources, as the tests
 * do) the part is counted on this thread instead: same result, no parallelism.
 */
export function startCsvRange(task: CsvRangeTask): CsvRangeRun {
  const script = new URL('./csvRangeWorker.js', import.meta.url);
  if (!existsSync(fileURLToPath(script))) {
    const result = countCsvRange(task);
    // The caller may stop waiting (an earlier row failed); never leave a rejection unhandled.
    result.catch(() => undefined);
    return { result, cancel: () => undefined };
  }
  // Loaded here, not at the top: only a split read needs it, and loading it cost about 1.5 ms of every start.
  const { Worker } = createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
  const worker = new Worker(script, { workerData: task });
  let settled = false;
  const result = new Promise<CsvRangeResult>((resolve, reject) => {
    worker.once('message', (message: CsvRangeResult) => {
      settled = true;
      resolve(message);
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`results reader thread stopped (exit code ${code})`));
    });
  });
  result.catch(() => undefined);
  return {
    result,
    cancel: () => {
      if (!settled) void worker.terminate();
    },
  };
}
