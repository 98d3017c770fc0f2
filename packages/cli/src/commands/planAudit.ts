import { InputError, plan as planJobs, requireInteger, requireOpenUnit, type AuditJobOptions } from '@passk/sim/internal';
import { RESULT_KINDS, withKind } from '../format/resultKinds.js';
import type { PlanAuditDocument } from '../results/planSchemas.js';
import type { ResultsFileArgs } from './resultsFileOptions.js';

/** The options of `plan audit`. */
export interface PlanAuditArgs extends ResultsFileArgs {
  file?: string[];
  'truth-col'?: string;
  'half-width': number;
  tasks?: number;
  metric: 'passAtK' | 'passHatK';
  k: number;
  confidence: number;
  mean?: number;
  concentration: number;
  trials?: number;
  'judge-false-accept'?: number;
  'judge-false-reject'?: number;
}

/** The rate options, all needed when no pilot is given. */
const RATE_OPTIONS = ['mean', 'trials', 'judge-false-accept', 'judge-false-reject'] as const;

/**
 * `passk plan audit`: how many of T judged tasks to audit for a target half-width of the judge-corrected
 * interval, from a pilot log with some audit (`FILE --truth-col COL`: its moments at the metric and k)
 * or from the judge's error rates and the agent's task population (pass@1: --mean, --concentration,
 * --trials, --judge-false-accept, --judge-false-reject, --tasks). `planAudit` in the library.
 */
export async function planAuditDocument(args: PlanAuditArgs): Promise<PlanAuditDocument> {
  const halfWidth = requireOpenUnit('--half-width', args['half-width']);
  const confidence = requireOpenUnit('--confidence', args.confidence);
  const k = requireInteger('--k', args.k, 1);
  const files = args.file ?? [];
  let input: AuditJobOptions;
  let from: PlanAuditDocument['from'];
  if (files.length > 0) {
    const given = RATE_OPTIONS.find((name) => args[name] !== undefined);
    if (given !== undefined) throw new InputError(`--${given}`, 'cannot be combined with a pilot FILE (its moments come from the file)', args[given]);
    const column = args['truth-col'] as string | string[] | undefined;
    if (column === undefined) throw new InputError('--truth-col', 'is required with a pilot FILE (the column with the truth on its audited tasks)');
    if (Array.isArray(column)) throw new InputError('--truth-col', 'must be given once (one truth column for the pilot)', column.length);
    const { readJudgedTasks } = await import('./readJudgedTasks.js');
    const { tasks: judged, audited, verdicts } = await readJudgedTasks(files, args, column);
    const used = judged.filter((task) => task.n >= k);
    if (used.filter((task) => task.truth !== undefined).length < 2) {
      throw new InputError('--k', `must leave at least 2 audited tasks with n ≥ k in the pilot (${audited} audited)`, k);
    }
    const tasks = args.tasks === undefined ? {} : { tasks: requireInteger('--tasks', args.tasks, 3) };
    input = { halfWidth, confidence, metric: args.metric, k, pilot: judged, ...tasks };
    from = { pilot: verdicts.sources.join(' '), column, audited, of: judged.length };
  } else {
    const missing = RATE_OPTIONS.find((name) => args[name] === undefined);
    if (missing !== undefined) throw new InputError(`--${missing}`, 'is required without a pilot FILE (or give a pilot log with --truth-col)');
    if (args.metric !== 'passAtK' || k !== 1)
      throw new InputError('--k', 'must be 1 with pass@1 when planning from rates (a pilot FILE plans any metric and k)', k);
    if (args.tasks === undefined) throw new InputError('--tasks', 'is required without a pilot FILE (the tasks the judge scores)');
    const tasks = requireInteger('--tasks', args.tasks, 3);
    const rates = {
      mean: args.mean!,
      concentration: args.concentration,
      trials: args.trials!,
      falseAccept: args['judge-false-accept']!,
      falseReject: args['judge-false-reject']!,
    };
    input = { halfWidth, confidence, metric: args.metric, k, tasks, rates };
    from = rates;
  }
  // The document names where the moments came from (`from`) after the plan's question, before its answer.
  const { metric, k: planned, tasks, halfWidth: wanted, confidence: level, ...answer } = planJobs.audit(input);
  return withKind(RESULT_KINDS.planAudit, { metric, k: planned, tasks, halfWidth: wanted, confidence: level, from, ...answer });
}
