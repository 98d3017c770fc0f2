import { Worker } from 'node:worker_threads';
// The CLI's runner and workers as `passk simulate` runs them: from the build's bundle (packages/cli/bundle.mjs).
import { runSimulation } from '../packages/cli/dist/bundle/runSimulation.js';
import { StopSignal } from '../packages/cli/dist/bundle/stopSignal.js';
import { mergePartials, REPLICATES_PER_BLOCK, scenarioToInput, summarise } from '../packages/sim/dist/index.js';

/**
 * One engine run the way `passk simulate` does it: the CLI's runner with `workers` threads
 * (worker start-up included), then the summary. Timed: runSimulation + summarise.
 */
export async function timeEngine(scenario, workers) {
  const start = performance.now();
  const partial = await runSimulation(scenario, { workers, stop: new StopSignal() });
  const summary = summarise(scenario, partial);
  const seconds = (performance.now() - start) / 1000;
  if (!summary.complete) throw new Error(`bench: the engine stopped early (${summary.replicates.done} of ${summary.replicates.requested} replicates)`);
  return { seconds, summary };
}

/**
 * What worker threads cost before they simulate anything: start `workers` of the CLI's own
 * simulate workers (load the engine, resolve the scenario), send each the end message and wait
 * until all have exited. Seconds.
 */
export async function workerStartup(scenario, workers) {
  const url = new URL('../packages/cli/dist/bundle/simulateWorker.js', import.meta.url);
  const workerData = { scenario: scenarioToInput(scenario), stop: new StopSignal().buffer };
  const start = performance.now();
  await Promise.all(
    Array.from({ length: workers }, () => {
      const worker = new Worker(url, { workerData });
      worker.postMessage(null);
      return new Promise((resolve, reject) => {
        worker.on('error', reject);
        worker.on('exit', resolve);
      });
    }),
  );
  return (performance.now() - start) / 1000;
}

/**
 * The same work on a warm pool, for information: start `workers` of the CLI's simulate workers,
 * run the scenario on them once (discarded: loads the engine, builds its tables, warms the JIT),
 * then time a second run split into 8 block-aligned chunks per worker (runSimulation hands out guided chunks instead)
 * + merge + summarise. What a run would cost if worker start-up and warm-up were free.
 */
export async function timeWarmWorkers(scenario, workers) {
  const url = new URL('../packages/cli/dist/bundle/simulateWorker.js', import.meta.url);
  const workerData = { scenario: scenarioToInput(scenario), stop: new StopSignal().buffer };
  const pool = Array.from({ length: workers }, () => new Worker(url, { workerData }));
  const exits = pool.map((worker) => new Promise((resolve) => worker.on('exit', resolve)));
  const failure = new Promise((_, reject) => pool.forEach((worker) => worker.on('error', reject)));
  const request = (worker, range) =>
    new Promise((resolve) => {
      const onMessage = (message) => {
        if (message.type !== 'result') return;
        worker.off('message', onMessage);
        resolve(message.partial);
      };
      worker.on('message', onMessage);
      worker.postMessage(range);
    });
  const runOnce = async () => {
    const queue = chunkRange(scenario.run.replicates, workers * 8);
    const parts = [];
    const drain = async (worker) => {
      for (let chunk = queue.shift(); chunk; chunk = queue.shift()) parts.push(await request(worker, chunk));
    };
    await Promise.race([failure, Promise.all(pool.map(drain))]);
    return summarise(scenario, mergePartials(parts));
  };
  await runOnce();
  const start = performance.now();
  const summary = await runOnce();
  const seconds = (performance.now() - start) / 1000;
  pool.forEach((worker) => worker.postMessage(null));
  await Promise.all(exits);
  return { seconds, summary };
}

/** About `count` block-aligned ranges covering replicates 0..R in order. */
function chunkRange(R, count) {
  const blocks = Math.ceil(R / REPLICATES_PER_BLOCK);
  const perChunk = Math.max(1, Math.ceil(blocks / count));
  const chunks = [];
  for (let b = 0; b < blocks; b += perChunk) {
    chunks.push({ start: b * REPLICATES_PER_BLOCK, end: Math.min(R, (b + perChunk) * REPLICATES_PER_BLOCK) });
  }
  return chunks;
}
