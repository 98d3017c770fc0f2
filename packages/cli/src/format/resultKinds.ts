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
  'passk.estimate.task': 2,
  'passk.estimate.rate': 2,
  'passk.estimate.file': 4,
  'passk.plan.demonstrate': 2,
  'passk.plan.precision': 2,
  'passk.plan.compare': 3,
  'passk.plan.compare-pilot': 2,
  'passk.plan.precision-pilot': 1,
  'passk.plan.audit': 1,
  'passk.plan.gate': 1,
  'passk.simulate': 3,
  'passk.sweep': 2,
  'passk.fit': 5,
  'passk.compare': 5,
  'passk.gate': 2,
  'passk.verifier': 1,
} as const satisfies Readonly<Record<ResultKind, number>>;

/** The result with its kind and schema version first (so it reads well in a file). */
export function withKind<K extends ResultKind, T extends object>(kind: K, result: T): { kind: K; schemaVersion: (typeof SCHEMA_VERSIONS)[K] } & T {
  return { kind, schemaVersion: SCHEMA_VERSIONS[kind], ...result };
}
