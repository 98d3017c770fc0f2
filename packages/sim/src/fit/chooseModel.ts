/** What AIC needs from a fitted model. */
export interface AicEntry {
  readonly name: string;
  readonly aic: number;
}

export interface ModelChoice {
  readonly chosen: string;
  /** AIC of the other model minus AIC of the chosen one (≥ 0). */
  readonly aicDifference: number;
  /** One sentence: which model, both AICs, the difference and how much it says. */
  readonly reason: string;
}

/**
 * Picks the model with the lower AIC = 2p − 2 ln L̂ (Akaike 1974); on a tie, the first (simpler)
 * one. The difference is read on Burnham & Anderson's scale (2002, "Model Selection and Multimodel
 * Inference", §2.6): below 2 both models have substantial support (weak evidence for the choice),
 * 4–7 considerably less for the other, above 10 essentially none.
 * Example: AIC 161.95 vs 162.48 → the first, ΔAIC = 0.53, "weak evidence".
 */
export function chooseModel(first: AicEntry, second: AicEntry): ModelChoice {
  const secondWins = second.aic < first.aic;
  const chosen = secondWins ? second : first;
  const other = secondWins ? first : second;
  const difference = other.aic - chosen.aic;
  // Classified as printed (two decimals), so "ΔAIC = 2.00" never reads "below 2".
  const shown = Number(difference.toFixed(2));
  const strength =
    shown < 2
      ? 'below 2: weak evidence, both models describe the data about equally well'
      : shown < 4
        ? 'between 2 and 4: positive but not strong evidence'
        : shown < 10
          ? 'between 4 and 10: considerably less support for the other model'
          : 'above 10: essentially no support for the other model';
  const reason =
    `${chosen.name} has the lower AIC (${chosen.aic.toFixed(2)} vs ${other.aic.toFixed(2)} for ${other.name}; ` +
    `AIC = 2·parameters − 2·logLik): ΔAIC = ${difference.toFixed(2)}, ${strength}` +
    (shown === 0 ? '; on a tie the simpler model is kept' : '');
  return { chosen: chosen.name, aicDifference: difference, reason };
}
