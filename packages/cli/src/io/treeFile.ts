import { basename, extname } from 'node:path';
import { classifyDocument } from './documentFormat.js';
import { sniffEvalResults } from './evalPlusFormat.js';
import { isZip } from './inspectEvalFormat.js';
import { readJsonHead, type JsonHead, type JsonValueHead } from './jsonHead.js';
import { RESULTS_EXTENSIONS } from './resultsExtensions.js';

/** The harnesses whose output lies in trees (run folders, submission folders, log folders) with other files beside the results. */
export type TreeHarness = 'terminal-bench' | 'tau2-bench' | 'tau-bench' | 'inspect' | 'cruxeval' | 'aider';

/** What a file found by walking a folder (or matching a glob) is. */
export type TreeFile =
  /** A results file of a harness, or plain records (CSV, JSON Lines, a JSON array of records, task → outcomes: harness undefined). */
  | { readonly role: 'results'; readonly harness: TreeHarness | undefined }
  /** A JSON document the first bytes do not tell (not JSON, or an object whose keys so far name no harness): read only where no harness's results are. */
  | { readonly role: 'undecided' }
  /** A Terminal-Bench per-trial results.json: one record of its run's results.json, copied into the trial's folder. */
  | { readonly role: 'trialCopy'; readonly trial: string; readonly task: string }
  /** Not a results file (what a harness writes beside its results, or any other file); `kind` names it in the summary. */
  | { readonly role: 'beside'; readonly kind: string };

/** How much of a file is read to tell what it is: a harness's file says so in its first keys. */
export const TREE_HEAD_BYTES = 16 * 1024;

/** Files a harness writes beside its results, named as they are in the summary of what was skipped. */
const SIDE_FILE_NAMES: ReadonlySet<string> = new Set(['tb.lock', 'run.log', 'run_metadata.json', 'submission.json', 'logs.json', 'eval-set.json']);

/** True for a kind of skipped file that a harness writes beside its results (listed first in the summary). */
export function isSideFileKind(kind: string): boolean {
  return SIDE_FILE_NAMES.has(kind);
}

/** True for a file whose extension makes it a results candidate (its content is then read to tell). */
export function hasResultsExtension(path: string): boolean {
  return RESULTS_EXTENSIONS.includes(extname(path).toLowerCase());
}

/** How a skipped file is counted: by its name when a harness writes it or when it has a results extension, else by its extension. */
export function besideKind(path: string): string {
  const name = basename(path);
  const extension = extname(name).toLowerCase();
  if (SIDE_FILE_NAMES.has(name) || extension === '' || RESULTS_EXTENSIONS.includes(extension) || /^readme\b/i.test(name)) return name;
  return extension;
}

/**
 * What a file with a results extension is, from its first bytes (`head`, up to TREE_HEAD_BYTES):
 * - Terminal-Bench: a run's `results.json` (`results[]` of trial records: `trial_name`, `task_id`,
 *   `is_resolved`), a per-trial copy (one such record: `trial_name`, `task_id`, `instruction`, …),
 *   `run_metadata.json` (`run_id`, `agent_name`, `dataset_path`, …);
 * - τ²-bench: results (`timestamp`, `info` with `agent_info`/`user_info`, `tasks`, `simulations[]`),
 *   a leaderboard `submission.json` (`model_name`, `submission_date`, `contact_info`, `results` by domain);
 * - inspect_ai: `.eval` archives and `.json` logs (`eval` with `task`, `model`, …), the log folder's
 *   `logs.json` listing (log file name → log header) and `eval-set.json` (`eval_set_id`, `tasks[]`);
 * - τ-bench arrays (`task_id` with `reward` and `trial`, or `info`/`traj`) and CRUXEval (`raw_scored_generations`).
 * A JSON object that ends within the head and that no reader recognises (classifyDocument,
 * EvalPlus/BigCodeBench's first keys) is no results file; CSV, JSON Lines, arrays of records,
 * task → outcomes and what the readers recognise are plain results; anything else is undecided.
 * The readers check what is read.
 */
export function classifyTreeFile(path: string, head: Uint8Array): TreeFile {
  const extension = extname(path).toLowerCase();
  if (extension === '.eval') return { role: 'results', harness: isZip(head) ? 'inspect' : undefined };
  if (extension !== '.json') return { role: 'results', harness: undefined };
  if (isZip(head)) return { role: 'results', harness: 'inspect' };
  return classifyJson(path, readJsonHead(head), head);
}

function classifyJson(path: string, head: JsonHead, bytes: Uint8Array): TreeFile {
  const plain = { role: 'results', harness: undefined } as const;
  const undecided = { role: 'undecided' } as const;
  if (!head.valid || head.root === undefined) return undecided;
  if (head.root.type === 'array') {
    const keys = head.first?.keys ?? [];
    const tauBench = keys.includes('task_id') && (keys.includes('info') || keys.includes('traj') || (keys.includes('reward') && keys.includes('trial')));
    return tauBench ? { role: 'results', harness: 'tau-bench' } : plain;
  }
  if (head.root.type !== 'object') return undecided;
  const m = head.members;
  const has = (key: string, type?: JsonValueHead['type']) => m.has(key) && (type === undefined || m.get(key)!.type === type);
  const keysOf = (key: string) => m.get(key)?.keys ?? [];
  const harness = (name: TreeHarness): TreeFile => ({ role: 'results', harness: name });
  const beside: TreeFile = { role: 'beside', kind: besideKind(path) };
  if (has('results', 'array') && (keysOf('results').includes('trial_name') || keysOf('results').includes('is_resolved'))) return harness('terminal-bench');
  if (has('trial_name', 'string') && m.get('trial_name')!.text !== undefined && has('task_id', 'string') && !has('results'))
    return { role: 'trialCopy', trial: m.get('trial_name')!.text!, task: m.get('task_id')!.text ?? '' };
  if (has('simulations', 'array') || (has('info', 'object') && keysOf('info').some((key) => TAU2_INFO_KEYS.includes(key)))) return harness('tau2-bench');
  if (has('raw_scored_generations', 'object')) return harness('cruxeval');
  if (has('tests_outcomes', 'array') && (has('testdir', 'string') || has('testcase', 'string'))) return harness('aider');
  if (has('eval', 'object') && keysOf('eval').some((key) => INSPECT_EVAL_KEYS.includes(key))) return harness('inspect');
  // Files written beside the results.
  if (has('run_id', 'string') && (has('agent_name') || has('output_path') || has('dataset_path'))) return beside; // Terminal-Bench run_metadata.json
  if (has('model_name', 'string') && (has('submission_date') || has('contact_info') || has('submitting_organization'))) return beside; // τ²-bench submission.json
  if (has('eval_set_id', 'string') && has('tasks', 'array')) return beside; // inspect eval-set.json
  if (isLogListing(head)) return beside; // inspect logs.json
  // {task: [outcomes]}, as far as read.
  if (m.size > 0 && [...m.values()].every((value) => value.type === 'array' && value.outcomes === true)) return plain;
  // What the readers recognise: EvalPlus and BigCodeBench results by their first keys, the JSON
  // documents by classifyDocument, JSON Lines (several values) by the JSON Lines reader.
  if (sniffEvalResults(bytes)) return plain;
  if (!head.complete) return undecided;
  if (head.more) return plain;
  return recognisedDocument(head.text ?? '') ? plain : beside;
}

/** True for a whole JSON object the document reader recognises (documentFormat's classifyDocument). */
function recognisedDocument(text: string): boolean {
  try {
    const doc = JSON.parse(text) as unknown;
    return typeof doc === 'object' && doc !== null && !Array.isArray(doc) && classifyDocument(doc as Record<string, unknown>) !== undefined;
  } catch {
    return false;
  }
}

/** Keys of τ²-bench's `info` (run settings) at the top of its results files. */
const TAU2_INFO_KEYS = ['agent_info', 'user_info', 'environment_info'];

/** Keys of an inspect_ai log's `eval` (task and model of the run). */
const INSPECT_EVAL_KEYS = ['task', 'task_id', 'model', 'run_id', 'eval_id'];

/** An inspect_ai log folder's listing (`logs.json`): log file name → log header (`version`, `status`, `eval`, …). */
function isLogListing(head: JsonHead): boolean {
  if (head.members.size === 0) return false;
  return [...head.members].every(
    ([name, value]) => /\.(eval|json)$/i.test(name) && value.type === 'object' && (value.keys.includes('eval') || value.keys.includes('status')),
  );
}
