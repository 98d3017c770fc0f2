import { InputError, type CompareMetric, type RequirementOp } from '@passk/sim/internal';

/** A cost a requirement may bound: per solved task at k (`costPerSolved`), or per attempt. */
export type CostMetric = 'costPerSolved' | 'costPerAttempt';

/** What a gate requirement measures: a rate of `compare`, or a cost. */
export type GateMetric = CompareMetric | CostMetric;

/** One `--require` of `passk gate`, parsed. */
export interface Requirement {
  /** The expression as typed. */
  readonly text: string;
  /** `delta(…)`: the difference FILE − baseline rather than FILE's own value. */
  readonly delta: boolean;
  readonly metric: GateMetric;
  /** null for meanSuccess and costPerAttempt. */
  readonly k: number | null;
  readonly op: RequirementOp;
  /** As a probability (or a difference of probabilities): `80%` is 0.8; for a cost, the amount in the log's unit. */
  readonly threshold: number;
}

/** A requirement on a success rate (what `judgeRequirement` and the design check take), not a cost. */
export type RateRequirement = Requirement & { readonly metric: CompareMetric };

/** Whether a requirement bounds a success rate rather than a cost. */
export function isRateRequirement(requirement: Requirement): requirement is RateRequirement {
  return !isCostMetric(requirement.metric);
}

/** Whether a requirement bounds a cost (a money threshold) rather than a rate. */
export function isCostMetric(metric: GateMetric): metric is CostMetric {
  return metric === 'costPerSolved' || metric === 'costPerAttempt';
}

const METRIC = String.raw`(passAt@\d+|passHat@\d+|pass@\d+|pass\^\d+|meanSuccess|costPerSolved@\d+|costPerAttempt)`;
const PATTERN = new RegExp(String.raw`^\s*(?:delta\(\s*${METRIC}\s*\)|${METRIC})\s*(>=|≥|>|<=|≤|<)\s*([-+−]?(?:\d+\.?\d*|\.\d+))\s*(%?)\s*$`);
const FORM =
  "METRIC@K OP NUMBER with METRIC passAt or passHat (also pass@K, pass^K, meanSuccess) or a cost costPerSolved@K or costPerAttempt, OP >= > <= <, e.g. 'passHat@4 >= 0.80', 'delta(passAt@1) >= -0.02' or 'costPerSolved@1 <= 2.5'";

/** The metric and k of a metric as typed: `pass^4` → passHatK, 4. */
function metricOf(typed: string): { metric: GateMetric; kText: string | undefined } {
  const [name, kText] = typed.split(/[@^]/) as [string, string | undefined];
  const metric: GateMetric =
    name === 'passAt' || (name === 'pass' && typed.includes('@'))
      ? 'passAtK'
      : name === 'passHat' || name === 'pass'
        ? 'passHatK'
        : (name as 'meanSuccess' | CostMetric);
  return { metric, kText };
}

/**
 * Parses a gate requirement: `passHat@4 >= 0.80`, `pass^4 ≥ 80%`, `meanSuccess > 0.5`,
 * `delta(passHat@4) >= -0.02`, `costPerSolved@1 <= 2.5`, `delta(costPerAttempt) <= 0`. Anything else
 * is an InputError naming `--require`, the expected form and the text as typed. A plain rate
 * threshold must be in [0, 1], a delta of rates in [−1, 1]; a cost threshold is an amount (≥ 0, any
 * sign for a delta) and never a percentage.
 */
export function parseRequirement(text: string): Requirement {
  const match = PATTERN.exec(text);
  if (!match) throw new InputError('--require', `must be ${FORM}`, text);
  const isDelta = match[1] !== undefined;
  const { metric, kText } = metricOf(match[1] ?? match[2]!);
  const k = kText === undefined ? null : Number(kText);
  if (k !== null && !(Number.isSafeInteger(k) && k >= 1)) throw new InputError('--require', 'k must be an integer ≥ 1', text);
  const op = ({ '≥': '>=', '≤': '<=' } as Record<string, RequirementOp>)[match[3]!] ?? (match[3] as RequirementOp);
  const number = Number(match[4]!.replace('−', '-'));
  if (isCostMetric(metric)) {
    if (match[5] === '%') throw new InputError('--require', "a cost threshold is an amount in the log's unit, not a percentage", text);
    if (!isDelta && !(number >= 0)) throw new InputError('--require', 'a cost threshold must be ≥ 0 (a delta may be negative)', text);
    return { text, delta: isDelta, metric, k, op, threshold: number };
  }
  const threshold = number / (match[5] === '%' ? 100 : 1);
  const [low, high] = isDelta ? [-1, 1] : [0, 1];
  if (!(threshold >= low && threshold <= high)) {
    throw new InputError('--require', `threshold must be in [${low}, ${high}] (or ${low * 100}%..${high * 100}%)${isDelta ? ' for a delta' : ''}`, text);
  }
  return { text, delta: isDelta, metric, k, op, threshold };
}
