import { describe, expect, it } from 'vitest';
import { shardFromScheduler } from '../../../packages/cli/src/run/schedulerShard.js';
import { resolveShard } from '../../../packages/cli/src/run/shardOption.js';

// Expected values: the variables each scheduler documents for array tasks (Slurm job_array.html:
// --array=1-7:2 gives IDs 1, 3, 5, 7 with MIN=1, MAX=7, STEP=2, COUNT=4; a list 1,2,7 gave
// MIN=1, MAX=7, STEP=1, COUNT=3 on the real cluster of test/slurm; a resubmitted --array=6 is an
// array of one: ID=MIN=MAX=6, COUNT=1), Kubernetes Indexed Jobs (JOB_COMPLETION_INDEX
// 0..completions−1) and AWS Batch (AWS_BATCH_JOB_ARRAY_INDEX 0..SIZE−1).
const slurm = (id: number, min: number, max: number, step: number, count: number) => ({
  SLURM_ARRAY_TASK_ID: String(id),
  SLURM_ARRAY_TASK_MIN: String(min),
  SLURM_ARRAY_TASK_MAX: String(max),
  SLURM_ARRAY_TASK_STEP: String(step),
  SLURM_ARRAY_TASK_COUNT: String(count),
});

describe('shardFromScheduler', () => {
  it('Slurm: the task ID is the shard number, of --shards N, whatever the array around it', () => {
    expect(shardFromScheduler(slurm(1, 1, 16, 1, 16), 16)).toEqual({ index: 1, count: 16 });
    expect(shardFromScheduler(slurm(16, 1, 16, 1, 16), 16)).toEqual({ index: 16, count: 16 });
    // The rerun of one failed task (sbatch --array=6 …): an array of one, still shard 6 of 16.
    expect(shardFromScheduler(slurm(6, 6, 6, 1, 1), 16)).toEqual({ index: 6, count: 16 });
    // The issue's --array=1: shard 1 of 16, not the whole run as shard 1 of 1.
    expect(shardFromScheduler(slurm(1, 1, 1, 1, 1), 16)).toEqual({ index: 1, count: 16 });
    // Some tasks again, as a list (3,7) or a step (1-7:2): each its own shard.
    expect([3, 7].map((id) => shardFromScheduler(slurm(id, 3, 7, 1, 2), 16).index)).toEqual([3, 7]);
    expect([1, 3, 5, 7].map((id) => shardFromScheduler(slurm(id, 1, 7, 2, 4), 8).index)).toEqual([1, 3, 5, 7]);
    expect(shardFromScheduler({ SLURM_ARRAY_TASK_ID: '2' }, 4)).toEqual({ index: 2, count: 4 });
  });

  it('Slurm: no --shards, or an array reaching outside 1..N, is refused in every task, naming the variable', () => {
    const noShards =
      "--shard auto: in a Slurm array needs --shards N, the run's number of shards: the array task ID is the shard number (sbatch --array=1-N; --array=I with the same command reruns shard I alone)";
    expect(() => shardFromScheduler(slurm(3, 0, 3, 1, 4))).toThrow(noShards);
    expect(() => shardFromScheduler(slurm(1, 1, 1, 1, 1))).toThrow(noShards);
    // --array=0-15 with --shards 16: every task refuses (task 0 cannot be a shard), not only task 0.
    for (const id of [0, 5, 15]) {
      expect(() => shardFromScheduler(slurm(id, 0, 15, 1, 16), 16)).toThrow(
        'SLURM_ARRAY_TASK_MIN: must be at least 1: with --shards 16 the array task IDs are the shard numbers 1..16 (sbatch --array=1-16, or some of them), got "0"',
      );
    }
    // --array=1-20 with --shards 16: every task refuses.
    expect(() => shardFromScheduler(slurm(2, 1, 20, 1, 20), 16)).toThrow(/^SLURM_ARRAY_TASK_MAX: must be at most 16: with --shards 16 .*, got "20"$/);
    expect(() => shardFromScheduler({ SLURM_ARRAY_TASK_ID: '17' }, 16)).toThrow(/^SLURM_ARRAY_TASK_ID: must be from 1 to 16: .*, got "17"$/);
    expect(() => shardFromScheduler({ SLURM_ARRAY_TASK_ID: '0' }, 16)).toThrow(/^SLURM_ARRAY_TASK_ID: must be from 1 to 16: .*, got "0"$/);
    expect(() => shardFromScheduler({ ...slurm(3, 0, 3, 1, 4), SLURM_ARRAY_TASK_ID: '-3' }, 4)).toThrow(
      'SLURM_ARRAY_TASK_ID: must be an integer ≥ 0, got "-3"',
    );
  });

  it('Kubernetes: JOB_COMPLETION_INDEX (0-based) of --shards N or JOB_COMPLETIONS', () => {
    expect(shardFromScheduler({ JOB_COMPLETION_INDEX: '0' }, 16)).toEqual({ index: 1, count: 16 });
    expect(shardFromScheduler({ JOB_COMPLETION_INDEX: '15', JOB_COMPLETIONS: '16' })).toEqual({ index: 16, count: 16 });
    expect(shardFromScheduler({ JOB_COMPLETION_INDEX: '2', JOB_COMPLETIONS: '4' }, 4)).toEqual({ index: 3, count: 4 });
    expect(() => shardFromScheduler({ JOB_COMPLETION_INDEX: '2' })).toThrow(
      /^JOB_COMPLETION_INDEX: needs the number of shards: give --shards N or set JOB_COMPLETIONS/,
    );
    expect(() => shardFromScheduler({ JOB_COMPLETION_INDEX: '4', JOB_COMPLETIONS: '4' })).toThrow(
      'JOB_COMPLETION_INDEX: must be below the number of completions (4), got "4"',
    );
    expect(() => shardFromScheduler({ JOB_COMPLETION_INDEX: '1', JOB_COMPLETIONS: '4' }, 5)).toThrow(
      "--shards: must equal the job array's size (JOB_COMPLETIONS=4), got 5",
    );
  });

  it('AWS Batch: AWS_BATCH_JOB_ARRAY_INDEX (0-based) of AWS_BATCH_JOB_ARRAY_SIZE', () => {
    expect(shardFromScheduler({ AWS_BATCH_JOB_ARRAY_INDEX: '9', AWS_BATCH_JOB_ARRAY_SIZE: '10' })).toEqual({ index: 10, count: 10 });
    expect(() => shardFromScheduler({ AWS_BATCH_JOB_ARRAY_INDEX: '1' })).toThrow(/^AWS_BATCH_JOB_ARRAY_SIZE: must be set/);
    expect(() => shardFromScheduler({ AWS_BATCH_JOB_ARRAY_INDEX: '10', AWS_BATCH_JOB_ARRAY_SIZE: '10' })).toThrow(
      'must be below AWS_BATCH_JOB_ARRAY_SIZE (10)',
    );
  });

  it('no scheduler variable, or two schedulers at once: one message naming what it looked for', () => {
    expect(() => shardFromScheduler({ PATH: '/bin' })).toThrow(
      '--shard auto: needs a job-array index in the environment, but none of SLURM_ARRAY_TASK_ID (Slurm), JOB_COMPLETION_INDEX (Kubernetes), AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch) is set; run it as a job-array task or give --shard i/N',
    );
    expect(() => shardFromScheduler({ ...slurm(0, 0, 1, 1, 2), JOB_COMPLETION_INDEX: '0' })).toThrow(
      /more than one scheduler \(SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX\)/,
    );
  });
});

describe('resolveShard', () => {
  it('i/N, auto, or none; --shards only with auto', () => {
    expect(resolveShard('3/16', undefined, {})).toEqual({ index: 3, count: 16 });
    expect(resolveShard(' auto ', 4, { JOB_COMPLETION_INDEX: '3' })).toEqual({ index: 4, count: 4 });
    expect(resolveShard(undefined, undefined, {})).toBeNull();
    expect(() => resolveShard('3/16', 16, {})).toThrow('--shards: only goes with --shard auto');
    expect(() => resolveShard(undefined, 4, {})).toThrow('--shards: only goes with --shard auto');
    expect(() => resolveShard('auto', 0, { JOB_COMPLETION_INDEX: '0' })).toThrow('--shards: must be an integer in 1..100000, got 0');
  });
});
