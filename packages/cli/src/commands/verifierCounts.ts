import { InputError, verdictReader, type VerifierCounts } from '@passk/sim/internal';
import type { ResultGroups } from '../io/readTaskCounts.js';
import type { ResultsColumns } from '../io/resultsColumns.js';
import { SPLIT_SEPARATOR, type ResultsReadOptions } from '../io/resultsReadOptions.js';

/** The verdict × truth counts of one group (a value of `--by`, or "" without it). */
export interface VerifierGroupCounts {
  readonly group: string;
  readonly counts: VerifierCounts;
  /** Verdicts that parsed to neither side, by label as written, most frequent first. */
  readonly unparsedLabels: readonly { readonly label: string; readonly count: number }[];
}

/** Attempts of one log without a partner in the other (`--verdicts A --truth B`). */
export interface UnmatchedAttempts {
  readonly verdictsOnly: number;
  readonly truthOnly: number;
  /** The first few unmatched attempts, as `task` (with `group`, `trial` when there are). */
  readonly examples: readonly string[];
}

/** What `readVerifierCounts` returns. */
export interface VerifierReading {
  readonly groups: readonly VerifierGroupCounts[];
  readonly format: string;
  /** The columns the truth was read with (and, with one log, beside them the verdict column). */
  readonly truthColumns: ResultsColumns;
  readonly verdictColumn: string;
  /** Rows dropped by `--missing` / `--on-error` (no outcome, error rows), summed over the reads. */
  readonly dropped: number;
  readonly unmatched?: UnmatchedAttempts;
}

/** How the reader is called (readResultGroups), so tests and the command share this module without the file readers. */
export type ReadGroups = (inputs: readonly string[], options: ResultsReadOptions) => Promise<ResultGroups>;

const EXAMPLES = 3;

/**
 * One log with both columns: the reader splits every group (`--by`) further by the verdict column
 * (`splitBy`), so each (group, verdict label) has per-task trials n and right answers c by the truth;
 * a label read as accept adds its n − c to the wrong accepted, one read as reject its c to the right
 * rejected, any other label counts as unparsed, listed by label.
 */
export async function readOneLog(
  read: ReadGroups,
  inputs: readonly string[],
  options: ResultsReadOptions,
  verdictColumn: string,
  labels: { accept?: readonly string[]; reject?: readonly string[] },
): Promise<VerifierReading> {
  const verdictOf = verdictReader(labels);
  const truthColumn = options.successColumn ?? options.rewardColumn;
  if (truthColumn === verdictColumn) {
    throw new InputError(
      '--verdict-col',
      `must name another column than the truth (${options.successColumn === undefined ? '--reward-col' : '--success-col'})`,
      verdictColumn,
    );
  }
  const result = await read(inputs, { ...options, splitBy: [{ column: verdictColumn, option: '--verdict-col' }] });
  const truthColumns = result.groups[0]!.counts.columns;
  const usedTruth = truthColumns.success ?? truthColumns.reward ?? truthColumns.rate;
  if (usedTruth === verdictColumn) {
    throw new InputError(
      '--verdict-col',
      `must name another column than the truth (read from ${JSON.stringify(usedTruth)}; name it with --success-col)`,
      verdictColumn,
    );
  }
  const tallies = new Map<string, Tally>();
  for (const { group: key, counts } of result.groups) {
    const at = key.lastIndexOf(SPLIT_SEPARATOR);
    const group = options.by === undefined ? '' : key.slice(0, at);
    const label = key.slice(at + 1);
    const tally = tallyOf(tallies, group);
    const attempts = counts.rows;
    const right = counts.c.reduce((sum, c) => sum + c, 0);
    const verdict = verdictOf(label);
    if (verdict === 'unparsed') {
      tally.unparsed += attempts;
      tally.labels.set(label, (tally.labels.get(label) ?? 0) + attempts);
      continue;
    }
    tally.right += right;
    tally.wrong += attempts - right;
    if (verdict === 'accept') tally.wrongAccepted += attempts - right;
    else tally.rightRejected += right;
  }
  const groups = [...tallies].map(([group, tally]) => groupCounts(group, tally));
  refuseAllUnparsed(groups, `--verdict-col ${verdictColumn}`, labels);
  return { groups, format: result.format, truthColumns, verdictColumn, dropped: result.dropped.count };
}

/**
 * Two logs of the same attempts: each read on its own (the verdicts as outcomes, 1/0 or
 * true/false, from `verdictColumn`), split by `--by` and by the trial column when there is one, then
 * joined by (group, trial, task). Without a trial column each task must have one attempt per group.
 */
export async function readTwoLogs(
  read: ReadGroups,
  verdictInputs: readonly string[],
  truthInputs: readonly string[],
  options: ResultsReadOptions,
  verdictColumn: string | undefined,
): Promise<VerifierReading> {
  const splitBy = options.trialColumn === undefined ? [] : [{ column: options.trialColumn, option: '--trial-col' }];
  const verdictRead = await read(verdictInputs, { ...options, successColumn: verdictColumn, rewardColumn: undefined, splitBy });
  const truthRead = await read(truthInputs, { ...options, splitBy });
  const verdicts = attemptsOf(verdictRead, '--verdicts', verdictInputs);
  const truths = attemptsOf(truthRead, '--truth', truthInputs);
  const tallies = new Map<string, Tally>();
  const examples: string[] = [];
  let verdictsOnly = 0;
  for (const [key, attempt] of verdicts) {
    const truth = truths.get(key);
    if (truth === undefined) {
      verdictsOnly++;
      if (examples.length < EXAMPLES) examples.push(`${attempt.name} (verdict only)`);
      continue;
    }
    const tally = tallyOf(tallies, attempt.group);
    if (truth.outcome === 1) {
      tally.right++;
      if (attempt.outcome === 0) tally.rightRejected++;
    } else {
      tally.wrong++;
      if (attempt.outcome === 1) tally.wrongAccepted++;
    }
  }
  let truthOnly = 0;
  for (const [key, attempt] of truths) {
    if (verdicts.has(key)) continue;
    truthOnly++;
    if (examples.length < EXAMPLES * 2) examples.push(`${attempt.name} (truth only)`);
  }
  if (tallies.size === 0) {
    const first = (map: Map<string, Attempt>) => JSON.stringify([...map.values()][0]?.name ?? '');
    throw new InputError(
      '--truth',
      `must hold some of the attempts of --verdicts (joined by task${options.by === undefined ? '' : `, ${options.by}`}${options.trialColumn === undefined ? '' : `, ${options.trialColumn}`}), but none of its ${truths.size} match the ${verdicts.size} there (e.g. ${first(truths)} vs ${first(verdicts)})`,
      truthInputs.join(' '),
    );
  }
  const verdictColumns = verdictRead.groups[0]!.counts.columns;
  const usedVerdict = verdictColumns.success ?? verdictColumns.reward ?? '';
  const dropped = verdictRead.dropped.count + truthRead.dropped.count;
  return {
    groups: [...tallies].map(([group, tally]) => groupCounts(group, tally)),
    format: truthRead.format,
    truthColumns: truthRead.groups[0]!.counts.columns,
    verdictColumn: usedVerdict,
    dropped,
    unmatched: { verdictsOnly, truthOnly, examples },
  };
}

interface Tally {
  wrong: number;
  wrongAccepted: number;
  right: number;
  rightRejected: number;
  unparsed: number;
  labels: Map<string, number>;
}

interface Attempt {
  readonly group: string;
  readonly name: string;
  readonly outcome: number;
}

function tallyOf(tallies: Map<string, Tally>, group: string): Tally {
  let tally = tallies.get(group);
  if (tally === undefined) {
    tally = { wrong: 0, wrongAccepted: 0, right: 0, rightRejected: 0, unparsed: 0, labels: new Map() };
    tallies.set(group, tally);
  }
  return tally;
}

function groupCounts(group: string, tally: Tally): VerifierGroupCounts {
  const { wrong, wrongAccepted, right, rightRejected, unparsed } = tally;
  const unparsedLabels = [...tally.labels]
    .map(([label, count]) => ({ label, count }))
    .sort((x, y) => y.count - x.count || (x.label < y.label ? -1 : x.label > y.label ? 1 : 0));
  return { group, counts: { wrong, wrongAccepted, right, rightRejected, unparsed }, unparsedLabels };
}

/** The one-line refusal when no verdict of any group parsed: the labels seen, and the options that name them. */
function refuseAllUnparsed(groups: readonly VerifierGroupCounts[], where: string, labels: { accept?: readonly string[]; reject?: readonly string[] }): void {
  if (groups.some(({ counts }) => counts.wrong + counts.right > 0)) return;
  const seen = new Map<string, number>();
  for (const group of groups) for (const { label, count } of group.unparsedLabels) seen.set(label, (seen.get(label) ?? 0) + count);
  const shown = [...seen]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 6)
    .map(([label, count]) => `${JSON.stringify(label)} ×${count}`);
  const given = labels.accept === undefined && labels.reject === undefined ? 'true/false, 1/0, pass/fail or C/I' : 'the labels of --accept and --reject';
  throw new InputError(
    where,
    `must hold verdicts read as accept or reject (${given}), but none is; name them with --accept LABEL,… and --reject LABEL,…`,
    shown.join(', '),
  );
}

/** The attempts of one read by (group, trial, task), each with its outcome; more than one attempt under one key is refused. */
function attemptsOf(result: ResultGroups, option: string, inputs: readonly string[]): Map<string, Attempt> {
  const attempts = new Map<string, Attempt>();
  for (const { group: key, counts } of result.groups) {
    const parts = key === '' ? [] : key.split(SPLIT_SEPARATOR);
    const group = result.by === undefined ? '' : parts[0]!;
    const trial = result.by === undefined ? parts[0] : parts[1];
    const ids = counts.taskIds;
    for (let t = 0; t < ids.length; t++) {
      const name = [ids[t], result.by === undefined ? undefined : `${result.by}=${group}`, trial === undefined ? undefined : `trial ${trial}`]
        .filter((part) => part !== undefined)
        .join(', ');
      if (counts.n[t]! > 1) {
        throw new InputError(
          option,
          `must have one attempt per task to be joined attempt by attempt (name the attempt with --trial-col), but task ${name} has ${counts.n[t]}`,
          inputs.join(' '),
        );
      }
      attempts.set(`${group}\u001f${trial ?? ''}\u001f${ids[t]}`, { group, name, outcome: counts.c[t]! });
    }
  }
  return attempts;
}
