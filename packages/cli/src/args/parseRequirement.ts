import { InputError, type CompareMetric } from '@passk/sim';

/** Comparisons a requirement may use. ≥ and > test the lower confidence bound, ≤ and < the upper. */
export type RequirementOp = '>=' | '>' | '<=' | '<';

/** One `--require` of `passk gate`, parsed. */
export interface Requirement {
  /** The expression as typed. */
  readonly text: string;
  /** `delta(…)`: the difference FILE − baseline rather than FILE's own value. */
  readonly delta: boolean;
  readonly metric: CompareMetric;
  /** null for meanSuccess. */
  readonly k: number | null;
  readonly op: RequirementOp;
  /** As a probability (or a difference of probabilities): `80%` is 0.8. */
  readonly threshold: number;
}

const METRIC = String.raw`(?:(passAt|passHat)@(\d+)|pass@(\d+)|pass\^(\d+)|(meanSuccess))`;
const PATTERN = new RegExp(String.raw`^\s*(?:delta\(\s*${METRIC}\s*\)|${METRIC})\s*(>=|≥|>|<=|≤|<)\s*([-+−]?(?:\d+\.?\d*|\.\d+))\s*(%?)\s*$`);
const FORM =
  "METRIC@K OP NUMBER with METRIC passAt or passHat (also pass@K, pass^K, meanSuccess), OP >= > <= <, e.g. 'passHat@4 >= 0.80' or 'delta(passAt@1) >= -0.02'";

/**
 * Parses a gate requirement: `passHat@4 >= 0.80`, `pass^4 ≥ 80%`, `meanSuccess > 0.5`,
 * `delta(passHat@4) >= -0.02`. Anything else is an InputError naming `--require`, the expected form
 * and the text as typed. A plain threshold must be in [0, 1]; a delta threshold in [−1, 1].
 */
export function parseRequirement(text: string): Requirement {
  const match = PATTERN.exec(text);
  if (!match) throw new InputError('--require', `must be ${FORM}`, text);
  const isDelta = match[1] !== undefined || match[2] !== undefined || match[3] !== undefined || match[4] !== undefined || match[5] !== undefined;
  const [named, namedK, atK, hatK, mean] = isDelta ? match.slice(1, 6) : match.slice(6, 11);
  const metric: CompareMetric = mean ? 'meanSuccess' : named === 'passAt' || atK ? 'passAtK' : 'passHatK';
  const kText = namedK ?? atK ?? hatK;
  const k = kText === undefined ? null : Number(kText);
  if (k !== null && !(Number.isSafeInteger(k) && k >= 1)) throw new InputError('--require', 'k must be an integer ≥ 1', text);
  const op = ({ '≥': '>=', '≤': '<=' } as Record<string, RequirementOp>)[match[11]!] ?? (match[11] as RequirementOp);
  const threshold = Number(match[12]!.replace('−', '-')) / (match[13] === '%' ? 100 : 1);
  const [low, high] = isDelta ? [-1, 1] : [0, 1];
  if (!(threshold >= low && threshold <= high)) {
    throw new InputError('--require', `threshold must be in [${low}, ${high}] (or ${low * 100}%..${high * 100}%)${isDelta ? ' for a delta' : ''}`, text);
  }
  return { text, delta: isDelta, metric, k, op, threshold };
}
