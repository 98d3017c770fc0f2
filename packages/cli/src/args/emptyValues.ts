import { InputError } from '@passk/sim/errors';

/** Each `--name value` or `--name=value` on the command line, as typed (value undefined when the line ends). */
function typedOptions(args: readonly string[]): Array<{ name: string; value: string | undefined }> {
  return args.flatMap((arg, index) => {
    const option = /^--([a-z][\w-]*)(=(.*))?$/s.exec(arg);
    if (option === null) return [];
    return [{ name: option[1]!, value: option[2] === undefined ? args[index + 1] : option[3] }];
  });
}

const isBlank = (value: string | undefined): value is string => value !== undefined && value.trim() === '';

/**
 * yargs reads an empty value given to a number option (`--c ''`, `--c=`, `--c ' '`) as 0, the way
 * `Number('')` does, and a command would then run on a count the user never typed. Those values
 * become NaN instead, so the option's own check refuses them and names the value as typed ("").
 * `numberKeys` are the number options of the command being run (yargs' `getOptions().number`).
 */
export function emptyNumbersAsNaN(args: readonly string[], argv: Record<string, unknown>, numberKeys: readonly string[]): void {
  const numbers = new Set(numberKeys);
  for (const { name, value } of typedOptions(args)) {
    if (!numbers.has(name) || !isBlank(value)) continue;
    argv[name] = Number.NaN;
    argv[name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = Number.NaN;
  }
}

/** The number yargs makes of the text typed for a number option: NaN for blank text (see emptyNumbersAsNaN). */
export function numberAsParsed(typed: string): number {
  return typed.trim() === '' ? Number.NaN : Number(typed);
}

/** Options that name a path to write or read, for which blank text names the current folder or nothing. */
const PATH_OPTIONS = new Set(['out', 'chart', 'tasks-from', 'from']);

/**
 * Refuses a blank path option (`--out ''` wrote summary.json, or the whole demo, into the current
 * folder; `fit --out ''` failed naming no path at all).
 */
export function refuseBlankPaths(args: readonly string[]): void {
  for (const { name, value } of typedOptions(args)) {
    if (PATH_OPTIONS.has(name) && isBlank(value)) throw new InputError(`--${name}`, 'must name a path (it is blank)', value);
  }
}

/**
 * A number option given twice (`--k 2 --k 3`) reaches a command as a list, which some checks did
 * not expect (plan compare's work estimate added it to numbers: an internal error). It is refused
 * here, naming both values. `numberKeys` as for emptyNumbersAsNaN; options declared as lists are left alone.
 */
export function refuseRepeatedNumbers(argv: Record<string, unknown>, numberKeys: readonly string[], arrayKeys: readonly string[]): void {
  const lists = new Set(arrayKeys);
  for (const key of numberKeys) {
    const value = argv[key];
    if (lists.has(key) || !Array.isArray(value)) continue;
    throw new InputError(`--${key}`, 'must be given once', value.join(' and '));
  }
}
