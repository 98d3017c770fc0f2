/**
 * The defaults of `fit` (and of `passk fit`): 95 % prediction intervals and extrapolation to
 * k = max n + 1 … 2·max n; seed "1" of the permutation tests of the dependence and drift that
 * `passk fit` runs beside it (`measureDependence`).
 *
 * @category Fit
 */
export const FIT_DEFAULTS = Object.freeze({
  confidence: 0.95,
  seed: '1',
});
