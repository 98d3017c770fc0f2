"""Issue #42, cells3 round: can any valid lower bound on pass^8 exceed the truth where one task of
ten has 13 of 16 successes? (CI (tasks)' lower bound, Kumaraswamy(0.5, 3), n 16, T 10, k 8;
docs/uncertainty-history.md "Issue #42, cells3 round".)

The best lower bound at tail alpha that is valid for every task population and non-decreasing in
the estimate x (a task average of T unbiased pass^k estimates g(C) = C(C,k)/C(n,k)) is
    L*(x) = inf { theta(P) : P_P(xhat >= x) > alpha }
(valid: it misses only where P_P0(xhat' >= xhat) <= alpha, probability <= alpha; any valid monotone
L has L(x) <= L*(x), the argument of bench/attainableCoverage.mjs twoPointBoundCap). So a dataset is
covered by every valid bound exactly when L*(x) <= theta, and the best valid bound misses it when
L*(x) > theta. This script bounds L*(x) from both sides at x = 1/100 (one task at 13 of 16, the
others below 8: sum of C(c_t, 8) = 1287 = C(16,8)/10):
- below, by a union bound over count patterns: x_hat >= x means sum_t C(c_t, 8) >= 1287, with
  C(c, 8) = 0, 1, 9, 45, 165, 495, 1287, ... at c <= 7, 8, 9, 10, 11, 12, 13, .... Either a task has
  c >= 13 (probability 1 - (1 - a)^T, a = P(C >= 13)), or none has and the counts, each c <= 9
  counted as 9 (>= its C(c, 8)), still reach 1287: at most the sum over (m10, m11, m12) with
  495 m12 + 165 m11 + 45 m10 + 9 (T - m10 - m11 - m12) >= 1287 of the multinomial coefficient times
  r10^m10 r11^m11 r12^m12 (r_c = P(C = c), the tasks at <= 9 with probability <= 1). Each is at most
  K times theta: r_c = int P(C = c | p) dP <= K_c int p^8 dP, K_c = sup_p P(Bin(16, p) = c) / p^8 =
  C(16, c) q^(c-8) (1 - q)^(16-c) at q = (c - 8)/8 (closed form), and a <= K_13 theta with
  K_13 = sup_p P(Bin(16, p) >= 13) / p^8 (a grid of 2 * 10^5 points refined by a bounded search).
  The bound increases with theta: no population with theta below theta_low, where it equals alpha,
  is feasible, so L*(x) >= theta_low.
- above, by a population: "p = q w.p. pi, else 0" with P(xhat >= x) > alpha by exact enumeration
  of the sum's distribution (dynamic programming over sum_t C(c_t, 8), capped at 1287): L*(x) <= its theta.
- Markov: P(xhat >= x) <= theta / x, so L*(x) >= alpha x (x = 7/300, one task at 14 of 16: 0.00117).
L* is non-decreasing in x, so every dataset with a task at 13 or more of 16 successes (x >= 1/100)
has L*(x) > theta: the best valid bound misses it.
Truth: E p^8 under Kumaraswamy(0.5, 3) = 3 B(1 + 8/0.5, 3) = 6 / (17 * 18 * 19).
Run: python3 test/reference/valid_lower_bound_union.py
"""
from math import comb, factorial

import numpy as np
from scipy.optimize import brentq, minimize_scalar
from scipy.stats import binom

n, k, T, alpha = 16, 8, 10, 0.05
v = [comb(c, k) for c in range(n + 1)]
s0 = comb(n, k) // 10  # 1287: x = 1/100
truth = 6 / (17 * 18 * 19)



def K(c):
    """sup over p of P(Bin(16, p) = c) / p^8, c = 10, 11, 12: the maximum of C(16, c) p^(c-8) (1 - p)^(16-c)."""
    q = (c - k) / k
    return comb(n, c) * q ** (c - k) * (1 - q) ** (n - c)


def K_at_least(c):
    """sup over p of P(Bin(16, p) >= c) / p^8 and where: a grid of 2 * 10^5 points, refined by a bounded search."""
    f = lambda p: binom.sf(c - 1, n, p) / p**k
    grid = np.linspace(1e-3, 1, 200_001)
    i = int(np.argmax(f(grid)))
    best = minimize_scalar(lambda p: -f(p), bounds=(grid[max(i - 1, 0)], grid[min(i + 1, len(grid) - 1)]), method="bounded", options={"xatol": 1e-12})
    return (-best.fun, best.x) if -best.fun >= f(grid[i]) else (f(grid[i]), grid[i])


K13, p13 = K_at_least(13)


def union_bound(t):
    """Upper bound on P(xhat >= 1/100) over every population with E p^8 = t (see above)."""
    none_at_13 = 0.0
    for m12 in range(T + 1):
        for m11 in range(T + 1 - m12):
            for m10 in range(T + 1 - m12 - m11):
                rest = T - m12 - m11 - m10
                if v[12] * m12 + v[11] * m11 + v[10] * m10 + v[9] * rest >= s0:
                    ways = factorial(T) // (factorial(m10) * factorial(m11) * factorial(m12) * factorial(rest))
                    none_at_13 += ways * min(1, K(10) * t) ** m10 * min(1, K(11) * t) ** m11 * min(1, K(12) * t) ** m12
    return 1 - (1 - min(1, K13 * t)) ** T + none_at_13


low = brentq(lambda t: union_bound(t) - alpha, 1e-6, 0.01)


def tail(pi, q):
    """P(sum_t C(c_t, 8) >= s0) under "p = q w.p. pi, else 0", exactly (sums capped at s0)."""
    r = pi * binom.pmf(np.arange(n + 1), n, q)
    r[0] += 1 - pi
    dist = np.zeros(s0 + 1)
    dist[0] = 1.0
    for _ in range(T):
        new = np.zeros(s0 + 1)
        for c in range(n + 1):
            step = min(v[c], s0)
            if step == 0:
                new += r[c] * dist
            else:
                new[step:] += r[c] * dist[: s0 + 1 - step]
                new[s0] += r[c] * dist[s0 + 1 - step :].sum()
        dist = new
    return dist[s0]


# The two-point population at q = p13 (where q^8 / P(C >= 13 | q) is least), pi just above feasibility.
q = p13
pi = brentq(lambda pi: tail(pi, q) - alpha, 1e-6, 1) * (1 + 1e-9)
high = pi * q**k
print(f"truth E p^8 = {truth!r}")
print(f"K_10, K_11, K_12 = {K(10)!r}, {K(11)!r}, {K(12)!r}; K_13 = {float(K13)!r} (at p = {p13:.6f})")
print(f"x = 0.01: P(xhat >= x) <= {float(union_bound(truth))!r} < alpha for every population with E p^8 = truth")
print(f"x = 0.01: L* >= {low!r} (union bound), L* <= {float(high)!r} (p = {q:.6f} w.p. {pi:.6f}, P(xhat >= x) = {float(tail(pi, q))!r})")
print(f"x = 7/300: L* >= alpha x = {alpha * 7 / 300!r} (Markov)")
print(f"L*(0.01) and L*(7/300) above the truth: {low > truth and alpha * 7 / 300 > truth}")
