import type { PilotReport, Summary } from '@passk/sim/internal';
import type { ObservedFromLog } from './observedFromLog.js';
import { RESULT_KINDS, withKind } from './resultKinds.js';

/**
 * The result document of simulate/merge: `{ seed, scenario, rows, … }` plus the pilot when run and,
 * with --tasks-from, the log's own values (`observed`).
 */
export function summaryDocument(summary: Summary, pilot: PilotReport | null, observed: ObservedFromLog | null = null): object {
  return withKind(RESULT_KINDS.simulate, { ...summary, ...(observed ? { observed } : {}), ...(pilot ? { pilot } : {}) });
}
