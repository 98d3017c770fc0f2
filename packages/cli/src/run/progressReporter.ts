import type { CliIo } from '../io/cliIo.js';
import { progressTime } from '../progress/progressTime.js';

/** What a progress reporter reads the time from: milliseconds (Date.now; a fake clock in tests). */
export type Clock = () => number;

/**
 * Progress on stderr: on a terminal, a line rewritten in place with the time elapsed and the time
 * left (progressTime); otherwise (when asked for with --progress) a line every 10 %, without times,
 * so logs stay comparable between runs. `unit` names what is counted (replicates, or episodes for a
 * shard, so a slow shard shows in its log). Never on stdout, so piped results stay clean. The clock
 * starts when the reporter is made.
 */
export function progressReporter(
  io: CliIo,
  label: string,
  unit = 'replicates',
  clock: Clock = Date.now,
): { update: (done: number, total: number) => void; finish: () => void } {
  const began = clock();
  let lastShown = -1;
  let lastTime = Number.NEGATIVE_INFINITY;
  return {
    update(done, total) {
      const percent = Math.floor((100 * done) / Math.max(1, total));
      if (io.stderrIsTTY) {
        const now = clock();
        if (now - lastTime < 100 && done < total) return;
        lastTime = now;
        // Erase to the end of the line: the time part can get shorter (`1 min 00 s` → `59 s` left).
        io.stderr(`\r${label}: ${percent}% (${done}/${total} ${unit}) · ${progressTime(now - began, done, total)}\u001b[K`);
      } else if (Math.floor(percent / 10) > Math.floor(lastShown / 10)) {
        // One line per tenth reached: the first update (0 % when a shard starts), 10 %, …, 100 %.
        lastShown = percent;
        io.stderr(`${label}: ${percent}% (${done}/${total} ${unit})\n`);
      }
    },
    finish() {
      if (io.stderrIsTTY) io.stderr('\n');
    },
  };
}
