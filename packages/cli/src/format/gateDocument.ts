import { isCostMetric } from '../args/parseRequirement.js';
import type { GateDocument } from '../results/gateSchema.js';
import type { Estimand } from './estimandNotes.js';
import type { GateCheck, GateResult } from './gateOutput.js';
import { RESULT_KINDS, withKind } from './resultKinds.js';

/**
 * `passk gate --json`: the verdict, and each requirement with its estimate, the one-sided bound it
 * was judged by (also as a one-sided interval, the other end at the edge of the range) and whether
 * it passed, and the design check's false-fail rate (the passk.gate contract, results/gateSchema.ts).
 */
export function gateDocument(result: GateResult, estimand: Estimand, design: GateDocument['design']): GateDocument {
  const requirements = result.checks.map((check) => requirementOf(check, result.confidence));
  const failed = requirements.filter((requirement) => !requirement.pass).length;
  return withKind(RESULT_KINDS.gate, {
    file: result.file,
    baseline: result.baseline,
    confidence: result.confidence,
    estimand,
    verdict: failed === 0 ? ('pass' as const) : ('fail' as const),
    passed: requirements.length - failed,
    failed,
    requirements,
    design,
  });
}

function requirementOf(check: GateCheck, confidence: number): GateDocument['requirements'][number] {
  const { requirement } = check;
  // The range's edge on the other side: a rate is in [0, 1], a difference of rates in [−1, 1]; a cost is
  // ≥ 0 with no upper edge, so a cost's lower bound is shown with itself as the other end (a point), as
  // is a cost difference's bound (no edge on either side).
  const cost = isCostMetric(requirement.metric);
  const edge = cost ? (check.side === 'upper' && !requirement.delta ? 0 : check.bound) : check.side === 'lower' ? 1 : requirement.delta ? -1 : 0;
  const [lower, upper] = check.side === 'lower' ? [check.bound, edge] : [edge, check.bound];
  return {
    requirement: requirement.text,
    metric: requirement.metric,
    k: requirement.k,
    delta: requirement.delta,
    op: requirement.op,
    threshold: requirement.threshold,
    value: check.estimate,
    side: check.side,
    bound: check.bound,
    interval: { lower, upper, level: confidence, method: check.method },
    pass: check.pass,
  };
}
