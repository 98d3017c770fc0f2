import { InputError } from '@passk/sim/errors';
import { shardFromScheduler, type Environment, type ShardSpec } from './schedulerShard.js';

/** The yargs options `--shard` and `--shards`, shared by simulate and sweep. */
export const SHARD_OPTIONS = {
  shard: {
    type: 'string',
    describe: 'run slice i of N (i/N), or auto: the index and count of a Slurm, Kubernetes or AWS Batch job array; writes a shard for passk merge',
  },
  shards: {
    type: 'number',
    describe:
      "with --shard auto: the number of shards (on Slurm, required: the array task ID is the shard number 1..N; a Kubernetes Indexed Job's completions, unless JOB_COMPLETIONS is set)",
  },
} as const;

/**
 * `--shard i/N` → { index: i, count: N } with 1 ≤ i ≤ N; `--shard auto` → the job-array index and
 * count of the scheduler running this process (shardFromScheduler); no --shard → null.
 */
export function resolveShard(shard: string | undefined, shards: number | undefined, env: Environment): ShardSpec | null {
  if (shards !== undefined && !(Number.isInteger(shards) && shards >= 1 && shards <= MAX_SHARDS)) {
    throw new InputError('--shards', `must be an integer in 1..${MAX_SHARDS}`, shards);
  }
  if (shard === undefined) {
    if (shards !== undefined) throw new InputError('--shards', 'only goes with --shard auto (--shard i/N names its count)', shards);
    return null;
  }
  if (shard.trim() === 'auto') {
    const spec = shardFromScheduler(env, shards);
    if (spec.count > MAX_SHARDS) throw new InputError('--shard auto', `must find at most ${MAX_SHARDS} shards`, spec.count);
    return spec;
  }
  if (shards !== undefined) throw new InputError('--shards', 'only goes with --shard auto (--shard i/N names its count)', shards);
  const match = /^(\d+)\/(\d+)$/.exec(shard.trim());
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!(index >= 1 && count >= 1 && index <= count && count <= MAX_SHARDS)) {
    throw new InputError('--shard', 'must be i/N with 1 ≤ i ≤ N (e.g. 2/8), or auto', shard);
  }
  return { index, count };
}

const MAX_SHARDS = 100_000;
