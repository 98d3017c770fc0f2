import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../../packages/cli/src/io/cliIo.js';
import { formatDuration, progressTime } from '../../../packages/cli/src/progress/progressTime.js';
import { progressReporter } from '../../../packages/cli/src/run/progressReporter.js';

// Progress with elapsed time and the time left, driven by a fake clock. Expected times are the
// closed form left = elapsed · (total − done) / done, worked by hand in each case.

function fakeTerminal(isTTY: boolean): { io: CliIo; written: string[] } {
  const written: string[] = [];
  return { io: { stdout: () => {}, stderr: (text) => written.push(text), stderrIsTTY: isTTY, cwd: '/' }, written };
}

describe('progressReporter with a fake clock', () => {
  it('on a terminal: elapsed since the reporter was made, and the time left at the pace so far', () => {
    let now = 50_000; // the clock's origin is not zero: elapsed counts from the reporter's creation
    const { io, written } = fakeTerminal(true);
    const progress = progressReporter(io, 'sweep', 'replicates', () => now);
    now += 400;
    progress.update(10, 100); // under a second: no pace yet
    now += 3600;
    progress.update(25, 100); // 4 s for 25: 75 left take 4 · 75 / 25 = 12 s
    now += 126_000;
    progress.update(50, 100); // 130 s for 50: 130 s left
    now += 10;
    progress.update(60, 100); // 10 ms after the last line: not redrawn
    now += 3_600_000;
    progress.update(100, 100); // done: no time left shown
    progress.finish();
    expect(written).toEqual([
      '\rsweep: 10% (10/100 replicates) · 0 s elapsed\u001b[K',
      '\rsweep: 25% (25/100 replicates) · 4 s elapsed, about 12 s left\u001b[K',
      '\rsweep: 50% (50/100 replicates) · 2 min 10 s elapsed, about 2 min 10 s left\u001b[K',
      '\rsweep: 100% (100/100 replicates) · 1 h 02 min elapsed\u001b[K',
      '\n',
    ]);
  });

  it('off a terminal (--progress into a log): a line per tenth, no times, so logs of two runs compare', () => {
    let now = 0;
    const { io, written } = fakeTerminal(false);
    const progress = progressReporter(io, 'shard 1/2', 'episodes', () => now);
    for (const done of [0, 5, 12, 19, 20, 100]) {
      now += 5000;
      progress.update(done, 100);
    }
    progress.finish();
    expect(written).toEqual([
      'shard 1/2: 0% (0/100 episodes)\n',
      'shard 1/2: 12% (12/100 episodes)\n',
      'shard 1/2: 20% (20/100 episodes)\n',
      'shard 1/2: 100% (100/100 episodes)\n',
    ]);
  });
});

describe('progressTime and formatDuration', () => {
  it('no time left before any work is done, and none once all is done', () => {
    expect(progressTime(5000, 0, 10)).toBe('5 s elapsed');
    expect(progressTime(5000, 10, 10)).toBe('5 s elapsed');
  });
  it('time left = elapsed · (total − done) / done: 3 s for 1 of 4 leaves 9 s', () => {
    expect(progressTime(3000, 1, 4)).toBe('3 s elapsed, about 9 s left');
  });
  it('the time left is rounded up: 4 s for 82 of 100 leaves 4 · 18 / 82 = 0.88 s, shown as 1 s', () => {
    expect(progressTime(4000, 82, 100)).toBe('4 s elapsed, about 1 s left');
  });
  it('durations round down to the unit shown', () => {
    expect([999, 59_999, 60_000, 61_500, 3_599_999, 3_600_000, 7_325_000].map(formatDuration)).toEqual([
      '0 s',
      '59 s',
      '1 min 00 s',
      '1 min 01 s',
      '59 min 59 s',
      '1 h 00 min',
      '2 h 02 min',
    ]);
  });
});
