"""The empirical-likelihood interval of a mean (Owen 1988, Biometrika 75:237-249), written with scipy
only, for the references of empiricalLikelihoodInterval and pairedDifferenceInterval's union with it
(test/reference/uncertainty_reference.py, test/fixtures/compare/reference.py).

-2 log R(mu) = 2 sum log(1 + lam z), z = x - mu, lam the root of sum z / (1 + lam z) = 0 in
(-1/max z, -1/min z) (brentq); the bounds are where the statistic equals the critical value (brentq
between the mean and each extreme).
"""
import numpy as np
from scipy import optimize


def el_statistic(x, mu):
    z = np.asarray(x, float) - mu
    lo, hi = -1 / z.max(), -1 / z.min()
    eps = 1e-15 * (hi - lo)
    lam = optimize.brentq(lambda l: np.sum(z / (1 + l * z)), lo + eps, hi - eps, xtol=1e-300, rtol=1e-15, maxiter=500)
    return 2 * np.sum(np.log1p(lam * z))


def el_interval(x, critical):
    """(lower, upper), or None when every value is equal."""
    x = np.asarray(x, float)
    if x.min() == x.max():
        return None
    m = x.mean()
    f = lambda mu: el_statistic(x, mu) - critical
    span = x.max() - x.min()
    lower = optimize.brentq(f, x.min() + 1e-12 * span, m, xtol=1e-15)
    upper = optimize.brentq(f, m, x.max() - 1e-12 * span, xtol=1e-15)
    return lower, upper
