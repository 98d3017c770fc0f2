import { optionalObject } from '../checkArgs.js';
import { measureVerifier, type VerifierCounts, type VerifierMeasure } from '../verifier/measureVerifier.js';
import { DEFAULT_VERDICT_LABELS } from '../verifier/verdictLabels.js';

/**
 * The defaults of `verifier` (and of `passk verifier`): 95 % two-sided exact intervals, and the
 * verdict labels read as accept and reject (`DEFAULT_VERDICT_LABELS`).
 *
 * @category Verifier
 */
export const VERIFIER_DEFAULTS = Object.freeze({
  confidence: 0.95,
  labels: DEFAULT_VERDICT_LABELS,
});

/**
 * A verifier (judge, grader, test suite) measured against the truth, as `passk verifier` measures
 * it (docs/verifiers.md): false accept P(accept | wrong) and false reject P(reject | right), each
 * with its exact Clopper–Pearson interval (1934) and Jeffreys posterior, and the accuracy and the
 * judged and true pass@1.
 *
 * @category Verifier
 * @param counts - Attempts judged: wrong (and of them accepted), right (and of them rejected), unparsed.
 * @param options - confidence (`VERIFIER_DEFAULTS`).
 * @returns The measured rates (`VerifierMeasure`).
 * @example
 * ```ts
 * import { verifier } from '@passk/sim';
 * const measured = verifier({ wrong: 10018, wrongAccepted: 2375, right: 12284, rightRejected: 156, unparsed: 0 });
 * console.log(measured.falseAccept?.rate.toFixed(4)); // → 0.2371
 * ```
 */
export function verifier(counts: VerifierCounts, options: { readonly confidence?: number } = {}): VerifierMeasure {
  optionalObject('options', options);
  return measureVerifier(counts, options.confidence ?? VERIFIER_DEFAULTS.confidence);
}
