import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError } from '@passk/sim/errors';

/** One file a command is about to write: its path as typed and the option that named it. */
export interface PlannedOutput {
  readonly path: string;
  readonly option: string;
}

/**
 * Refuses, before anything is written, an output that would replace one of the command's inputs:
 * the same path, or another name for the same file (a hard or symbolic link: same device and inode).
 * Paths are resolved against `cwd`. Throws one InputError naming the option, the output and the input.
 */
export function refuseOverwritingInputs(outputs: readonly PlannedOutput[], inputs: readonly string[], cwd: string): void {
  const inputFiles = inputs.map((input) => ({ input, absolute: resolve(cwd, input), identity: fileIdentity(resolve(cwd, input)) }));
  for (const output of outputs) {
    const absolute = resolve(cwd, output.path);
    const identity = fileIdentity(absolute);
    const clash = inputFiles.find((file) => file.absolute === absolute || (identity !== undefined && identity === file.identity));
    if (clash) throw new InputError(output.option, `must not be one of the inputs (it would overwrite ${JSON.stringify(clash.input)})`, output.path);
  }
}

/** `device:inode` of an existing file, or undefined when there is none. */
function fileIdentity(path: string): string | undefined {
  try {
    const stats = statSync(path);
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return undefined;
  }
}
