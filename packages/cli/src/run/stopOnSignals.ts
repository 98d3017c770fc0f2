import type { CliIo } from '../io/cliIo.js';
import type { StopSignal } from '@passk/sim/node';

/**
 * While a run is going: the first SIGINT (Ctrl-C) — and, for a shard, SIGTERM, which Slurm and
 * Kubernetes send at a time limit, on scancel or on pod deletion — asks `stop` to end at the next
 * block, so the command still writes a complete result (or shard) marked partial; a second signal
 * exits at once (130) without output. Returns the function that removes the handlers.
 */
export function stopOnSignals(stop: StopSignal, io: CliIo, signals: readonly NodeJS.Signals[] = ['SIGINT']): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop.stopped) process.exit(130);
    stop.stop();
    io.stderr(
      signal === 'SIGINT'
        ? '\npassk: stopping at the next block (Ctrl-C again to abort without output)\n'
        : `\npassk: ${signal}: stopping at the next block and writing what is done (a second signal aborts without output)\n`,
    );
  };
  for (const signal of signals) process.on(signal, onSignal);
  return () => {
    for (const signal of signals) process.off(signal, onSignal);
  };
}
