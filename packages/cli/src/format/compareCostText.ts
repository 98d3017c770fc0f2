import type { CompareCost } from '../commands/compareCosts.js';
import { describeLevel } from './describe.js';
import type { Interval } from '@passk/sim/internal';

/** A cost as shown: two decimals from 1 up, else three significant digits. */
function money(value: number): string {
  const size = Math.abs(value);
  return size >= 1 ? value.toFixed(2) : value.toPrecision(3);
}

function signed(value: number): string {
  return `${value < 0 ? '−' : '+'}${money(Math.abs(value))}`;
}

function bracket(interval: Interval | null, sign = false): string {
  if (interval === null) return '[—]';
  const show = sign ? signed : money;
  return `[${show(interval.lower)}, ${show(interval.upper)}]`;
}

/**
 * The cost lines of a comparison's answer, at the first k compared: the verdict on cost per solved
 * task from its B − A interval ("B costs 0.12 less per solved task than A [−0.20, −0.04]" where it
 * excludes 0), each run's cost per solved task, and B − A per attempt. Names as already shown.
 */
export function compareCostLines(cost: CompareCost, names: { readonly baseline: string; readonly candidate: string }, confidence: number): string[] {
  const row = cost.rows[0];
  if (row === undefined) return [];
  const { baseline, candidate } = names;
  const level = describeLevel(confidence);
  const solved = row.perSolved;
  const where = `(k = ${row.k}, ${level} interval, ${row.tasks} tasks)`;
  let lead: string;
  if (solved.difference === null) lead = `cost per solved task not estimable: nothing solved in a run at k = ${row.k} over ${row.tasks} tasks priced in both`;
  else if (solved.interval !== null && (solved.interval.lower > 0 || solved.interval.upper < 0)) {
    const way = solved.difference < 0 ? 'less' : 'more';
    lead = `${candidate} costs ${money(Math.abs(solved.difference))} ${way} per solved task than ${baseline} ${bracket(solved.interval, true)} ${where}`;
  } else lead = `no clear difference in cost per solved task: B − A = ${signed(solved.difference)} ${bracket(solved.interval, true)} ${where}`;
  const each = `per solved task ${baseline} ${perSolved(solved.baseline)}, ${candidate} ${perSolved(solved.candidate)}`;
  const attempt = row.perAttempt;
  const perAttempt = attempt.difference === null ? '' : `; per attempt B − A = ${signed(attempt.difference)} ${bracket(attempt.interval, true)}`;
  return [lead, `${each}${perAttempt}`];
}

function perSolved(value: { readonly value: number | null; readonly interval: Interval | null }): string {
  return value.value === null ? '—' : `${money(value.value)} ${bracket(value.interval)}`;
}
