// The chart tests' inputs: CLI results in test/fixtures/charts/ (the commands that made them are in
// its README.md), read as `passk chart` reads a file: checked once against the schema of their kind.
import { readFileSync } from 'node:fs';
import type { ResultKind } from '../../../packages/cli/src/format/resultKinds.js';
import { checkResultDocument } from '../../../packages/cli/src/results/checkResultDocument.js';
import type { ResultDocumentOf } from '../../../packages/cli/src/results/resultSchemas.js';
import { fixture } from '../../helpers/runPassk.js';

/** A result document of `kind` as its schema declares it, mutable (tests trim or damage copies of it). */
export type Fixture<K extends ResultKind> = Mutable<ResultDocumentOf<K>>;

type Mutable<T> = T extends readonly (infer U)[] ? Mutable<U>[] : T extends object ? { -readonly [P in keyof T]: Mutable<T[P]> } : T;

/** test/fixtures/charts/NAME.json, checked against its schema, as a result of `kind` (another kind is a broken test). */
export function chartFixture<K extends ResultKind>(name: string, kind: K): Fixture<K> {
  const value: Fixture<K> = JSON.parse(readFileSync(fixture(`charts/${name}.json`), 'utf8'));
  const checked = checkResultDocument(value, `${name}.json`);
  if (checked.kind !== kind) throw new Error(`${name}.json is a ${checked.kind} result, not ${kind}`);
  return value;
}

/** A trimmed or damaged copy, checked again: what the chart is given is a document `passk chart` would read. */
export function checked<T extends object>(document: T): T {
  checkResultDocument(document, 'the test document');
  return document;
}
