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
 * - Slurm job arrays (sbatch --array=…, https://slurm.schedmd.com/job_array.html): the task ID
 *   SLURM_ARRAY_TASK_ID is the shard number, of `--shards N` (required): the run is
 *   `--array=1-N`, and `--array=I` (or a list, `--array=3,7`) with the same command reruns those
 *   shards alone. Nothing is read from the array's size (a resubmitted task is an array of one),
 *   but an array reaching outside 1..N (SLURM_ARRAY_TASK_MIN < 1 or _MAX > N, e.g. --array=0-15)
 *   is refused in every task, so no task of a misnumbered array computes a shard.
 * - Kubernetes Indexed Jobs (completionMode: Indexed): JOB_COMPLETION_INDEX, 0-based; the Job's
 *   completions are not in the pod's environment, so the count is `--shards N` or the variable
 *   JOB_COMPLETIONS that the manifest sets to spec.completions.
 * - AWS Batch array jobs (https://docs.aws.amazon.com/batch/latest/userguide/job_env_vars.html):
 *   AWS_BATCH_JOB_ARRAY_INDEX, 0-based, of AWS_BATCH_JOB_ARRAY_SIZE.
 * On Kubernetes and AWS Batch, `shards` (from --shards) must agree with the scheduler's count where
 * it gives one. Exactly one scheduler's index variable must be set; anything else is an InputError
 * naming the variables.
 * Example: { SLURM_ARRAY_TASK_ID: '7', SLURM_ARRAY_TASK_MIN: '7', SLURM_ARRAY_TASK_MAX: '7' }
 * (sbatch --array=7, a rerun) with shards 16 → { index: 7, count: 16 } (tested).
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
  if (scheduler === 'Slurm') return slurmShard(env, shards);
  const spec = scheduler === 'Kubernetes' ? kubernetesShard(env, shards) : awsBatchShard(env);
  if (shards !== undefined && shards !== spec.count) {
    const source = scheduler === 'Kubernetes' ? 'JOB_COMPLETIONS' : 'AWS_BATCH_JOB_ARRAY_SIZE';
    throw new InputError('--shards', `must equal the job array's size (${source}=${spec.count})`, shards);
  }
  return spec;
}

/** The array task ID as the shard number, of --shards N (see shardFromScheduler). */
function slurmShard(env: Environment, shards: number | undefined): ShardSpec {
  const id = integer(env, 'SLURM_ARRAY_TASK_ID', 0);
  if (shards === undefined) {
    throw new InputError(
      '--shard auto',
      "in a Slurm array needs --shards N, the run's number of shards: the array task ID is the shard number (sbatch --array=1-N; --array=I with the same command reruns shard I alone)",
    );
  }
  const numbers = `with --shards ${shards} the array task IDs are the shard numbers 1..${shards} (sbatch --array=1-${shards}, or some of them)`;
  // The array's own range (Slurm sets it with the ID): every task of an array reaching outside 1..N refuses.
  const given = (name: string) => env[name] !== undefined && env[name] !== '';
  if (given('SLURM_ARRAY_TASK_MIN') && integer(env, 'SLURM_ARRAY_TASK_MIN', 0) < 1) {
    throw new InputError('SLURM_ARRAY_TASK_MIN', `must be at least 1: ${numbers}`, env.SLURM_ARRAY_TASK_MIN);
  }
  if (given('SLURM_ARRAY_TASK_MAX') && integer(env, 'SLURM_ARRAY_TASK_MAX', 0) > shards) {
    throw new InputError('SLURM_ARRAY_TASK_MAX', `must be at most ${shards}: ${numbers}`, env.SLURM_ARRAY_TASK_MAX);
  }
  if (id < 1 || id > shards) throw new InputError('SLURM_ARRAY_TASK_ID', `must be from 1 to ${shards}: ${numbers}`, env.SLURM_ARRAY_TASK_ID);
  return { index: id, count: shards };
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
