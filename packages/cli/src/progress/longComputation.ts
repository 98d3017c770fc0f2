import type { Steps } from '@passk/sim/internal';
import type { CliIo } from '../io/cliIo.js';
import { progressReporter } from '../run/progressReporter.js';

/** Reports how far a computation is and lets a Ctrl-C in: called often (every step of a loop) and cheap when called often. */
export type Checkpoint = (done: number, total: number) => Promise<void>;

/** What a long computation shows: its label and unit on the progress line, and whether to show it at all. */
export interface LongComputationOptions {
  readonly label: string;
  readonly unit: string;
  /** Progress on stderr: none; 'soon', once the computation has run half a second (on a terminal); 'now', from the first step (--progress). */
  readonly show: false | 'soon' | 'now';
}

/** How often a checkpoint yields to the event loop (so the SIGINT handler runs), in ms: well inside the 0.5 s a Ctrl-C may take. */
const YIELD_MS = 50;
/** Progress appears only once a computation has run this long, so quick commands print no progress line. */
const SHOW_AFTER_MS = 500;

/**
 * Milliseconds on a monotonic clock. Not `performance.now()`: the first use of the `performance`
 * global loads Node's perf_hooks (about 1 ms of every `passk estimate`).
 */
function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** The exit status of a run stopped by SIGINT (128 + 2), as shells report it. */
export const INTERRUPTED_EXIT = 130;

/**
 * Runs `work`, a computation whose result is printed or written only after it returns: while it
 * runs, progress goes to stderr (when `show`, after the first half second) and Ctrl-C (SIGINT) ends
 * the process at once with one line and exit 130 — nothing has been written yet, so no output file
 * exists, half or whole. Synchronous loops inside `work` call the checkpoint at every step; it
 * yields to the event loop every 50 ms, which is when the signal handler can run. Asynchronous work
 * (file reads, worker threads) needs no checkpoint to be stopped. The handler is removed when
 * `work` settles, so writing the result afterwards is not cut short by it.
 */
export async function longComputation<T>(io: CliIo, options: LongComputationOptions, work: (checkpoint: Checkpoint) => Promise<T>): Promise<T> {
  const began = monotonicMs();
  let lastYield = began;
  let shown = false;
  const progress = options.show ? progressReporter(io, options.label, options.unit) : null;
  const onSignal = () => {
    io.stderr(`${shown && io.stderrIsTTY ? '\n' : ''}passk: interrupted (${options.label}): stopped before writing any output\n`);
    process.exit(INTERRUPTED_EXIT);
  };
  const checkpoint: Checkpoint = async (done, total) => {
    const now = monotonicMs();
    if (progress && (shown || options.show === 'now' || now - began >= SHOW_AFTER_MS)) {
      shown = true;
      progress.update(done, total);
    }
    if (now - lastYield >= YIELD_MS) {
      lastYield = now;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  process.on('SIGINT', onSignal);
  try {
    return await work(checkpoint);
  } finally {
    process.off('SIGINT', onSignal);
    if (shown) progress!.finish();
  }
}

/** Drives a stepwise library computation (Steps of @passk/sim) to its result, calling `checkpoint` at every step. */
export async function throughCheckpoints<T>(steps: Steps<T>, checkpoint: Checkpoint): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await checkpoint(next.value.done, next.value.total);
  }
}

/** The --progress option of commands that run a long computation. */
export const PROGRESS_OPTION = { type: 'boolean', default: false, describe: 'show progress on stderr even when it is not a terminal' } as const;

/** Whether to show progress: at once when asked for with --progress; soon on a terminal unless the output is --json; else not. */
export function showProgress(io: CliIo, args: { readonly progress?: boolean; readonly json?: boolean }): LongComputationOptions['show'] {
  if (args.progress === true) return 'now';
  return io.stderrIsTTY && args.json !== true ? 'soon' : false;
}
