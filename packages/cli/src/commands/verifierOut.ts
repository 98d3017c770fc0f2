import { InputError, resolveScenario, verifierFragment } from '@passk/sim/internal';
import { basename } from 'node:path';
import { stringify } from 'yaml';
import type { OutputFile } from '../io/writeFilesTogether.js';
import type { VerifierDocument, VerifierRow } from '../results/verifierSchema.js';

/** Where `--out` puts the group's name: one file per group (and `all` for the pooled counts). */
export const GROUP_PLACEHOLDER = '{group}';

/**
 * The `--out` files: the measured verifier as a scenario `verifier` section (docs/verifiers.md) with
 * a comment naming the command, the passk version and the day. Several groups need `{group}` in
 * the path (one file per group, `all` for the pooled counts), else one group (`--where`). Each
 * fragment is read back by resolveScenario before anything is written.
 */
export function verifierOutFiles(path: string, document: VerifierDocument, header: readonly string[]): OutputFile[] {
  const templated = path.includes(GROUP_PLACEHOLDER);
  if (document.rows.length > 1 && !templated) {
    throw new InputError(
      '--out',
      `writes one verifier, but --by ${document.source.by} gave ${document.rows.length} groups: keep one with --where ${document.source.by}=VALUE, or put ${GROUP_PLACEHOLDER} in the file name (one file per group, "all" for the pooled counts)`,
      path,
    );
  }
  const rows = document.pooled === null ? document.rows : [...document.rows, document.pooled];
  const files = new Map<string, OutputFile>();
  for (const row of rows) {
    const name = row.group === null ? 'all' : row.group;
    const target = templated ? path.replaceAll(GROUP_PLACEHOLDER, safeName(name)) : path;
    if (files.has(target))
      throw new InputError('--out', `would write ${target} for two groups (their names differ only in characters a file name drops)`, path);
    files.set(target, { path: target, content: fragmentText(row, document, name, header) });
  }
  return [...files.values()];
}

/** A group's value as part of a file name: letters, digits, `.`, `_` and `-` kept, anything else `_`. */
function safeName(group: string): string {
  const safe = group.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '_');
  return safe === '' ? '_' : safe;
}

function fragmentText(row: VerifierRow, document: VerifierDocument, name: string, header: readonly string[]): string {
  const { source } = document;
  const names = (inputs: readonly string[]) => inputs.map((input) => basename(input)).join(' ');
  const files =
    names(source.verdicts) === names(source.truth) ? names(source.verdicts) : `${names(source.verdicts)} (verdicts) vs ${names(source.truth)} (truth)`;
  const group = source.by === null ? '' : `, ${source.by} = ${name}`;
  const text = `${files}: ${JSON.stringify(source.verdictColumn)} against ${JSON.stringify(source.truthColumn)}${group}`;
  const verifier = verifierFragment({ falseAccept: row.falseAccept ?? undefined, falseReject: row.falseReject ?? undefined }, text);
  // Read back as a scenario would read it: a fragment simulate cannot take is never written.
  resolveScenario({ tasks: { count: 1, successRate: { dist: 'point', p: 0.5 } }, policy: { maxAttempts: 1 }, verifier }, { source: '--out' });
  return `${header.map((line) => `# ${line}`).join('\n')}\n${stringify({ verifier })}`;
}
