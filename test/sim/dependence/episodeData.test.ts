import { describe, expect, it } from 'vitest';
import { episodeData, observedHazard } from '../../../packages/sim/src/dependence/episodeData.js';
import { InputError } from '../../../packages/sim/src/errors.js';

const T = true;
const F = false;

describe('episodeData', () => {
  it('doc example: two tasks with the same episodes form one group of count 2; sizes counted', () => {
    const data = episodeData([{ episodes: [[F, T]] }, { episodes: [[F, T]] }, { episodes: [[T], [F, F, F]] }], 'untilSuccess');
    expect(data.groups.map((g) => g.count)).toEqual([2, 1]);
    expect([data.tasks, data.episodes, data.attempts, data.maxLength, data.maxTaskAttempts]).toEqual([3, 4, 8, 3, 4]);
  });

  it('bad input: one line naming the task, the rule and the value', () => {
    expect(() => episodeData([{ id: 'a', episodes: [[T, F]] }], 'untilSuccess')).toThrow(
      'tasks[0] (a).episodes[0]: must stop at its first success (stopping untilSuccess), but has attempts after it, got "10"',
    );
    expect(() => episodeData([{ episodes: [] }], 'fixed')).toThrow('tasks[0].episodes: must hold at least one episode, got []');
    expect(() => episodeData([{ episodes: [[]] }], 'fixed')).toThrow('tasks[0].episodes[0]: must hold at least one attempt outcome, got []');
    expect(() => episodeData([{ episodes: [[T, 1 as never]] }], 'fixed')).toThrow('tasks[0].episodes[0][1]: must be true (success) or false, got 1');
    expect(() => episodeData([], 'fixed')).toThrow(InputError);
    expect(() => episodeData([{ episodes: [[T]] }], 'sometimes' as never)).toThrow("stopping: must be 'fixed' or 'untilSuccess'");
  });

  it('observedHazard: episodes [F, S], [S], [F, F] → attempt 1: 3 at risk, 1 success; attempt 2: 2, 1', () => {
    const tasks = [{ episodes: [[F, T], [T]] }, { episodes: [[F, F]] }];
    expect(observedHazard(tasks, 2)).toEqual([
      { attempt: 1, atRisk: 3, successes: 1 },
      { attempt: 2, atRisk: 2, successes: 1 },
    ]);
  });
});
