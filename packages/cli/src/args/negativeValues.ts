/**
 * yargs reads a value that starts with `-` but is no number (`--shard -1/2`) as flags of its own
 * (`Unknown argument: 1`). A word after `--option` that starts with a minus and a digit is never
 * an option, so it is joined to the option (`--shard=-1/2`) and the option's own check names it.
 */
export function joinNegativeValues(args: readonly string[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    const previous = out[out.length - 1];
    if (/^-\d/.test(arg) && !Number.isFinite(Number(arg)) && previous !== undefined && /^--[a-z][\w-]*$/.test(previous))
      out[out.length - 1] = `${previous}=${arg}`;
    else out.push(arg);
  }
  return out;
}
