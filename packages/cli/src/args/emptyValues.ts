import { InputError } from '@passk/sim/errors';

/**
 * yargs reads an empty value given to a number option (`--c ''`, `--c=`, `--c ' '`) as 0, the way
 * `Number('')` does, and a command would then run on a count the user never typed. Those values
 * become NaN instead, so the option's own check refuses them and names the value as typed ("").
 * `numberKeys` are the number options of the command being run (yargs' `getOptions().number`).
 */
export function emptyNumbersAsNaN(args: readonly string[], argv: Record<string, unknown>, numberKeys: readonly string[]): void {
  const numbers = new Set(numberKeys);
  args.forEach((arg, index) => {
    const option = /^--([a-z][\w-]*)(=(.*))?$/s.exec(arg);
    if (option === null || !numbers.has(option[1]!)) return;
    const value = option[2] === undefined ? args[index + 1] : option[3];
    if (value === undefined || value.trim() !== '') return;
    const key = option[1]!;
    argv[key] = Number.NaN;
    argv[key.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = Number.NaN;
  });
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
  args.forEach((arg, index) => {
    const option = /^--([a-z][\w-]*)(=(.*))?$/s.exec(arg);
    if (option === null || !PATH_OPTIONS.has(option[1]!)) return;
    const value = option[2] === undefined ? args[index + 1] : option[3];
    if (value !== undefined && value.trim() === '') throw new InputError(`--${option[1]}`, 'must name a path (it is blank)', value);
  });
}
