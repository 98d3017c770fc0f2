import { currentProvenance, type Provenance } from '../results/provenance.js';

/**
 * Every JSON result the CLI prints or writes carries `kind` and `schemaVersion`, so `passk chart`,
 * `passk report` and `passk merge` can tell what they were given (and refuse what does not fit).
 * The contract of each kind is its schema in `results/` (documented in docs/results.md).
 */
export const RESULT_KINDS = {
  estimateTask: 'passk.estimate.task',
  estimateRate: 'passk.estimate.rate',
  estimateFile: 'passk.estimate.file',
  planDemonstrate: 'passk.plan.demonstrate',
  planPrecision: 'passk.plan.precision',
  planCompare: 'passk.plan.compare',
  planComparePilot: 'passk.plan.compare-pilot',
  planPrecisionPilot: 'passk.plan.precision-pilot',
  planAudit: 'passk.plan.audit',
  planGate: 'passk.plan.gate',
  simulate: 'passk.simulate',
  sweep: 'passk.sweep',
  fit: 'passk.fit',
  compare: 'passk.compare',
  gate: 'passk.gate',
  verifier: 'passk.verifier',
} as const;

export type ResultKind = (typeof RESULT_KINDS)[keyof typeof RESULT_KINDS];

/**
 * The schema version of each kind. Documents written before versions existed count as version 1;
 * raise a kind's number whenever a field of it is renamed, removed or changes meaning.
 */
export const SCHEMA_VERSIONS = {
  'passk.estimate.task': 3,
  'passk.estimate.rate': 3,
  'passk.estimate.file': 5,
  'passk.plan.demonstrate': 3,
  'passk.plan.precision': 3,
  'passk.plan.compare': 4,
  'passk.plan.compare-pilot': 4,
  'passk.plan.precision-pilot': 2,
  'passk.plan.audit': 2,
  'passk.plan.gate': 2,
  'passk.simulate': 4,
  'passk.sweep': 4,
  'passk.fit': 6,
  'passk.compare': 6,
  'passk.gate': 3,
  'passk.verifier': 2,
} as const satisfies Readonly<Record<ResultKind, number>>;

/**
 * The result with its kind, schema version and provenance first (so it reads well in a file):
 * the command line and passk version of the command running now (results/provenance.ts).
 */
export function withKind<K extends ResultKind, T extends object>(
  kind: K,
  result: T,
): { kind: K; schemaVersion: (typeof SCHEMA_VERSIONS)[K]; provenance: Provenance } & T {
  const { argv, passk } = currentProvenance();
  return { kind, schemaVersion: SCHEMA_VERSIONS[kind], provenance: { argv: [...argv], passk }, ...result };
}
