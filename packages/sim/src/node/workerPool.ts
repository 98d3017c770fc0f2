import { Worker } from 'node:worker_threads';
import { requireInteger } from '../checks.js';

/** Most threads a run or the pool may ask for (as `passk simulate --workers`): each holds ~10 MB and takes 25–60 ms to start. */
export const MAX_WORKERS = 256;

/**
 * The process's simulate worker threads, kept between runs. A worker takes ≈ 25–60 ms to boot
 * (load the engine) and its code runs unoptimised at first; a pooled one that simulated before
 * starts on a full chunk at once. So a sweep of many points, a shard of many pieces or a program
 * that simulates repeatedly pays the start-up once, and short runs (too short to be worth a new
 * thread) can still use threads that already exist. Idle workers are unref'ed: they never keep
 * the process alive, and Node ends them when it exits.
 */
export interface PooledWorker {
  readonly thread: Worker;
  /** Resolves when the worker has booted (its `ready` message); rejects if it fails first. */
  readonly ready: Promise<void>;
  /** Whether it has booted (`ready` resolved). */
  booted: boolean;
  /** Whether the worker simulated in an earlier run (its engine code is optimised by now). */
  warm: boolean;
  /** Set once the worker failed or exited: it never returns to the pool. */
  dead: boolean;
}

const idle: PooledWorker[] = [];

function startWorker(): PooledWorker {
  const thread = new Worker(new URL('./simulateWorker.js', import.meta.url));
  let markReady = () => {};
  let markFailed: (error: unknown) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  // A run may never wait on `ready` (it failed first): the rejection is handled there or not at all.
  ready.catch(() => undefined);
  const worker: PooledWorker = { thread, ready, booted: false, warm: false, dead: false };
  const onBoot = (message: { type: string }) => {
    if (message.type !== 'ready') return;
    thread.off('message', onBoot);
    worker.booted = true;
    markReady();
  };
  thread.on('message', onBoot);
  const drop = (error: unknown) => {
    worker.dead = true;
    markFailed(error);
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  };
  thread.on('error', drop);
  thread.on('exit', (code) => drop(new Error(`a simulate worker exited (code ${code})`)));
  return worker;
}

/**
 * Up to `count` workers for one run: booted idle ones from the pool first; when `startNew`, idle
 * ones still booting and new ones for the rest. Each is the caller's until `releaseWorker`.
 */
export function acquireWorkers(count: number, startNew: boolean): PooledWorker[] {
  const taken: PooledWorker[] = [];
  for (const booted of [true, false]) {
    if (!booted && !startNew) break;
    for (let i = 0; i < idle.length && taken.length < count; ) {
      if (idle[i]!.booted === booted) taken.push(...idle.splice(i, 1));
      else i++;
    }
  }
  while (startNew && taken.length < count) taken.push(startWorker());
  for (const worker of taken) worker.thread.ref();
  return taken;
}

/** Worker threads the pool holds now, booted and idle: a run can use them at no start-up cost. */
export function idleSimulationWorkers(): number {
  return idle.filter((worker) => worker.booted).length;
}

/** Back to the pool after a run (the worker has been sent its `end` message); a dead worker is dropped. */
export function releaseWorker(worker: PooledWorker): void {
  if (worker.dead) return;
  worker.thread.unref();
  idle.push(worker);
}

/**
 * Starts simulate worker threads until the pool holds `count`, and resolves when all have booted,
 * so that later `runSimulation` calls with `workers` > 1 start at full speed (as a program imports
 * its libraries before its first computation). Optional: `runSimulation` starts workers itself for
 * long runs.
 */
export async function startSimulationWorkers(count: number): Promise<void> {
  requireInteger('count', count, 0, MAX_WORKERS);
  const started = Array.from({ length: Math.max(0, count - idle.length) }, startWorker);
  try {
    await Promise.all(started.map((worker) => worker.ready));
  } finally {
    for (const worker of started) releaseWorker(worker);
  }
}

/** Ends the pool's idle workers (they hold ~10 MB each); resolves when they have exited. */
export async function closeSimulationWorkers(): Promise<void> {
  const closing = idle.splice(0, idle.length);
  await Promise.all(closing.map((worker) => worker.thread.terminate()));
}
