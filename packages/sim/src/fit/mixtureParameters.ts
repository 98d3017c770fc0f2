/**
 * The fitted family: P(c; n) = π0·1[c = 0] + π1·1[c = n] + w·BetaBinomial(c; n, a, b) with
 * w = 1 − π0 − π1, a = mean·concentration, b = (1 − mean)·concentration. The beta-binomial is the
 * member with π0 = π1 = 0. The limits of the beta component are kept exactly: concentration = ∞
 * is Binomial(n, mean) (every task has p = mean: no spread), concentration = 0 puts
 * mass 1 − mean on c = 0 and mean on c = n (every task always or never succeeds).
 */
export interface MixtureParameters {
  readonly pi0: number;
  readonly pi1: number;
  /** Weight of the beta component, 1 − π0 − π1 (computed without cancellation). */
  readonly weight: number;
  readonly mean: number;
  /** a + b, in [0, ∞]. */
  readonly concentration: number;
  /** ln π0, ln π1, ln w, ln mean, ln(1 − mean): kept for the likelihood (−∞ at 0). */
  readonly logPi0: number;
  readonly logPi1: number;
  readonly logWeight: number;
  readonly logMean: number;
  readonly logOneMinusMean: number;
}

/** Names of the unconstrained coordinates θ the optimiser works in, in order. */
export const UNCONSTRAINED_COORDINATES = ['logitMean', 'logConcentration', 'logOddsZero', 'logOddsOne'] as const;

/**
 * Natural parameters from the unconstrained coordinates θ = (logit mean, ln concentration, η0, η1):
 * mean = 1/(1 + e^−θ0), concentration = e^θ1, and the inflation weights by a multinomial logit,
 * π0 = e^η0/D, π1 = e^η1/D, w = 1/D with D = 1 + e^η0 + e^η1. Infinite coordinates are the
 * limits (η = −∞ → π = 0; θ1 = ±∞ → concentration ∞ or 0), so boundary fits need no special case.
 * Example: θ = (0, ln 4, −∞, −∞) → mean ½, concentration 4, π0 = π1 = 0, w = 1: Beta(2, 2).
 */
export function mixtureParameters(theta: readonly number[]): MixtureParameters {
  const [logitMean, logConcentration, eta0, eta1] = theta;
  const logD = logSumExp3(0, eta0, eta1);
  const logPi0 = eta0 - logD;
  const logPi1 = eta1 - logD;
  const logWeight = -logD;
  const logMean = -softplus(-logitMean);
  const logOneMinusMean = -softplus(logitMean);
  return {
    pi0: Math.exp(logPi0),
    pi1: Math.exp(logPi1),
    weight: Math.exp(logWeight),
    mean: Math.exp(logMean),
    concentration: Math.exp(logConcentration),
    logPi0,
    logPi1,
    logWeight,
    logMean,
    logOneMinusMean,
  };
}

/** ln(1 + e^x) without overflow. */
function softplus(x: number): number {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}

/** ln(e^x + e^y + e^z), with −∞ terms allowed. */
function logSumExp3(x: number, y: number, z: number): number {
  const top = Math.max(x, y, z);
  return top + Math.log(Math.exp(x - top) + Math.exp(y - top) + Math.exp(z - top));
}
