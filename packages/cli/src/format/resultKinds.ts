/**
 * Every JSON result the CLI prints or writes carries `kind`, so `passk chart` and `passk report`
 * can tell what they were given (and refuse what does not fit).
 */
export const RESULT_KINDS = {
  estimateTask: 'passk.estimate.task',
  estimateRate: 'passk.estimate.rate',
  estimateFile: 'passk.estimate.file',
  planDemonstrate: 'passk.plan.demonstrate',
  planPrecision: 'passk.plan.precision',
  planCompare: 'passk.plan.compare',
  simulate: 'passk.simulate',
  sweep: 'passk.sweep',
  fit: 'passk.fit',
  compare: 'passk.compare',
} as const;

export type ResultKind = (typeof RESULT_KINDS)[keyof typeof RESULT_KINDS];

/** The result with its kind first (so it reads well in a file). */
export function withKind<T extends object>(kind: ResultKind, result: T): { kind: ResultKind } & T {
  return { kind, ...result };
}
