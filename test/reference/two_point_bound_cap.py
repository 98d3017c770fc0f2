"""Reference for bench/attainableCoverage.mjs twoPointBoundCap (test/sim/taskAverage/coverageReasons.test.ts).

Largest lower bound (tail alpha, valid for every task population, non-decreasing in the estimate) at a
task average x: under "p = q w.p. pi, else 0", L(x) <= L_CP(m) / s * theta(q), L_CP(m) the
Clopper-Pearson lower bound at m of T (beta.ppf(alpha, m, T - m + 1)), s = min over the tasks' n of
P(g_n(C) >= T x / m | q), minimised over q = i/400, i = 1..400, and m = 1..min(T, 10).
Run: python3 test/reference/two_point_bound_cap.py
"""
from math import comb
from scipy.stats import beta, binom


def g(metric, n, c, k):
    if metric == "passHatK":
        return comb(c, k) / comb(n, k)
    return 1 - comb(n - c, k) / comb(n, k)


def cap(x, trials, metric, k, alpha):
    T = len(trials)
    best = float("inf")
    for m in range(1, min(T, 10) + 1):
        share = beta.ppf(alpha, m, T - m + 1)
        for i in range(1, 401):
            q = i / 400
            s = 1.0
            for n in set(trials):
                cs = [c for c in range(n + 1) if g(metric, n, c, k) >= T * x / m - 1e-12]
                s = min(s, binom.sf(cs[0] - 1, n, q) if cs else 0.0)
            if s <= 0 or share > s:
                continue
            theta = q**k if metric == "passHatK" else 1 - (1 - q) ** k
            best = min(best, share / s * theta)
    return best


for args in [
    (1 / 225, [10] * 5, "passHatK", 8, 0.05),
    (2 / 225, [10] * 5, "passHatK", 8, 0.05),
    (1 / (10 * 12870), [16] * 10, "passHatK", 8, 0.05),
    (0.08, [5] * 5 + [3] * 5, "passAtK", 1, 0.05),
    (0.1, [1] * 10, "passAtK", 1, 0.05),
    (3 * 495 / 12870 / 10, [16] * 10, "passHatK", 8, 0.05),
]:
    print(args[1:4], repr(args[0]), repr(cap(*args)))
