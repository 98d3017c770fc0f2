import { InputError } from '@passk/sim/errors';
import { parseWhole } from './documentFormat.js';
import { JsonRecordCounter } from './jsonRecordCounter.js';
import { listNames, type ResultsColumns } from './resultsColumns.js';
import type { ResultsFormat, ResultsFormatContext, ResultsFormatOutcome } from './resultsFormat.js';

const OPEN_BRACE = 0x7b;
/** The head of an evaluation results document: `{"date": "…", ["hash": "…",] "eval": {`, as EvalPlus and BigCodeBench write it. */
const HEAD = /^\{\s*"date"\s*:\s*"[^"]*"\s*,\s*(?:"hash"\s*:\s*"[^"]*"\s*,\s*)?"eval"\s*:\s*\{/;
/** How much of the head the sniff decodes: the date, the hash and the `eval` key fit in far less. */
const SNIFF_BYTES = 1024;

/** The statuses the evaluators write (`evalplus.eval` / `bigcodebench.eval`: PASS, FAIL, TIMEOUT): only "pass" is a success. */
const STATUSES: Readonly<Record<string, boolean>> = { pass: true, fail: false, timeout: false };

/** Which outcome of a sample is read: its label (as reported) and the statuses that must all be "pass". */
interface Outcome {
  label: string;
  keys: readonly ('base_status' | 'plus_status' | 'status')[];
}

const EVALPLUS_PLUS: Outcome = { label: 'base_status = plus_status = pass', keys: ['base_status', 'plus_status'] };
const EVALPLUS_BASE: Outcome = { label: 'base_status = pass', keys: ['base_status'] };
const BIGCODEBENCH: Outcome = { label: 'status = pass', keys: ['status'] };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when the file starts like an EvalPlus or BigCodeBench evaluation results document. */
export function sniffEvalResults(head: Uint8Array): boolean {
  if (head[0] !== OPEN_BRACE) return false;
  const text = Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, SNIFF_BYTES)).toString('utf8');
  return HEAD.test(text);
}

/**
 * A task's samples as `{status keys: value}` records, in the order of their completion ids: the
 * current layout (a list of sample records), or EvalPlus's older one (`{nfiles, base: [[status,
 * details], …], plus: […]}`, which its own `compatible_eval_result` still reads).
 */
function samplesOf(value: unknown, where: string): Record<string, unknown>[] {
  if (Array.isArray(value)) {
    return value.map((sample, i) => {
      if (!isObject(sample)) throw new InputError(`${where}[${i}]`, 'must be a JSON object (one evaluated sample)', JSON.stringify(sample)?.slice(0, 60));
      return sample;
    });
  }
  if (isObject(value) && Array.isArray(value.base)) {
    const plus = Array.isArray(value.plus) ? value.plus : [];
    const status = (entry: unknown) => (Array.isArray(entry) ? entry[0] : entry);
    return value.base.map((entry, i) => ({ base_status: status(entry), plus_status: plus.length > 0 ? status(plus[i]) : null }));
  }
  throw new InputError(where, "must be the list of the task's evaluated samples (or an {nfiles, base, plus} object)", JSON.stringify(value)?.slice(0, 60));
}

/**
 * The outcome read: `--success-col base_status` (EvalPlus's base tests), `plus_status` (base and
 * plus tests, EvalPlus's "+" score) or `status` (BigCodeBench); by default the file's own: status
 * for BigCodeBench, base and plus for EvalPlus unless it was run with --base-only (plus_status null).
 */
function outcomeOf(first: Record<string, unknown>, successColumn: string | undefined, file: string): Outcome {
  const evalPlus = 'base_status' in first;
  const choices: Record<string, Outcome> = evalPlus ? { plus_status: EVALPLUS_PLUS, base_status: EVALPLUS_BASE } : { status: BIGCODEBENCH };
  if (successColumn !== undefined) {
    const chosen = choices[successColumn];
    if (chosen === undefined)
      throw new InputError(
        '--success-col',
        `must be one of ${listNames(Object.keys(choices))} for ${file} (${evalPlus ? 'EvalPlus' : 'BigCodeBench'} results)`,
        successColumn,
      );
    return chosen;
  }
  if (evalPlus) return first.plus_status === null || first.plus_status === undefined ? EVALPLUS_BASE : EVALPLUS_PLUS;
  if ('status' in first) return BIGCODEBENCH;
  throw new InputError(
    file,
    `must hold evaluated samples with "base_status" (EvalPlus) or "status" (BigCodeBench); the first sample has keys ${listNames(Object.keys(first))}`,
  );
}

/** A sample's outcome: true when every status read is "pass"; an unknown status is refused. */
function passed(sample: Record<string, unknown>, outcome: Outcome, where: string): boolean {
  let all = true;
  for (const key of outcome.keys) {
    const value = sample[key];
    const known = typeof value === 'string' ? STATUSES[value] : undefined;
    if (known === undefined) throw new InputError(where, `key ${JSON.stringify(key)} must be "pass", "fail" or "timeout"`, value === undefined ? null : value);
    all &&= known;
  }
  return all;
}

/**
 * Reads EvalPlus's `eval_results.json` (evalplus/evalplus, `evalplus/evaluate.py`: `{date, hash,
 * eval: {task_id: [{task_id, solution, base_status, plus_status, base_fail_tests,
 * plus_fail_tests}, …]}, pass_at_k}`, statuses "pass", "fail", "timeout") and BigCodeBench's
 * `*_eval_results.json` (bigcode-project/bigcodebench, `bigcodebench/evaluate.py`: `{date, eval:
 * {task_id: [{task_id, solution, status, details}, …]}}`): one attempt per sample of a task, in
 * completion order (trial = index); success as the evaluator counts it for pass@k: EvalPlus's "+"
 * score needs base and plus tests to pass, its base score (`--success-col base_status`) the base
 * tests; BigCodeBench's `status`. A timeout is a failure, as both count it.
 */
async function readEvalResults(context: ResultsFormatContext, expected: 'evalplus' | 'bigcodebench' | undefined): Promise<ResultsFormatOutcome> {
  const { window, options, counts, dropped, trials, state } = context;
  const file = window.file;
  const doc = await parseWhole(context);
  if (!isObject(doc) || !isObject(doc.eval)) {
    const keys = isObject(doc) ? `keys ${listNames(Object.keys(doc))}` : Array.isArray(doc) ? 'an array' : typeof doc;
    throw new InputError(
      file,
      `must be an evaluation results document with an object "eval" ({task_id: [evaluated samples]}) as EvalPlus and BigCodeBench write; got ${keys}`,
    );
  }
  const tasks = Object.entries(doc.eval);
  if (tasks.length === 0) throw new InputError(file, 'must hold at least one task in "eval"');
  const samples = tasks.map(([task, value]) => samplesOf(value, `${file} (eval[${JSON.stringify(task)}])`));
  const first = samples.find((list) => list.length > 0)?.[0];
  if (first === undefined) throw new InputError(file, 'must hold at least one evaluated sample in "eval"');
  const outcome = outcomeOf(first, options.successColumn, file);
  const format = outcome === BIGCODEBENCH ? 'bigcodebench' : 'evalplus';
  if (expected !== undefined && expected !== format)
    throw new InputError(
      file,
      `holds ${format === 'evalplus' ? 'EvalPlus' : 'BigCodeBench'} results (its samples have ${outcome.keys.join(', ')}), not ${expected}: read it with --format ${format} (or auto)`,
    );
  const columns: ResultsColumns = { task: 'task_id', success: outcome.label };
  const counter = new JsonRecordCounter({
    file,
    columns,
    outcome: { kind: 'success' },
    counts,
    dropped,
    trials,
    infoError: false,
    state,
    place: (_line, record) => `${file} (eval[${JSON.stringify(tasks[record - 1]![0])}])`,
  });
  tasks.forEach(([task], t) => {
    const where = (i: number) => `${file} (eval[${JSON.stringify(task)}][${i}])`;
    const outcomes = samples[t]!.map((sample, i) => passed(sample, outcome, where(i)));
    counter.count({ task_id: task, [outcome.label]: outcomes }, 0, t + 1);
  });
  return { format, columns };
}

/** EvalPlus's `eval_results.json`; also recognised by content (`{"date": …, "hash": …, "eval": {`), and then BigCodeBench's too. */
export const evalPlusFormat: ResultsFormat = {
  name: 'evalplus',
  extensions: [],
  sniff: sniffEvalResults,
  read: (context) => readEvalResults(context, context.options.format === 'evalplus' ? 'evalplus' : undefined),
};

/** BigCodeBench's `*_eval_results.json`, by name; under `auto` the EvalPlus format recognises it and reports it as bigcodebench. */
export const bigCodeBenchFormat: ResultsFormat = {
  name: 'bigcodebench',
  extensions: [],
  sniff: () => false,
  read: (context) => readEvalResults(context, 'bigcodebench'),
};
