import { describe, expect, it } from 'vitest';
import { given, RESULTS_FILE_OPTIONS } from '../../../packages/cli/src/args/ignoredOptions.js';
import { withResultsFileOptions } from '../../../packages/cli/src/commands/resultsFileOptions.js';

// yargs is a dependency of the CLI package, not of the workspace root.
// (The path is a variable so the typecheck of test/ does not look for yargs' types from the root.)
const yargsModule = '../../../packages/cli/node_modules/yargs/index.mjs';
const { default: yargs } = (await import(yargsModule)) as { default: (args: string[]) => never };

describe('ignoredOptions', () => {
  it('knows every results-file option and its default (so none is silently ignored without a file)', () => {
    const parser = withResultsFileOptions(yargs([]));
    const options = (parser as unknown as { getOptions(): { key: Record<string, unknown>; default: Record<string, unknown> } }).getOptions();
    const names = Object.keys(options.key)
      .filter((key) => key.includes('-') || !/[A-Z]/.test(key))
      .filter((key) => !['help', 'version', '$0'].includes(key));
    expect(names.sort()).toEqual(Object.keys(RESULTS_FILE_OPTIONS).sort());
    for (const name of names) expect(options.default[name], name).toEqual(RESULTS_FILE_OPTIONS[name]);
  });

  it('counts an option as given when set and not its default, compared as typed text', () => {
    expect(given({ threshold: '1' }, 'threshold', '1')).toBe(false);
    expect(given({ threshold: '0.5' }, 'threshold', '1')).toBe(true);
    expect(given({ bootstrap: 1000 }, 'bootstrap', 1000)).toBe(false);
    expect(given({ 'per-task': false }, 'per-task')).toBe(false);
    expect(given({ 'per-task': true }, 'per-task')).toBe(true);
    expect(given({ where: [] }, 'where')).toBe(false);
  });
});
