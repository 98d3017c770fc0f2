import type { PilotReport, Summary } from '@passk/sim';
import { RESULT_KINDS, withKind } from './resultKinds.js';

/** The result document of simulate/merge: `{ seed, scenario, rows, … }` plus the pilot when run. */
export function summaryDocument(summary: Summary, pilot: PilotReport | null): object {
  return withKind(RESULT_KINDS.simulate, pilot ? { ...summary, pilot } : summary);
}
