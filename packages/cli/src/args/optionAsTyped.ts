/**
 * The option a library error's `where` stands for, as the user typed it: the library names its
 * parameters (`halfWidth`, `c`, `target`), the user typed `--half-width`, `--c`, `--target`.
 * Returns undefined when `where` is no parameter name or no such option was typed.
 * Example: optionAsTyped('halfWidth', ['plan', 'precision', '--half-width', '0']) === '--half-width'.
 */
export function optionAsTyped(where: string, args: readonly string[]): string | undefined {
  if (!/^[a-z][A-Za-z]*$/.test(where)) return undefined;
  const long = `--${where.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  const forms = where.length === 1 ? [long, `-${where}`] : [long];
  for (let i = args.length - 1; i >= 0; i--) {
    const arg = args[i]!;
    const form = forms.find((option) => arg === option || arg.startsWith(`${option}=`));
    if (form !== undefined) return form;
  }
  return undefined;
}
