"""Reference for bench/attainableCoverage.mjs twoPointBoundCap (test/sim/taskAverage/coverageReasons.test.ts).

Largest lower bound (tail alpha, valid for every task population, non-decreasing in the estimate) at a
task average x: under "p = q w.p. pi, else 0", L(x) <= pi* theta(q), pi* = (1 - (1 - alpha)^(1/T)) / s,
s = min over the tasks' n of P(g_n(C) >= T x | q), minimised over q = i/400, i = 1..400.
Run: python3 test/reference/two_point_bound_cap.py
"""
from math import comb
from scipy.stats import binom


def g(metric, n, c, k):
    if metric == "passHatK":
        return comb(c, k) / comb(n, k)
    return 1 - comb(n - c, k) / comb(n, k)


def cap(x, trials, metric, k, alpha):
    T = len(trials)
    tail = 1 - (1 - alpha) ** (1 / T)
    best = float("inf")
    for i in range(1, 401):
        q = i / 400
        s = 1.0
        for n in set(trials):
            cs = [c for c in range(n + 1) if g(metric, n, c, k) >= T * x - 1e-12]
            s = min(s, binom.sf(cs[0] - 1, n, q) if cs else 0.0)
        if s <= 0 or tail / s > 1:
            continue
        theta = q**k if metric == "passHatK" else 1 - (1 - q) ** k
        best = min(best, tail / s * theta)
    return best


for args in [
    (1 / 225, [10] * 5, "passHatK", 8, 0.05),
    (2 / 225, [10] * 5, "passHatK", 8, 0.05),
    (1 / (10 * 12870), [16] * 10, "passHatK", 8, 0.05),
    (0.08, [5] * 5 + [3] * 5, "passAtK", 1, 0.05),
    (0.1, [1] * 10, "passAtK", 1, 0.05),
]:
    print(args[1:4], repr(args[0]), repr(cap(*args)))
