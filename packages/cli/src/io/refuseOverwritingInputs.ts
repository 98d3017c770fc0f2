import { InputError } from '@passk/sim/errors';
import { fileIdentity, sameFile } from './fileIdentity.js';

/** One file a command is about to write: its path as typed and the option that named it. */
export interface PlannedOutput {
  readonly path: string;
  readonly option: string;
}

/**
 * Refuses, before anything is written, an output that would replace one of the command's inputs:
 * the same path, or another name for the same file (a symbolic link: the same real path; a hard
 * link: the same device and inode). Paths are resolved against `cwd`. Throws one InputError naming
 * the option, the output and the input. `verb` is what the output would do to it ("overwrite").
 */
export function refuseOverwritingInputs(outputs: readonly PlannedOutput[], inputs: readonly string[], cwd: string, verb = 'overwrite'): void {
  const inputFiles = inputs.map((input) => ({ input, identity: fileIdentity(input, cwd) }));
  for (const output of outputs) {
    const identity = fileIdentity(output.path, cwd);
    const clash = inputFiles.find((file) => sameFile(file.identity, identity));
    if (clash) throw new InputError(output.option, `must not be one of the inputs (it would ${verb} ${JSON.stringify(clash.input)})`, output.path);
  }
}
