import { RESULT_KINDS, type ResultKind } from '../format/resultKinds.js';
import { compareSection } from './compareSection.js';
import { estimateFileSection } from './estimateFileSection.js';
import { estimateRateSection } from './estimateRateSection.js';
import { estimateTaskSection } from './estimateTaskSection.js';
import { fitSection } from './fitSection.js';
import { planCompareSection } from './planCompareSection.js';
import { planDemonstrateSection } from './planDemonstrateSection.js';
import { planPrecisionSection } from './planPrecisionSection.js';
import type { PasskResult } from './reportInput.js';
import type { ResultSection } from './resultSection.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import { simulateSection } from './simulateSection.js';
import { sweepSection } from './sweepSection.js';

const SECTIONS = {
  [RESULT_KINDS.estimateTask]: estimateTaskSection,
  [RESULT_KINDS.estimateRate]: estimateRateSection,
  [RESULT_KINDS.estimateFile]: estimateFileSection,
  [RESULT_KINDS.planDemonstrate]: planDemonstrateSection,
  [RESULT_KINDS.planPrecision]: planPrecisionSection,
  [RESULT_KINDS.planCompare]: planCompareSection,
  [RESULT_KINDS.simulate]: simulateSection,
  [RESULT_KINDS.sweep]: sweepSection,
  [RESULT_KINDS.fit]: fitSection,
  [RESULT_KINDS.compare]: compareSection,
} satisfies { readonly [K in ResultKind]: (document: ResultDocumentOf<K>) => ResultSection };

/** The report section (lead, tables, method notes) for a result of any kind. */
export function sectionFor(result: PasskResult): ResultSection {
  // TypeScript cannot correlate the kind with its section's parameter: the map above checks each pair.
  return (SECTIONS[result.kind] as (document: PasskResult) => ResultSection)(result);
}
