import { AsyncLocalStorage } from 'node:async_hooks';
import { Type } from '@sinclair/typebox';
import { passkVersion } from '../passkVersion.js';

/**
 * Where a result came from, in every result document (`provenance`, after `kind` and
 * `schemaVersion`): the command line that made its numbers and the passk version. No time: the
 * same command and seed give the same bytes. Options that only say how the run is carried out or
 * where its output goes (`EXECUTION_OPTIONS`: --workers, --shard, --out, --json, …) are left out,
 * so the shards of a run, their merge and the run in one process record the same command.
 */
export const ProvenanceSchema = Type.Object(
  {
    argv: Type.Array(Type.String(), {
      description:
        'the arguments after `passk`, paths as typed, without the options that do not change the numbers (--workers, --shard, --shards, --out, --json, --chart, --progress, …)',
    }),
    passk: Type.String({ description: 'the passk version that wrote the document' }),
  },
  { $id: 'Provenance', description: 'the command line (as typed) and passk version that made the result; no time, so the same command gives the same bytes' },
);

/** A result's provenance (ProvenanceSchema). */
export interface Provenance {
  readonly argv: readonly string[];
  readonly passk: string;
}

/** Options that change how or where a run's output goes, never its numbers: value options take the next argument unless written `--name=value`. */
const EXECUTION_OPTIONS: Readonly<Record<string, 'value' | 'flag'>> = {
  '--workers': 'value',
  '--shard': 'value',
  '--shards': 'value',
  '--out': 'value',
  '--chart': 'value',
  '--json': 'flag',
  '--no-json': 'flag',
  '--csv': 'flag',
  '--markdown': 'flag',
  '--progress': 'flag',
  '--no-progress': 'flag',
  '--explain': 'flag',
  '--wide': 'flag',
};

/** The command line a result records: `args` (after `passk`) without the execution options. */
export function recordedArgv(args: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const name = arg.startsWith('--') ? arg.replace(/=.*$/s, '') : arg;
    const kind = EXECUTION_OPTIONS[name];
    if (kind === undefined) kept.push(arg);
    else if (kind === 'value' && !arg.includes('=') && i + 1 < args.length && !args[i + 1]!.startsWith('--')) i++;
  }
  return kept;
}

const current = new AsyncLocalStorage<Provenance>();

/** Runs `body` with `provenance` as the one every result made inside it records (runCli: the command line; merge: the shards'). */
export function withProvenance<T>(provenance: Provenance, body: () => T): T {
  return current.run(provenance, body);
}

/** The provenance of results made now: the running command's, or (outside a command, e.g. a library caller) no argv. */
export function currentProvenance(): Provenance {
  return current.getStore() ?? { argv: [], passk: passkVersion() };
}

/** A recorded command as one shell line: `passk estimate 'my log.csv' --k 1..8`. */
export function commandLine(provenance: Provenance): string {
  return ['passk', ...provenance.argv.map(shellWord)].join(' ');
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./^-]+$/u.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
