import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PROBE = fileURLToPath(new URL('./memoryProbe.mjs', import.meta.url));
const GNU_TIME = '/usr/bin/time';

/**
 * Peak memory of one engine run in a fresh child process (bench/memoryProbe.mjs): the peak RSS
 * that /usr/bin/time -v reports when it is there, else the child's own process.resourceUsage().maxRSS
 * (both cover all threads of the process). MB = 2^20 bytes.
 */
export function peakMemory(file, replicates, workers) {
  const probeArgs = [PROBE, file, String(replicates), String(workers)];
  const useTime = existsSync(GNU_TIME);
  const [command, args] = useTime ? [GNU_TIME, ['-v', process.execPath, ...probeArgs]] : [process.execPath, probeArgs];
  return new Promise((resolve, reject) => {
    execFile(command, args, { maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`bench: the memory probe failed (${command} ${args.join(' ')}): ${stderr.trim() || error.message}`));
        return;
      }
      const child = JSON.parse(stdout.trim().split('\n').at(-1));
      const timeKB = useTime ? Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1]) : NaN;
      const selfMB = child.maxRssKB / 1024;
      const timeMB = Number.isFinite(timeKB) ? timeKB / 1024 : null;
      resolve({
        replicates,
        workers,
        episodes: child.episodes,
        seconds: child.seconds,
        peakRssMB: timeMB ?? selfMB,
        source: timeMB === null ? 'process.resourceUsage().maxRSS' : '/usr/bin/time -v',
        selfReportedMB: selfMB,
      });
    });
  });
}
