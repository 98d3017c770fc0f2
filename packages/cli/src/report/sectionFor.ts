import { RESULT_KINDS } from '../format/resultKinds.js';
import { compareSection } from './compareSection.js';
import { estimateFileSection } from './estimateFileSection.js';
import { estimateRateSection } from './estimateRateSection.js';
import { estimateTaskSection } from './estimateTaskSection.js';
import { fitSection } from './fitSection.js';
import { gateSection } from './gateSection.js';
import { planAuditSection } from './planAuditSection.js';
import { planCompareSection } from './planCompareSection.js';
import { planComparePilotSection } from './planComparePilotSection.js';
import { planPrecisionPilotSection } from './planPrecisionPilotSection.js';
import { planDemonstrateSection } from './planDemonstrateSection.js';
import { planGateSection } from './planGateSection.js';
import { planPrecisionSection } from './planPrecisionSection.js';
import type { PasskResult } from './reportInput.js';
import type { ResultSection } from './resultSection.js';
import { simulateSection } from './simulateSection.js';
import { sweepSection } from './sweepSection.js';
import { verifierSection } from './verifierSection.js';

/**
 * The report section (lead, tables, method notes) for a result of any kind; a new kind gets a case
 * here (the compiler asks for one).
 */
export function sectionFor(result: PasskResult): ResultSection {
  switch (result.kind) {
    case RESULT_KINDS.estimateTask:
      return estimateTaskSection(result);
    case RESULT_KINDS.estimateRate:
      return estimateRateSection(result);
    case RESULT_KINDS.estimateFile:
      return estimateFileSection(result);
    case RESULT_KINDS.planDemonstrate:
      return planDemonstrateSection(result);
    case RESULT_KINDS.planPrecision:
      return planPrecisionSection(result);
    case RESULT_KINDS.planCompare:
      return planCompareSection(result);
    case RESULT_KINDS.planComparePilot:
      return planComparePilotSection(result);
    case RESULT_KINDS.planPrecisionPilot:
      return planPrecisionPilotSection(result);
    case RESULT_KINDS.planAudit:
      return planAuditSection(result);
    case RESULT_KINDS.planGate:
      return planGateSection(result);
    case RESULT_KINDS.simulate:
      return simulateSection(result);
    case RESULT_KINDS.sweep:
      return sweepSection(result);
    case RESULT_KINDS.fit:
      return fitSection(result);
    case RESULT_KINDS.compare:
      return compareSection(result);
    case RESULT_KINDS.gate:
      return gateSection(result);
    case RESULT_KINDS.verifier:
      return verifierSection(result);
  }
}
