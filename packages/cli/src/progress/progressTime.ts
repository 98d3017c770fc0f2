/**
 * The time part of a progress line: `12 s elapsed, about 30 s left`. The time left assumes the rest
 * goes at the pace so far, left = elapsed · (total − done) / done (rounded up to the second); it is not shown before any work
 * is done or in the first second (a pace measured over less is mostly start-up).
 */
export function progressTime(elapsedMs: number, done: number, total: number): string {
  const elapsed = `${formatDuration(elapsedMs)} elapsed`;
  if (!(done > 0) || !(total > done) || elapsedMs < MIN_PACE_MS) return elapsed;
  // Rounded up to the second: work is left, so never "0 s left".
  const leftMs = Math.ceil((elapsedMs * (total - done)) / done / 1000) * 1000;
  return `${elapsed}, about ${formatDuration(leftMs)} left`;
}

/** Below this much elapsed time the pace is not trusted for a time left. */
const MIN_PACE_MS = 1000;

/** A duration for a person: `7 s`, `2 min 05 s`, `1 h 04 min` (rounded down to the unit shown). */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
