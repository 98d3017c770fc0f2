import type { TreeReading } from '../io/treeReading.js';

/** How many kinds of skipped files the line names before it sums up the rest. */
const KINDS_SHOWN = 6;

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/**
 * The one line saying how folders and globs were read, e.g. `walked runs: read 2 terminal-bench
 * results files; skipped 160 per-trial copies (their trials are in the run-level results.json of 2
 * run folders) and 8 other files (2 run_metadata.json, 2 tb.lock, 2 run.log, 2 .cast)`.
 */
export function describeTree(tree: TreeReading): string {
  const read = `read ${plural(tree.read, `${tree.harness === null ? '' : `${tree.harness} `}results file`)}`;
  const skips: string[] = [];
  const { skipped: copies, runFiles } = tree.trialCopies;
  if (copies > 0) {
    skips.push(`${plural(copies, 'per-trial copy', 'per-trial copies')} (their trials are in the run-level results.json of ${plural(runFiles, 'run folder')})`);
  }
  const others = tree.skipped.reduce((sum, kind) => sum + kind.count, 0);
  if (others > 0) {
    const shown = tree.skipped.slice(0, KINDS_SHOWN).map((kind) => `${kind.count.toLocaleString('en-US')} ${kind.kind}`);
    const rest = tree.skipped.slice(KINDS_SHOWN).reduce((sum, kind) => sum + kind.count, 0);
    if (rest > 0) shown.push(`${rest.toLocaleString('en-US')} more`);
    skips.push(`${plural(others, copies > 0 ? 'other file' : 'file')} beside them (${shown.join(', ')})`);
  }
  const skipping = skips.length === 0 ? ', nothing skipped' : `; skipped ${skips.join(' and ')}`;
  return `walked ${tree.walked.join(', ')}: ${read}${skipping}`;
}
