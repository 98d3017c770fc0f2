import type { CliIo } from '../io/cliIo.js';

/**
 * Progress on stderr: a line rewritten in place on a terminal, or a line every 10 % otherwise
 * (when asked for with --progress); `unit` names what is counted (replicates, or episodes for a
 * shard, so a slow shard shows in its log). Never on stdout, so piped results stay clean.
 */
export function progressReporter(io: CliIo, label: string, unit = 'replicates'): { update: (done: number, total: number) => void; finish: () => void } {
  let lastShown = -1;
  let lastTime = 0;
  return {
    update(done, total) {
      const percent = Math.floor((100 * done) / Math.max(1, total));
      if (io.stderrIsTTY) {
        const now = Date.now();
        if (now - lastTime < 100 && done < total) return;
        lastTime = now;
        io.stderr(`\r${label}: ${percent}% (${done}/${total} ${unit})`);
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
