import { requireInteger, requireOpenUnit } from '../checks.js';
import { InputError } from '../errors.js';
import { measuredRate, type MeasuredRate } from './measuredRate.js';

/** What a verifier (or judge) did on attempts whose truth is known. */
export interface VerifierCounts {
  /** Wrong attempts (truth: fail) with a verdict that parsed. */
  readonly wrong: number;
  /** Of them, accepted by the verifier. */
  readonly wrongAccepted: number;
  /** Right attempts (truth: pass) with a verdict that parsed. */
  readonly right: number;
  /** Of them, rejected by the verifier. */
  readonly rightRejected: number;
  /** Attempts whose verdict parsed to neither accept nor reject (left out of every rate). */
  readonly unparsed: number;
}

/** A proportion of the judged attempts with its exact interval. */
export interface MeasuredShare {
  readonly value: number;
  readonly interval: MeasuredRate['interval'];
}

/** What `measureVerifier` returns. */
export interface VerifierMeasure {
  readonly counts: VerifierCounts;
  /** P(accept | wrong); undefined without a wrong attempt. */
  readonly falseAccept: MeasuredRate | undefined;
  /** P(reject | right); undefined without a right attempt. */
  readonly falseReject: MeasuredRate | undefined;
  /** (wrong rejected + right accepted) / judged attempts; undefined without a judged attempt (this also for the two below). */
  readonly accuracy: MeasuredShare | undefined;
  /** accepted / judged: the pass@1 the verifier reports. */
  readonly judgedPassAt1: MeasuredShare | undefined;
  /** right / judged: the pass@1 the truth gives. */
  readonly truePassAt1: MeasuredShare | undefined;
}

/**
 * A verifier measured against the truth (docs/verifiers.md): false accept = wrongAccepted/wrong =
 * P(accept | wrong), false reject = rightRejected/right = P(reject | right), each with its exact
 * Clopper–Pearson interval (1934) at `level` and its Jeffreys posterior Beta(x + ½, n − x + ½);
 * accuracy, judged pass@1 = (wrongAccepted + right − rightRejected)/(wrong + right) and true
 * pass@1 = right/(wrong + right), each with a Clopper–Pearson interval. Attempts are taken as
 * independent (the intervals are per attempt, not clustered by task). Unparsed verdicts are left
 * out; without a judged attempt (all unparsed) nothing is measured (every field undefined). Throws
 * InputError for counts that are not integers, or x > n.
 * Example: {wrong: 10018, wrongAccepted: 2375, right: 12284, rightRejected: 156} (MBPP base tests
 * judged by MBPP+, 59 models) → false accept 0.2371, false reject 0.0127.
 */
export function measureVerifier(counts: VerifierCounts, level = 0.95): VerifierMeasure {
  if (typeof counts !== 'object' || counts === null) throw new InputError('counts', 'must be an object', counts);
  const wrong = requireInteger('counts.wrong', counts.wrong, 0);
  const right = requireInteger('counts.right', counts.right, 0);
  const wrongAccepted = requireInteger('counts.wrongAccepted', counts.wrongAccepted, 0, wrong);
  const rightRejected = requireInteger('counts.rightRejected', counts.rightRejected, 0, right);
  const unparsed = requireInteger('counts.unparsed', counts.unparsed, 0);
  requireOpenUnit('level', level);
  const judged = wrong + right;
  const share = (x: number): MeasuredShare | undefined => {
    const measured = measuredRate(x, judged, level);
    return measured && { value: measured.rate, interval: measured.interval };
  };
  return {
    counts: { wrong, wrongAccepted, right, rightRejected, unparsed },
    falseAccept: measuredRate(wrongAccepted, wrong, level),
    falseReject: measuredRate(rightRejected, right, level),
    accuracy: share(wrong - wrongAccepted + right - rightRejected),
    judgedPassAt1: share(wrongAccepted + right - rightRejected),
    truePassAt1: share(right),
  };
}
