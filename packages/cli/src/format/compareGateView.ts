import { judgeRequirement, type RunComparison } from '@passk/sim/internal';
import { formatPercent } from './percent.js';
import { formatPoints } from './points.js';

/**
 * What `passk gate FILE --baseline BASE --require 'delta(METRIC@k) >= 0'` would conclude on a paired
 * comparison: the one-sided bound at the comparison's level, by the gate's own rule
 * (`judgeRequirement` on the compared tasks' counts; for a paired comparison those are all the tasks
 * a gate pairs). compare's two-sided interval leaves (1 − c)/2 on each side, the gate 1 − c on the
 * one it tests, so "no difference shown" and a gate's PASS can both hold. null when unpaired.
 */
export function gateViewOfComparison(comparison: RunComparison, metric: 'passAtK' | 'passHatK', k: number, confidence: number, sides: 1 | 2): string | null {
  if (comparison.pairing.mode !== 'paired') return null;
  const tasks = comparison.perTask.tasks;
  const run = (name: string, side: 'baseline' | 'candidate') => ({ name, tasks: tasks.map((task) => ({ id: task.task, n: task[side].n, c: task[side].c })) });
  const level = confidence;
  const judged = judgeRequirement(
    { delta: true, metric, k, op: '>=', threshold: 0 },
    run(comparison.candidate, 'candidate'),
    run(comparison.baseline, 'baseline'),
    { confidence: level, estimand: 'population', minOverlap: comparison.pairing.minOverlap },
  );
  if (judged.status !== 'judged') return null;
  const name = metric === 'passAtK' ? `pass@${k}` : `pass^${k}`; // as a user types it in --require
  const verdict = judged.pass ? 'PASS' : 'FAIL';
  const reason = judged.pass ? 'is at least 0' : 'is below 0';
  const aside =
    sides === 2
      ? ` (compare's two-sided ${formatPercent(confidence, 0)} interval leaves ${formatPercent((1 - confidence) / 2)} on each side, the gate ${formatPercent(1 - confidence)} on the side it tests)`
      : '';
  return `A gate \`delta(${name}) >= 0\` at ${formatPercent(level, 0)} (one-sided, as passk gate judges) would ${verdict}: its lower bound ${formatPoints(judged.bound)} ${reason}${aside}.`;
}
