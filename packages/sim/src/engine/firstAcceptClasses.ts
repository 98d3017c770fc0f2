/**
 * The law of the first accepted attempt J and whether it is correct, for independent attempts
 * judged by a verifier, as 2K + 1 classes of one uniform: class 2(j − 1) = "J = j, correct",
 * 2(j − 1) + 1 = "J = j, wrong", 2K = "none accepted in K".
 *
 * Formula (docs/design.md §3): each attempt is accepted-correct w.p. a = p(1 − FR), accepted-wrong w.p.
 * b = (1 − p)FA, rejected w.p. β = p·FR + (1 − p)(1 − FA), independently, so
 * P(J = j, correct) = β^{j−1}a and P(J = j, wrong) = β^{j−1}b; the cumulative sums are written to out[0..2K−1].
 * Example: p = 1, FR = 0 gives out = [1, 1, …]: J = 1 and correct always (tested).
 */
export function firstAcceptCumulative(p: number, falseAccept: number, falseReject: number, maxAttempts: number, out: Float64Array): void {
  const a = p * (1 - falseReject);
  const b = (1 - p) * falseAccept;
  const beta = p * falseReject + (1 - p) * (1 - falseAccept);
  let reach = 1; // β^{j−1}
  let total = 0;
  for (let j = 1; j <= maxAttempts; j++) {
    total += reach * a;
    out[2 * j - 2] = total;
    total += reach * b;
    out[2 * j - 1] = total;
    reach *= beta;
  }
}

/** P(a rejected attempt is correct) = p·FR/β (0 when nothing is ever rejected). */
export function rejectedCorrectRate(p: number, falseAccept: number, falseReject: number): number {
  const beta = p * falseReject + (1 - p) * (1 - falseAccept);
  return beta > 0 ? Math.min(1, (p * falseReject) / beta) : 0;
}
