import { join } from 'node:path';
import { shardWork, type PartialResult, type Scenario } from '@passk/sim/internal';
import type { CliIo } from '../io/cliIo.js';
import { writeFileAtomic } from '../io/writeFileAtomic.js';
import { Interrupted } from './interrupted.js';
import { progressReporter } from './progressReporter.js';
import { runSimulation, type StopSignal } from '@passk/sim/node';
import type { ShardSpec } from './schedulerShard.js';
import { shardFileName, type ShardFile } from './shardFile.js';
import { withChecksum } from './shardChecksum.js';

export interface ShardRunResult {
  /** One partial per piece of shardWork, in piece order (item = index into `scenarios`). */
  readonly pieces: ReadonlyArray<{ readonly item: number; readonly start: number; readonly end: number; readonly partial: PartialResult }>;
  /** Episodes simulated (replicates done × tasks, over all pieces) and planned. */
  readonly episodes: number;
  readonly plannedEpisodes: number;
  readonly seconds: number;
}

/**
 * Simulates shard `shard` of the work of `scenarios` (one for simulate, one per grid point for a
 * sweep): the pieces of shardWork, each through runSimulation. Progress counts episodes under the
 * label "shard i/N", so the log of each array task shows how far its shard is.
 */
export async function runShard(
  scenarios: readonly Scenario[],
  shard: ShardSpec,
  options: { readonly workers: number; readonly stop: StopSignal; readonly progress: boolean },
  io: CliIo,
): Promise<ShardRunResult> {
  const work = shardWork(
    scenarios.map((scenario) => scenario.run.replicates),
    shard.index,
    shard.count,
  );
  const plannedEpisodes = work.reduce((sum, piece) => sum + (piece.end - piece.start) * scenarios[piece.item]!.tasks.count, 0);
  const progress = options.progress ? progressReporter(io, `shard ${shard.index}/${shard.count}`, 'episodes') : null;
  const began = performance.now();
  const pieces: Array<ShardRunResult['pieces'][number]> = [];
  let episodes = 0;
  try {
    progress?.update(0, plannedEpisodes);
    for (const piece of work) {
      if (options.stop.stopped) break;
      const tasks = scenarios[piece.item]!.tasks.count;
      const before = episodes;
      const partial = await runSimulation(scenarios[piece.item]!, {
        workers: options.workers,
        range: { start: piece.start, end: piece.end },
        stop: options.stop,
        onProgress: progress ? (done) => progress.update(before + done * tasks, plannedEpisodes) : undefined,
      });
      episodes += partial.done * tasks;
      pieces.push({ ...piece, partial });
    }
  } finally {
    progress?.finish();
  }
  return { pieces, episodes, plannedEpisodes, seconds: Math.round(performance.now() - began) / 1000 };
}

/**
 * A shard file into `out` (shardFileName, written atomically) with one line on stderr saying what it
 * holds, or on stdout without --out.
 */
export async function emitShard(document: ShardFile, out: string | undefined, io: CliIo): Promise<void> {
  const text = `${JSON.stringify(withChecksum(document))}\n`;
  if (out === undefined) {
    io.stdout(text);
    return;
  }
  const path = join(out, shardFileName(document.shard));
  await writeFileAtomic(path, text);
  const { index, count } = document.shard;
  io.stderr(`passk: wrote ${path} (shard ${index}/${count}: ${document.episodes} episodes in ${document.seconds.toFixed(2)} s)\n`);
}

/** After a stopped shard's file is written: one line saying how much it covers, then Interrupted (exit 130). */
export function endIfStopped(run: ShardRunResult, stop: StopSignal, io: CliIo): void {
  if (!stop.stopped) return;
  io.stderr(`passk: interrupted: the shard covers ${run.episodes} of ${run.plannedEpisodes} episodes and is marked partial\n`);
  throw new Interrupted();
}
