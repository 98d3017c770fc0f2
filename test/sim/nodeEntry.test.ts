import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveScenario, simulatePartial } from '@passk/sim/internal';
import { runSimulation, StopSignal } from '@passk/sim/node';

const SRC = new URL('../../packages/sim/src/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('@passk/sim and @passk/sim/node', () => {
  it('only src/node/ imports Node modules (the main entry stays pure; its tsconfig has no Node types)', () => {
    const impure = sources(SRC)
      .filter((path) => !path.startsWith(join(SRC, 'node')))
      .filter((path) => /from '(node:|worker_threads|fs|path)/.test(readFileSync(path, 'utf8')))
      .map((path) => path.slice(SRC.length));
    expect(impure).toEqual([]);
  });

  it('runSimulation on three threads gives the single-thread engine result to the byte, and stops when asked', async () => {
    // Long enough (32 blocks, ≈ 0.5 s on one core) that the forced workers (workersWorthMs 0) boot while it runs.
    const scenario = resolveScenario({
      seed: 5,
      tasks: { count: 300, successRate: { dist: 'beta', mean: 0.4, concentration: 2 } },
      attempts: { correlation: { model: 'exchangeable', icc: 0.2 } },
      verifier: { falseAccept: 0.05, falseReject: 0.1 },
      policy: { maxAttempts: 8 },
      run: { replicates: 2048 },
    });
    const threaded = await runSimulation(scenario, { workers: 3, workersWorthMs: 0 });
    expect(JSON.stringify(threaded)).toBe(JSON.stringify(simulatePartial(scenario)));
    const stop = new StopSignal();
    stop.stop();
    const stopped = await runSimulation(scenario, { workers: 3, stop, workersWorthMs: 0 });
    expect(stopped.done).toBeLessThan(scenario.run.replicates);
    expect(stopped.stopped).toBe(true);
  });

  it('this thread simulates while the workers boot, from the same queue: the same bytes for 1 to 4 threads, any split', async () => {
    // Short runs (10 blocks, the last one partial; a sequential kernel with a cost budget, and two fast
    // paths): the workers are forced (workersWorthMs 0) and find most chunks already taken by this
    // thread, or none; with the default threshold no worker starts. Every way gives simulatePartial's result.
    const base = {
      seed: 11,
      tasks: { count: 40, successRate: { dist: 'beta', mean: 0.5, concentration: 2 } },
      verifier: { falseAccept: 0.05, falseReject: 0.1 },
      run: { replicates: 600 },
    };
    const scenarios = [
      resolveScenario({
        ...base,
        attempts: { correlation: { model: 'markov', stickiness: 0.5 }, cost: { perAttempt: { dist: 'lognormal', median: 0.02, sigma: 0.5 } } },
        policy: { maxAttempts: 6, budget: { cost: 0.07 } },
      }),
      resolveScenario({ ...base, policy: { maxAttempts: 6 } }),
      // The perfect-verifier path, whose workers get this thread's tables (as the independent-verifier one above).
      resolveScenario({ ...base, verifier: { falseAccept: 0, falseReject: 0 }, policy: { maxAttempts: 6 } }),
    ];
    for (const scenario of scenarios) {
      const expected = JSON.stringify(simulatePartial(scenario));
      for (const workers of [1, 2, 4]) {
        expect(JSON.stringify(await runSimulation(scenario, { workers, workersWorthMs: 0 }))).toBe(expected);
        expect(JSON.stringify(await runSimulation(scenario, { workers }))).toBe(expected);
      }
      // A range of whole blocks, as a shard runs it: the same as simulatePartial of that range.
      const range = { start: 128, end: 600 };
      expect(JSON.stringify(await runSimulation(scenario, { workers: 2, workersWorthMs: 0, range }))).toBe(
        JSON.stringify(simulatePartial(scenario, { replicates: range })),
      );
    }
  });
});
