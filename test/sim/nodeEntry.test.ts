import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveScenario, simulatePartial } from '@passk/sim';
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
    // Long enough (≈ 1 s on one core) that the runner starts its workers.
    const scenario = resolveScenario({
      seed: 5,
      tasks: { count: 300, successRate: { dist: 'beta', mean: 0.4, concentration: 2 } },
      attempts: { correlation: { model: 'exchangeable', icc: 0.2 } },
      verifier: { falseAccept: 0.05, falseReject: 0.1 },
      policy: { maxAttempts: 8 },
      run: { replicates: 4096 },
    });
    const threaded = await runSimulation(scenario, { workers: 3 });
    expect(JSON.stringify(threaded)).toBe(JSON.stringify(simulatePartial(scenario)));
    const stop = new StopSignal();
    stop.stop();
    const stopped = await runSimulation(scenario, { workers: 3, stop });
    expect(stopped.done).toBeLessThan(scenario.run.replicates);
    expect(stopped.stopped).toBe(true);
  });
});
