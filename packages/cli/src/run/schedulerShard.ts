import { InputError } from '@passk/sim/errors';

/** A shard of a split run: `index` of `count`, 1-based (the form of `--shard i/N`). */
export interface ShardSpec {
  readonly index: number;
  readonly count: number;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/** The job-array index variables `--shard auto` reads, by scheduler (named in its error). */
export const SCHEDULER_INDEX_VARIABLES = {
  Slurm: 'SLURM_ARRAY_TASK_ID',
  Kubernetes: 'JOB_COMPLETION_INDEX',
  'AWS Batch': 'AWS_BATCH_JOB_ARRAY_INDEX',
} as const;

/**
 * The shard this process is, read from the job-array environment of its scheduler (`--shard auto`):
 * - Slurm job arrays (sbatch --array=A-B[:S], https://slurm.schedmd.com/job_array.html):
 *   SLURM_ARRAY_TASK_ID, _COUNT, _MIN, _STEP (and _MAX, checked): shard (ID − MIN)/STEP + 1 of COUNT,
 *   so any range or step works; a list such as --array=1,4,9 is refused (its IDs are not evenly spaced).
 * - Kubernetes Indexed Jobs (completionMode: Indexed): JOB_COMPLETION_INDEX, 0-based; the Job's
 *   completions are not in the pod's environment, so the count is `--shards N` or the variable
 *   JOB_COMPLETIONS that the manifest sets to spec.completions.
 * - AWS Batch array jobs (https://docs.aws.amazon.com/batch/latest/userguide/job_env_vars.html):
 *   AWS_BATCH_JOB_ARRAY_INDEX, 0-based, of AWS_BATCH_JOB_ARRAY_SIZE.
 * `shards` (from --shards) must agree with the scheduler's count where it gives one. Exactly one
 * scheduler's index variable must be set; anything else is an InputError naming the variables.
 * Example: { SLURM_ARRAY_TASK_ID: '7', SLURM_ARRAY_TASK_COUNT: '4', SLURM_ARRAY_TASK_MIN: '1',
 * SLURM_ARRAY_TASK_STEP: '2' } (--array=1-7:2) → { index: 4, count: 4 } (tested).
 */
export function shardFromScheduler(env: Environment, shards?: number): ShardSpec {
  const found = Object.entries(SCHEDULER_INDEX_VARIABLES).filter(([, name]) => env[name] !== undefined && env[name] !== '');
  if (found.length === 0) {
    const looked = Object.entries(SCHEDULER_INDEX_VARIABLES).map(([scheduler, name]) => `${name} (${scheduler})`);
    throw new InputError(
      '--shard auto',
      `needs a job-array index in the environment, but none of ${looked.join(', ')} is set; run it as a job-array task or give --shard i/N`,
    );
  }
  if (found.length > 1) {
    throw new InputError(
      '--shard auto',
      `found job-array variables of more than one scheduler (${found.map(([, name]) => name).join(', ')}); give --shard i/N`,
    );
  }
  const scheduler = found[0]![0] as keyof typeof SCHEDULER_INDEX_VARIABLES;
  const spec = scheduler === 'Slurm' ? slurmShard(env) : scheduler === 'Kubernetes' ? kubernetesShard(env, shards) : awsBatchShard(env);
  if (shards !== undefined && shards !== spec.count) {
    const source = scheduler === 'Slurm' ? 'SLURM_ARRAY_TASK_COUNT' : scheduler === 'Kubernetes' ? 'JOB_COMPLETIONS' : 'AWS_BATCH_JOB_ARRAY_SIZE';
    throw new InputError('--shards', `must equal the job array's size (${source}=${spec.count})`, shards);
  }
  return spec;
}

function slurmShard(env: Environment): ShardSpec {
  const id = integer(env, 'SLURM_ARRAY_TASK_ID', 0);
  const count = integer(env, 'SLURM_ARRAY_TASK_COUNT', 1, 'Slurm sets it with SLURM_ARRAY_TASK_ID');
  const min = integer(env, 'SLURM_ARRAY_TASK_MIN', 0, 'Slurm sets it with SLURM_ARRAY_TASK_ID');
  const step = env.SLURM_ARRAY_TASK_STEP === undefined ? 1 : integer(env, 'SLURM_ARRAY_TASK_STEP', 1);
  const max = env.SLURM_ARRAY_TASK_MAX === undefined ? min + (count - 1) * step : integer(env, 'SLURM_ARRAY_TASK_MAX', min);
  if ((id - min) % step !== 0 || id < min || id > max || min + (count - 1) * step !== max) {
    throw new InputError(
      'SLURM_ARRAY_TASK_ID',
      `must be one of an evenly spaced array (sbatch --array=A-B or A-B:S, not a list); here MIN=${min}, MAX=${max}, STEP=${step}, COUNT=${count}`,
      env.SLURM_ARRAY_TASK_ID,
    );
  }
  return { index: (id - min) / step + 1, count };
}

function kubernetesShard(env: Environment, shards: number | undefined): ShardSpec {
  const index = integer(env, 'JOB_COMPLETION_INDEX', 0);
  const fromEnv = env.JOB_COMPLETIONS === undefined || env.JOB_COMPLETIONS === '' ? undefined : integer(env, 'JOB_COMPLETIONS', 1);
  if (fromEnv === undefined && shards === undefined) {
    throw new InputError(
      'JOB_COMPLETION_INDEX',
      "needs the number of shards: give --shards N or set JOB_COMPLETIONS to the Job's spec.completions",
      env.JOB_COMPLETION_INDEX,
    );
  }
  const count = fromEnv ?? shards!;
  if (index >= count) throw new InputError('JOB_COMPLETION_INDEX', `must be below the number of completions (${count})`, env.JOB_COMPLETION_INDEX);
  return { index: index + 1, count };
}

function awsBatchShard(env: Environment): ShardSpec {
  const index = integer(env, 'AWS_BATCH_JOB_ARRAY_INDEX', 0);
  const count = integer(env, 'AWS_BATCH_JOB_ARRAY_SIZE', 1, 'AWS Batch sets it with AWS_BATCH_JOB_ARRAY_INDEX');
  if (index >= count) throw new InputError('AWS_BATCH_JOB_ARRAY_INDEX', `must be below AWS_BATCH_JOB_ARRAY_SIZE (${count})`, env.AWS_BATCH_JOB_ARRAY_INDEX);
  return { index: index + 1, count };
}

/** A variable holding a decimal integer ≥ min (no sign, no spaces). */
function integer(env: Environment, name: string, min: number, why?: string): number {
  const text = env[name];
  if (text === undefined || text === '') throw new InputError(name, `must be set${why ? ` (${why})` : ''}`);
  const value = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(value >= min)) throw new InputError(name, `must be an integer ≥ ${min}`, text);
  return value;
}
