/**
 * The answer a round's majority vote delivers: the one with the most votes (votes[0] the correct
 * answer's, then the wrong answers'), ties broken by the round's `uniform` — the ⌊uniform·ties⌋-th
 * of the tied answers in order (engine semantics, "Selectors"). Some answer must have a vote: the
 * callers ask for a round with an accepted attempt.
 * Example: votes [2, 2, 1], uniform 0.7 → answers 0 and 1 tie, ⌊0.7·2⌋ = 1 → answer 1 (a wrong one).
 */
export function majorityAnswer(votes: Int32Array, uniform: number): number {
  let most = 0;
  let tied = 0;
  for (let a = 0; a < votes.length; a++) {
    if (votes[a] > most) {
      most = votes[a];
      tied = 1;
    } else if (votes[a] === most && most > 0) tied++;
  }
  let pick = Math.floor(uniform * tied);
  for (let a = 0; a < votes.length; a++) if (votes[a] === most && pick-- === 0) return a;
  return -1; // not reached while some answer has a vote
}
