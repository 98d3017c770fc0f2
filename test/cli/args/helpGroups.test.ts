import { describe, expect, it } from 'vitest';
import { withHelpGroups } from '../../../packages/cli/src/args/helpGroups.js';
import { chartCommand } from '../../../packages/cli/src/commands/chart.js';
import { compareCommand } from '../../../packages/cli/src/commands/compare.js';
import { demoCommand } from '../../../packages/cli/src/commands/demo.js';
import { estimateCommand } from '../../../packages/cli/src/commands/estimate.js';
import { fitCommand } from '../../../packages/cli/src/commands/fit.js';
import { gateCommand } from '../../../packages/cli/src/commands/gate.js';
import { mergeCommand } from '../../../packages/cli/src/commands/merge.js';
import { planCommand } from '../../../packages/cli/src/commands/plan.js';
import { reportCommand } from '../../../packages/cli/src/commands/report.js';
import { simulateCommand } from '../../../packages/cli/src/commands/simulate.js';
import { sweepCommand } from '../../../packages/cli/src/commands/sweep.js';
import { verifierCommand } from '../../../packages/cli/src/commands/verifier.js';
import type { CliIo } from '../../../packages/cli/src/io/cliIo.js';
import { passk } from '../../helpers/runPassk.js';

// `passk CMD --help` (in-process: the text the binary prints, test/cli/cliUsage.test.ts compares the two) lists the command's own options first —
// what most users need — then reading results files, output, and everything else under Advanced,
// and leaves no option out. The options each command declares come from yargs itself (each
// builder applied to a fresh parser), not from the help table under test.

// yargs is a dependency of the CLI package, not of the workspace root (as in ignoredOptions.test.ts).
const yargsModule = '../../../packages/cli/node_modules/yargs/index.mjs';
const { default: yargs } = (await import(yargsModule)) as { default: (args: string[]) => Parser };

/** The little of yargs' parser and command modules this test uses (their types are the CLI package's, not the root's). */
interface Parser {
  option(name: string, options: object): Parser;
}
interface CommandModule {
  readonly builder?: unknown;
}
type Builder = (y: Parser) => Parser;

const io: CliIo = { stdout: () => {}, stderr: () => {}, stderrIsTTY: false, cwd: '/' };

/** Per command: the first heading of its --help and options that must be under it (what a first-time user looks for). */
const FIRST: ReadonlyArray<readonly [string, string, readonly string[]]> = [
  ['estimate', 'Estimate', ['-n', '-c', '-p', '-k', '--confidence', '--sides']],
  ['compare', 'Compare', ['--name', '--confidence']],
  ['gate', 'Gate', ['--require', '--baseline', '--confidence']],
  ['fit', 'Fit', ['--out', '--confidence']],
  ['verifier', 'Verifier', ['--truth', '--verdict-col', '--accept']],
  ['plan demonstrate', 'Plan a demonstration', ['--target', '-k', '--confidence']],
  ['plan precision', 'Plan an interval width', ['--half-width', '--rate', '-k', '--metric']],
  ['plan compare', 'Plan a comparison', ['--delta', '--power', '--mean', '-k']],
  ['plan audit', 'Plan an audit', ['--half-width', '--judge-false-accept']],
  ['plan gate', 'Plan a gate', ['--require', '--pilot']],
  ['simulate', 'Simulate', ['--replicates', '--tasks-from', '--seed']],
  ['sweep', 'Sweep', ['--vary', '--max-cost', '--max-wrong-delivery']],
  ['merge', 'Merge', ['--allow-partial']],
  ['chart', 'Chart', ['--from', '--out']],
  ['report', 'Report', ['--out', '--title']],
  ['demo', 'Demo', ['--out']],
];

interface Help {
  /** Headings in order, without their colon. */
  headings: string[];
  /** Option switches (`--k` as `-k`, `--json`) under each heading, in order. */
  options: Map<string, string[]>;
}

/** The headings of a --help text and the switches listed under each (an option line is indented at most 6 columns; wrapped text is indented further). */
function parseHelp(text: string): Help {
  const headings: string[] = [];
  const options = new Map<string, string[]>();
  let current = '';
  for (const line of text.split('\n')) {
    const heading = /^([A-Z][^:]*):$/.exec(line);
    if (heading) {
      current = heading[1]!;
      headings.push(current);
      options.set(current, []);
      continue;
    }
    const option = current === 'Positionals' ? /^ {2}([\w-]+) /.exec(line) : /^ {2,6}(?:-\w, )?(--?[\w-]+)/.exec(line);
    if (option && current !== '' && current !== 'Examples') options.get(current)!.push(option[1]!);
  }
  return { headings, options };
}

/** The options a command module declares (its builder on a fresh parser): switches as --help writes them, and its positionals. */
function declared(module: CommandModule): { switches: string[]; positionals: string[] } {
  const y = yargs([]);
  (module.builder as Builder)(y);
  const internal = y as unknown as { getOptions(): { key: Record<string, unknown>; alias: Record<string, string[]> }; getGroups(): Record<string, string[]> };
  const { key, alias } = internal.getOptions();
  const aliases = new Set(Object.values(alias).flat());
  const positionals = internal.getGroups()['Positionals:'] ?? [];
  // A fresh parser has yargs' own help and version options; passk lists --help (added to the expectation) and no --version under a command.
  const names = Object.keys(key).filter(
    (name) => !aliases.has(name) && !/[A-Z]/.test(name) && !['$0', 'help', 'version'].includes(name) && !positionals.includes(name),
  );
  return { switches: names.map((name) => (name.length === 1 ? `-${name}` : `--${name}`)), positionals };
}

/** Every command module by its path, the subcommands of plan from yargs' own record of them. */
function commandModules(): Map<string, CommandModule> {
  const modules = new Map<string, CommandModule>(
    (
      [
        ['estimate', estimateCommand],
        ['compare', compareCommand],
        ['gate', gateCommand],
        ['fit', fitCommand],
        ['verifier', verifierCommand],
        ['simulate', simulateCommand],
        ['sweep', sweepCommand],
        ['merge', mergeCommand],
        ['chart', chartCommand],
        ['report', reportCommand],
        ['demo', demoCommand],
      ] as const
    ).map(([name, factory]) => [name, factory(io) as unknown as CommandModule]),
  );
  const plan = yargs([]);
  (planCommand(io).builder as unknown as Builder)(plan);
  const handlers = (plan as unknown as { getInternalMethods(): { getCommandInstance(): { getCommandHandlers(): Record<string, { builder: unknown }> } } })
    .getInternalMethods()
    .getCommandInstance()
    .getCommandHandlers();
  // plan's own builder declares --wide and --explain for its subcommands (commands/terminalOptions.ts).
  for (const [name, handler] of Object.entries(handlers))
    modules.set(`plan ${name}`, {
      builder: (y: Parser) => (handler.builder as Builder)(y).option('wide', { type: 'boolean' }).option('explain', { type: 'boolean' }),
    });
  return modules;
}

describe('--help groups', () => {
  const modules = commandModules();

  it('the table covers every command with options (and plan has its five subcommands)', () => {
    expect([...modules.keys()].sort()).toEqual(FIRST.map(([path]) => path).sort());
  });

  for (const [path, first, needed] of FIRST) {
    it(`passk ${path} --help: "${first}" first, then reading, output, Advanced last; every declared option listed once`, async () => {
      const run = await passk(...path.split(' '), '--help');
      expect(run.code).toBe(0);
      const help = parseHelp(run.stdout);
      const optionHeadings = help.headings.filter((heading) => heading !== 'Positionals' && heading !== 'Examples' && heading !== 'Charts');
      expect(optionHeadings[0]).toBe(first);
      for (const option of needed) expect(help.options.get(first)).toContain(option);
      // The pattern: any reading headings before Output, Output before Advanced, Advanced last, --help its last line.
      const at = (heading: string) => optionHeadings.indexOf(heading);
      if (at('Output') >= 0) expect(optionHeadings.slice(at('Output') + 1)).toEqual(['Advanced']);
      expect(optionHeadings.at(-1)).toBe('Advanced');
      expect(help.options.get('Advanced')!.at(-1)).toBe('--help');
      for (const heading of optionHeadings) if (heading.startsWith('Reading')) expect(at(heading)).toBeLessThan(at('Advanced'));
      // No option missing, none listed twice.
      const { switches, positionals } = declared(modules.get(path)!);
      const listed = optionHeadings.flatMap((heading) => help.options.get(heading)!);
      expect([...listed].sort()).toEqual([...switches, '--help'].sort());
      expect(help.options.get('Positionals') ?? []).toEqual(positionals);
    });
  }
});

describe('withHelpGroups', () => {
  it('refuses a heading that names an option the command does not have (a typo in the table is a bug, not a silent gap)', () => {
    const y = yargs([]).option('json', { type: 'boolean' });
    expect(() => withHelpGroups(y as never, { title: 'Main', options: ['jsn'] })).toThrow('the command has no option --jsn');
  });
});
