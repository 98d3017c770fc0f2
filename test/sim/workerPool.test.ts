import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveScenario, simulatePartial } from '@passk/sim/internal';
import { closeSimulationWorkers, idleSimulationWorkers, runSimulation, startSimulationWorkers, StopSignal } from '@passk/sim/node';

// The process's pool of simulate worker threads (packages/sim/src/node/workerPool.ts): kept between
// runs, used by short runs once booted, never keeping the process alive. Expected bytes: the
// single-thread engine (simulatePartial), which the threads must reproduce exactly.
const base = {
  tasks: { count: 500, successRate: { dist: 'beta', mean: 0.5, concentration: 2 } },
  verifier: { falseAccept: 0.05, falseReject: 0.1 },
  run: { replicates: 6400 }, // each estimated at 15–300 ms of work (estimatedWorkMs): worth the pool's threads, not new ones
};
const scenarios = [
  resolveScenario({ ...base, seed: 1, policy: { maxAttempts: 6 } }),
  resolveScenario({ ...base, seed: 2, verifier: { falseAccept: 0, falseReject: 0 }, policy: { maxAttempts: 8 } }),
  resolveScenario({
    ...base,
    seed: 3,
    attempts: { correlation: { model: 'markov', stickiness: 0.5 }, cost: { perAttempt: { dist: 'lognormal', median: 0.02, sigma: 0.5 } } },
    policy: { maxAttempts: 6, budget: { cost: 0.07 } },
  }),
];
/** Each scenario's expected bytes, computed once on this thread and shared by the runs and tests that compare with them. */
const expectedBytes = new Map<(typeof scenarios)[number], string>();
const expected = (scenario: (typeof scenarios)[number]) =>
  expectedBytes.get(scenario) ?? expectedBytes.set(scenario, JSON.stringify(simulatePartial(scenario))).get(scenario)!;

afterAll(() => closeSimulationWorkers());

describe('the pool of simulate worker threads', () => {
  it('starts, is reused run after run (also by runs too short to start a thread) and closes', async () => {
    await closeSimulationWorkers();
    expect(idleSimulationWorkers()).toBe(0);
    await startSimulationWorkers(2);
    expect(idleSimulationWorkers()).toBe(2);
    await startSimulationWorkers(1); // already there: nothing new
    expect(idleSimulationWorkers()).toBe(2);
    for (const scenario of scenarios) {
      // Runs of different scenarios one after the other on the same threads: no tables or state carried over.
      let idleDuring = Number.POSITIVE_INFINITY;
      let reported = 0;
      const onProgress = (done: number) => {
        idleDuring = Math.min(idleDuring, idleSimulationWorkers());
        reported = done;
      };
      expect(JSON.stringify(await runSimulation(scenario, { workers: 3, onProgress }))).toBe(expected(scenario));
      expect(idleDuring).toBe(0); // both pooled threads were taken for the run
      expect(reported).toBe(scenario.run.replicates); // the workers' throttled progress adds up to every replicate
      expect(idleSimulationWorkers()).toBe(2);
    }
    await closeSimulationWorkers();
    expect(idleSimulationWorkers()).toBe(0);
  });

  it('a stopped run returns its workers, and the next run on them is complete and exact', async () => {
    await closeSimulationWorkers();
    await startSimulationWorkers(1);
    const stop = new StopSignal();
    stop.stop();
    const stopped = await runSimulation(scenarios[0]!, { workers: 2, stop, workersWorthMs: 0 });
    expect(stopped.stopped).toBe(true);
    expect(idleSimulationWorkers()).toBe(1);
    expect(JSON.stringify(await runSimulation(scenarios[0]!, { workers: 2, workersWorthMs: 0 }))).toBe(expected(scenarios[0]!));
  });

  it('a long run starts the threads it lacks and keeps them; with one thread asked for, none is used', async () => {
    await closeSimulationWorkers();
    await runSimulation(scenarios[1]!, { workers: 3, workersWorthMs: 0 });
    expect(idleSimulationWorkers()).toBe(2);
    await closeSimulationWorkers();
    await runSimulation(scenarios[1]!, { workers: 1, workersWorthMs: 0 });
    expect(idleSimulationWorkers()).toBe(0);
  });

  it('idle pooled threads do not keep a process alive: it exits by itself after its runs', () => {
    const dist = new URL('../../packages/sim/dist/', import.meta.url);
    const script = `
      import { resolveScenario } from '${new URL('index.js', dist).href}';
      import { runSimulation, idleSimulationWorkers } from '${new URL('node/nodeEntry.js', dist).href}';
      const scenario = resolveScenario(${JSON.stringify({ ...base, seed: 4, policy: { maxAttempts: 6 } })});
      const partial = await runSimulation(scenario, { workers: 2, workersWorthMs: 0 });
      console.log(partial.done, idleSimulationWorkers());`;
    const file = join(mkdtempSync(join(tmpdir(), 'passk-pool-')), 'run.mjs');
    writeFileSync(file, script);
    // A hang would hit the timeout (an error here); a clean exit prints the replicates done and the idle workers.
    try {
      const out = execFileSync(process.execPath, [file], { timeout: 20_000, encoding: 'utf8' });
      expect(out.trim()).toBe('6400 1');
    } finally {
      rmSync(dirname(file), { recursive: true });
    }
  });
});
