"""Exact moments of one resampled task's difference D = theta_B - theta_A in `plan compare --pilot`.

A pilot of two runs (tasks with n trials, c successes per agent); a simulated task is a pilot task
drawn uniformly, and each agent's counts at a design of m <= n trials are m of its n recorded
trials drawn without replacement (hypergeometric); theta is the unbiased estimator of pass@k
(1 - C(m - c, k)/C(m, k)) or pass^k (C(c, k)/C(m, k)). Prints E[D] and Var[D] (exact fractions),
which test/sim/planning/pilotResampling.test.ts compares with the library's draws.
Run: python3 test/reference/plan_pilot_moments.py
"""
from fractions import Fraction
from math import comb

from scipy.stats import hypergeom

PILOT = [((4, 1), (4, 3)), ((4, 0), (4, 2)), ((4, 4), (4, 4)), ((4, 2), (4, 1))]  # ((nA, cA), (nB, cB))
M = 3


def estimate(metric, m, c, k):
    if metric == "passAtK":
        return 1 - Fraction(comb(m - c, k), comb(m, k))
    return Fraction(comb(c, k), comb(m, k))


def pmf(n, c, m):
    # P(x successes among m of n trials, c of them successes), exact.
    return {x: Fraction(comb(c, x) * comb(n - c, m - x), comb(n, m)) for x in range(0, m + 1)}


for metric, k in (("passAtK", 1), ("passHatK", 2)):
    first = Fraction(0)
    second = Fraction(0)
    for (nA, cA), (nB, cB) in PILOT:
        pa, pb = pmf(nA, cA, M), pmf(nB, cB, M)
        # scipy's hypergeometric pmf agrees (a check of the exact fractions above).
        for x, w in pa.items():
            assert abs(float(w) - hypergeom.pmf(x, nA, cA, M)) < 1e-12
        for xa, wa in pa.items():
            for xb, wb in pb.items():
                d = estimate(metric, M, xb, k) - estimate(metric, M, xa, k)
                first += Fraction(1, len(PILOT)) * wa * wb * d
                second += Fraction(1, len(PILOT)) * wa * wb * d * d
    print(metric, k, "mean", float(first), "variance", float(second - first * first))
