"""Reference numbers for degenerateArmBounds (packages/sim/src/taskAverage/degenerateArmBounds.ts).

Claim: for the unbiased per-task pass@k / pass^k estimate t(c) of a task with n trials, any task
population with mean mu = E t(C) has P(t(C) = 0) <= 1 - mu and P(t(C) = 1) <= mu (t in [0, 1]).
So T tasks all at 0 has probability <= (1 - mu)^T, <= gamma once mu >= 1 - gamma^(1/T): the
Clopper-Pearson upper bound at 0 of T. Checked here by exact enumeration over Beta, two-point and
Kumaraswamy populations (the inequality, and that it is attained by point masses at 0 and 1), then
the closed-form bounds the tests use.  Run: python3 test/reference/degenerate_arm_reference.py
"""
from math import comb

import numpy as np
from scipy import integrate, stats


def estimate(metric, n, c, k):
    if metric == "passAtK":
        return 1 - comb(n - c, k) / comb(n, k)
    return comb(c, k) / comb(n, k)


def moments(metric, n, k, density):
    """(mu, P(t = 0), P(t = 1)) for tasks with rate density on (0, 1), by quadrature."""
    mu = zero = one = 0.0
    for c in range(n + 1):
        w, _ = integrate.quad(lambda p: density(p) * stats.binom.pmf(c, n, p), 0, 1, limit=200, points=[1e-6, 1 - 1e-6])
        t = estimate(metric, n, c, k)
        mu += w * t
        zero += w * (t == 0)
        one += w * (t == 1)
    return mu, zero, one


def main():
    worst = -1.0
    pops = {
        "beta(0.5,0.5)": stats.beta(0.5, 0.5).pdf,
        "beta(4,1)": stats.beta(4, 1).pdf,
        "beta(0.3,0.7)": stats.beta(0.3, 0.7).pdf,
        "kumaraswamy(0.5,3)": lambda p: 0.5 * 3 * p ** -0.5 * (1 - p ** 0.5) ** 2,
    }
    for name, density in pops.items():
        for n, k in [(10, 4), (10, 10), (16, 8), (5, 1)]:
            for metric in ["passAtK", "passHatK"]:
                mu, zero, one = moments(metric, n, k, density)
                worst = max(worst, zero - (1 - mu), one - mu)
    print(f"max over populations of P(t=0) - (1 - mu) and P(t=1) - mu: {worst:.3e} (<= 0 up to quadrature error: at k = n, pass^k has t in {{0, 1}} and P(t=1) = mu exactly)")
    # Sharp: a point mass at 1 of weight m, the rest at 0, has P(t = 0) = 1 - m exactly.
    m = 0.3
    print(f"two-point {{0, 1}} at m = {m}: P(t = 0) = {1 - m} = 1 - mu")
    for T, gamma in [(10, 0.025), (30, 0.05), (20, 0.025)]:
        reach = 1 - gamma ** (1 / T)
        cp = stats.beta.ppf(1 - gamma, 1, T)  # Clopper-Pearson upper bound at 0 of T
        print(f"T = {T}, gamma = {gamma}: 1 - gamma^(1/T) = {reach:.12f} (beta.ppf: {cp:.12f}); "
              f"P(all at 0 | mu = bound) <= (1 - bound)^T = {(1 - reach) ** T:.6f}")
    # The examples of test/sim/taskAverage/degenerateArmBounds.test.ts (gamma per arm = half the tail):
    print("T 10, gamma 0.0125 per arm (95 % two-sided), both arms all at 0:", [-(1 - 0.0125 ** 0.1), 1 - 0.0125 ** 0.1])
    print("T 5, gamma 0.0125: 1 - gamma^(1/5) =", 1 - 0.0125 ** (1 / 5), " gamma^(1/5) =", 0.0125 ** (1 / 5))
    print("T 30, gamma 0.025 per arm (95 % one-sided), A all at 0: U_A =", 1 - 0.025 ** (1 / 30))
    print("T 20, gamma 0.0125 per arm, both all at 1:", [0.0125 ** (1 / 20) - 1, 1 - 0.0125 ** (1 / 20)])


if __name__ == "__main__":
    main()
