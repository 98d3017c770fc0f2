import { describe, expect, it } from 'vitest';
import { shardFromScheduler } from '../../../packages/cli/src/run/schedulerShard.js';
import { resolveShard } from '../../../packages/cli/src/run/shardOption.js';

// Expected values: the variables each scheduler documents for array tasks (Slurm job_array.html:
// --array=1-7:2 gives IDs 1, 3, 5, 7 with MIN=1, MAX=7, STEP=2, COUNT=4; a list 1,2,7 gave
// MIN=1, MAX=7, STEP=1, COUNT=3 on the real cluster of test/slurm), Kubernetes Indexed Jobs
// (JOB_COMPLETION_INDEX 0..completions−1) and AWS Batch (AWS_BATCH_JOB_ARRAY_INDEX 0..SIZE−1).
const slurm = (id: number, min: number, max: number, step: number, count: number) => ({
  SLURM_ARRAY_TASK_ID: String(id),
  SLURM_ARRAY_TASK_MIN: String(min),
  SLURM_ARRAY_TASK_MAX: String(max),
  SLURM_ARRAY_TASK_STEP: String(step),
  SLURM_ARRAY_TASK_COUNT: String(count),
});

describe('shardFromScheduler', () => {
  it('Slurm: shard (ID − MIN)/STEP + 1 of COUNT, for any range and step', () => {
    expect(shardFromScheduler(slurm(0, 0, 15, 1, 16))).toEqual({ index: 1, count: 16 });
    expect(shardFromScheduler(slurm(15, 0, 15, 1, 16))).toEqual({ index: 16, count: 16 });
    expect([1, 3, 5, 7].map((id) => shardFromScheduler(slurm(id, 1, 7, 2, 4)).index)).toEqual([1, 2, 3, 4]);
    expect(shardFromScheduler(slurm(12, 10, 12, 1, 3))).toEqual({ index: 3, count: 3 });
    expect(shardFromScheduler(slurm(3, 0, 3, 1, 4), 4)).toEqual({ index: 4, count: 4 });
  });

  it('Slurm: a list array, a missing count or a count that --shards contradicts is refused, naming the variable', () => {
    expect(() => shardFromScheduler(slurm(7, 1, 7, 1, 3))).toThrow(
      /^SLURM_ARRAY_TASK_ID: must be one of an evenly spaced array .*MIN=1, MAX=7, STEP=1, COUNT=3, got "7"$/,
    );
    expect(() => shardFromScheduler({ SLURM_ARRAY_TASK_ID: '2' })).toThrow(/^SLURM_ARRAY_TASK_COUNT: must be set/);
    expect(() => shardFromScheduler(slurm(3, 0, 3, 1, 4), 8)).toThrow("--shards: must equal the job array's size (SLURM_ARRAY_TASK_COUNT=4), got 8");
    expect(() => shardFromScheduler({ ...slurm(3, 0, 3, 1, 4), SLURM_ARRAY_TASK_ID: '-3' })).toThrow('SLURM_ARRAY_TASK_ID: must be an integer ≥ 0, got "-3"');
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
