import { basename } from 'node:path';
import { InputError, resolveScenario, scenarioToInput, type Scenario } from '@passk/sim/internal';
import { parseScenarioText } from './readScenarioFile.js';
import { readTextFile } from './readTextFile.js';
import { FILE_KIND_HEAD_BYTES, refuseOtherFileKind } from './fileKind.js';

/**
 * `--verifier-from FILE`: the scenario with its `verifier` section replaced by the file's, a
 * fragment `verifier: { falseAccept, falseReject, measured: {…} }` as `passk verifier --out`
 * writes it (YAML or JSON; any other top-level key is refused, so a whole scenario given by
 * mistake is not half used); the scenario's name says so. Errors name the file: its syntax at `FILE:line`, its keys as
 * `FILE: verifier.measured.…` (the scenario resolver's rules).
 */
export async function withVerifierFrom(scenario: Scenario, path: string): Promise<Scenario> {
  const text = await readTextFile(path);
  // A results log, passk result or shard given as --verifier-from: one line naming the command that reads it.
  refuseOtherFileKind(Buffer.from(text.slice(0, FILE_KIND_HEAD_BYTES)), path, 'verifier');
  const fragment = parseScenarioText(text, path);
  if (typeof fragment !== 'object' || fragment === null || Array.isArray(fragment) || !('verifier' in fragment)) {
    const found = typeof fragment === 'object' && fragment !== null && !Array.isArray(fragment) ? Object.keys(fragment)[0] : fragment;
    throw new InputError(path, 'must hold a verifier section (verifier: { falseAccept, falseReject, measured }, as passk verifier --out writes it)', found);
  }
  const other = Object.keys(fragment).find((key) => key !== 'verifier');
  if (other !== undefined) {
    throw new InputError(path, "must hold only the verifier section (--verifier-from replaces the scenario's verifier and nothing else)", other);
  }
  const name = `${scenario.name ?? 'scenario'}, its verifier replaced by ${basename(path)}`;
  const input = { ...scenarioToInput(scenario), name, verifier: (fragment as { verifier: unknown }).verifier };
  return resolveScenario(input, { source: path });
}
