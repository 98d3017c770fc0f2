"""Reference for `populationTailBound` (issue #42, the last cell): a one-sided bound on a task-averaged
pass@k or pass^k that holds for every task population, from the tail of the sum of per-task estimates.

Tasks t have n_t trials and C_t ~ Bin(n_t, p_t), p_t drawn from one population F; theta = E_F g(p)
with g(p) = p^k (pass^k) or 1 - (1 - p)^k (pass@k); u_t = u(C_t) the unbiased per-task estimate
(C(c,k)/C(n,k) or 1 - C(n-c,k)/C(n,k)); for an upper bound the same on 1 - u and 1 - g.
- Level sets: the distinct positive values w_1 > ... > w_L of u(c), c = 0..n; A_i = {c : u(c) >= w_i}.
  Every population with E g(p) = theta has P(C in A_i) = E h_i(p) <= K_i theta, h_i(p) = P(Bin(n, p)
  in A_i), K_i = sup_p h_i(p) / g(p) (the line through 0 with that slope lies above every point
  (g(p), h_i(p)), so above their convex hull).
- So every C_t is stochastically below the "greedy" law with P(u >= w_i) = min(1, K_i theta), and the
  sum S = sum_t u_t below the sum of independent greedy draws: P_F(S' >= s) <= P_theta(s), which grows
  with theta.
- Rounding each value up to whole units of s/G (G = 512) only raises P_theta(s).
- The bound L(s) = inf {theta : P_theta(s) > alpha} misses theta_0 only where P_theta0(S) <= alpha,
  which has probability <= alpha: valid for every population (the test inversion of
  valid_lower_bound_union.py, with a relaxed tail).
Run: python3 test/reference/population_tail_bound.py [--exact-cell]  (prints the figures the TS tests check;
--exact-cell: the exact coverage of the study cell, about 2 minutes)
"""
import sys
from math import comb

import numpy as np
from scipy.optimize import brentq, minimize_scalar
from scipy.stats import binom

UNITS = 512


def unbiased(metric, n, k, c):
    return comb(c, k) / comb(n, k) if metric == "passHatK" else 1 - comb(n - c, k) / comb(n, k)


def g(metric, k, p):
    return p**k if metric == "passHatK" else -np.expm1(k * np.log1p(-p))


def slope(n, cs, gfun):
    """sup over p in (0, 1] of P(Bin(n, p) in cs) / g(p): a grid refined by a bounded search, and the limit at 0."""
    cs = np.array(sorted(cs))
    f = lambda p: binom.pmf(cs[:, None], n, np.atleast_1d(p)[None, :]).sum(axis=0) / gfun(np.atleast_1d(p))
    grid = np.concatenate([np.logspace(-14, -2, 800), np.linspace(0.01, 0.99, 3921), 1 - np.logspace(-2, -14, 800)])
    vals = f(grid)
    i = int(np.argmax(vals))
    lo, hi = grid[max(i - 1, 0)], grid[min(i + 1, len(grid) - 1)]
    best = minimize_scalar(lambda p: -f(p)[0], bounds=(lo, hi), method="bounded", options={"xatol": 1e-14})
    return max(vals[i], -best.fun)


def levels(metric, n, k, side):
    """(values w_i descending, slopes K_i) of one task with n trials."""
    u = [unbiased(metric, n, k, c) for c in range(n + 1)]
    if side == "upper":
        u = [1 - x for x in u]
        gfun = lambda p: (-np.expm1(k * np.log(p))) if metric == "passHatK" else (1 - p) ** k
    else:
        gfun = lambda p: g(metric, k, p)
    ws = sorted({x for x in u if x > 0}, reverse=True)
    Ks = [slope(n, [c for c in range(n + 1) if u[c] >= w], gfun) for w in ws]
    return ws, Ks


def tail_probability(theta, tasks, s, cache):
    """P_theta(s): the sum of independent greedy draws, each value rounded up to units of s / UNITS, reaches UNITS."""
    dist = np.zeros(UNITS + 1)
    dist[0] = 1.0
    for n, m in tasks:
        ws, Ks = cache[n]
        taus = [min(1.0, K * theta) for K in Ks]
        probs, prev = [], 0.0
        for tau in taus:
            tau = max(tau, prev)
            probs.append(tau - prev)
            prev = tau
        units = [min(UNITS, int(np.ceil(w / s * UNITS))) for w in ws]
        for _ in range(m):
            new = dist * (1 - prev)
            for pr, un in zip(probs, units):
                if pr == 0:
                    continue
                new[un:UNITS] += pr * dist[: UNITS - un]
                new[UNITS] += pr * dist[UNITS - un :].sum()
            dist = new
    return dist[UNITS]


def tail_bound(metric, k, counts, alpha, side="lower"):
    """counts: list of (n, c) per task; tasks with n < k are left out. Returns the bound on theta."""
    tasks = [(n, c) for n, c in counts if n >= k]
    u = [unbiased(metric, n, k, c) for n, c in tasks]
    if side == "upper":
        u = [1 - x for x in u]
    s = sum(u)
    if s == 0:
        return 0.0 if side == "lower" else 1.0
    cache = {n: levels(metric, n, k, side) for n in {n for n, _ in tasks}}
    groups = {}
    for n, _ in tasks:
        groups[n] = groups.get(n, 0) + 1
    grouped = sorted(groups.items())
    f = lambda th: tail_probability(th, grouped, s, cache) - alpha
    if f(1.0) <= 0:
        bound = 1.0
    else:
        bound = brentq(f, 0.0, 1.0, xtol=1e-15, rtol=1e-13)
    return bound if side == "lower" else 1 - bound


def main():
    alpha = 0.05
    # The fixtures of test/sim/taskAverage/populationTailBound.test.ts.
    cases = [
        ("passHatK", 8, [(16, 13)] + [(16, 5)] * 9, alpha, "lower"),
        ("passHatK", 8, [(16, 14)] + [(16, 3)] * 9, alpha, "lower"),
        ("passHatK", 8, [(16, 12), (16, 10)] + [(16, 0)] * 8, alpha, "lower"),
        ("passAtK", 4, [(10, 1)] + [(10, 0)] * 29, alpha, "lower"),
        ("passHatK", 4, [(10, 9)] + [(10, 10)] * 29, alpha, "upper"),
        ("passHatK", 2, [(5, 3), (3, 2)] + [(5, 0)] * 10 + [(3, 0)] * 8, 0.1, "lower"),
        ("passAtK", 1, [(2, 1), (2, 0), (2, 2), (2, 0)], 0.05, "lower"),
        ("passHatK", 2, [(2, 2), (5, 3)] + [(5, 0)] * 6 + [(2, 0)] * 4 + [(1, 1)] * 3, 0.05, "lower"),
    ]
    for metric, k, counts, a, side in cases:
        print(f"{metric} k {k} side {side} alpha {a} counts {counts[:3]}...: {tail_bound(metric, k, counts, a, side)!r}")
    if "--exact-cell" in sys.argv:
        exact_cell_coverage()


def exact_cell_coverage():
    """The coverage of the 95 % lower bound on pass^8 of Kumaraswamy(0.5, 3) tasks, n 16, T 10, exactly
    (the coverage study's cell of issue #42): the law of S = sum_t C(c_t, 8) (integers) by dynamic
    programming over the T tasks, r_c = E P(Bin(16, p) = c) by the midpoint rule over the quantile
    function's u (2 * 10^5 points); every attainable S > 0 is judged by P_truth(S) <= alpha (the
    bound misses exactly there, P_theta growing with theta). At this cell passk's bound is this one
    wherever S > 0 (the score bound is then within one effective count of 0)."""
    n, k, T, alpha = 16, 8, 10, 0.05
    truth = 6 / (17 * 18 * 19)
    us = (np.arange(200_000) + 0.5) / 200_000
    ps = (1 - (1 - us) ** (1 / 3)) ** 2
    r = np.array([binom.pmf(c, n, ps).mean() for c in range(n + 1)])
    v = [comb(c, k) for c in range(n + 1)]
    size = comb(n, k) * T + 1
    dist = np.zeros(size)
    dist[0] = 1.0
    for _ in range(T):
        new = np.zeros(size)
        for c in range(n + 1):
            new[v[c]:] += r[c] * dist[: size - v[c]]
        dist = new
    cache = {n: levels("passHatK", n, k, "lower")}
    miss = sum(dist[x] for x in np.nonzero(dist > 0)[0] if x > 0 and tail_probability(truth, [(n, T)], x / comb(n, k), cache) <= alpha)
    print(f"exact coverage of the cell: {1 - miss:.6f} (miss {miss:.6f}; truth {truth:.8g}; mass of S > 0: {1 - dist[0]:.6f})")

if __name__ == "__main__":
    main()
