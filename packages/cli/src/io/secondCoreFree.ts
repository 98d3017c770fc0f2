import { availableParallelism, cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long the machine is looked at before a large file is split between two threads. */
const LOOK_MS = 25;

/**
 * Whether a second thread would have a core to itself: over a short look (25 ms, while this
 * thread waits) at least 1.5 cores' worth of CPU time was idle, i.e. one core for this thread and
 * most of another for the worker. Measured on the 10 M-row file (`passk estimate`, end to end): two
 * threads 0.67–0.77 s against one 0.80–0.90 s on the idle 2-core machine, but 1.1–1.8 s against
 * 0.64–0.79 s when the other core was busy. Only the time depends on it: the counts are the same
 * either way (test/cli/io/readTaskCounts.split.test.ts).
 */
export async function secondCoreFree(): Promise<boolean> {
  const cores = availableParallelism();
  if (cores < 2) return false;
  const before = cpuTimes();
  await sleep(LOOK_MS);
  const after = cpuTimes();
  const total = after.total - before.total;
  return total > 0 && ((after.idle - before.idle) / total) * cores >= 1.5;
}

function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}
