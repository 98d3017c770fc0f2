"""Reference numbers for the sparse arm's betting bound (degenerateArmBounds,
packages/sim/src/taskAverage/degenerateArmBounds.ts; cells3 round of docs/uncertainty-history.md).

Claim: for independent X_1..X_T in [0, 1] with mean mu (the unbiased per-task pass@k / pass^k
estimates of tasks drawn from any population), W = prod (1 - X_t) / (1 - mu)^T has E W = 1, so by
Markov P(W >= 1/gamma) <= gamma, i.e. U = 1 - (gamma * prod(1 - X_t))^(1/T) is below mu with
probability <= gamma; mirrored, L = (gamma * prod X_t)^(1/T) is above mu with probability <= gamma
(Waudby-Smith & Ramdas 2024, JRSS-B 86(1): the capital of the constant all-in bet). Checked here by
Monte Carlo over task populations (Kumaraswamy, Beta, two-point, a point mass inside (0, 1)) through
the binomial trials and the unbiased estimator, then the closed-form values the tests use.
Run: python3 test/reference/sparse_arm_reference.py
"""
from math import comb, expm1, exp, log, log1p

import numpy as np


def estimate(metric, n, c, k):
    if metric == "passAtK":
        return 1 - comb(n - c, k) / comb(n, k)
    return comb(c, k) / comb(n, k)


def bounds(xs, gamma):
    """[L, U] of the betting bound at gamma per side."""
    T = len(xs)
    log_p = sum(log(x) if x > 0 else -np.inf for x in xs)
    log_c = sum(log1p(-x) if x < 1 else -np.inf for x in xs)
    return exp((log(gamma) + log_p) / T), -expm1((log(gamma) + log_c) / T)


def miss_rates(draw_rates, metric, n, k, T, gamma, reps, rng):
    """P(U < mu) and P(L > mu) by simulation; mu from a large separate sample of the estimator."""
    table = np.array([estimate(metric, n, c, k) for c in range(n + 1)])
    big = table[rng.binomial(n, draw_rates(2_000_000))]
    mu = big.mean()
    x = table[rng.binomial(n, draw_rates(reps * T))].reshape(reps, T)
    with np.errstate(divide="ignore"):
        lower = np.exp((log(gamma) + np.log(x).sum(axis=1)) / T)
        upper = -np.expm1((log(gamma) + np.log1p(-x).sum(axis=1)) / T)
    return mu, (upper < mu).mean(), (lower > mu).mean()


def main():
    rng = np.random.default_rng(20261207)
    gamma = 0.0125
    pops = {
        "kumaraswamy(0.5,3)": lambda m: (1 - (1 - rng.random(m)) ** (1 / 3)) ** 2,
        "beta(0.3,0.7)": lambda m: rng.beta(0.3, 0.7, m),
        "beta(4,1)": lambda m: rng.beta(4, 1, m),
        "two-point 0.95@0, 0.05@1": lambda m: (rng.random(m) < 0.05).astype(float),
        "point mass p = 0.2": lambda m: np.full(m, 0.2),
    }
    reps = 100_000
    worst = 0.0
    for name, draw in pops.items():
        for metric, n, k, T in [("passHatK", 16, 4, 30), ("passHatK", 10, 4, 10), ("passAtK", 16, 8, 30), ("passAtK", 5, 1, 10)]:
            mu, below, above = miss_rates(draw, metric, n, k, T, gamma, reps, rng)
            worst = max(worst, below, above)
            print(f"{name:26s} {metric} n {n:2d} k {k} T {T:2d}: mu {mu:.5f}  P(U < mu) {below:.5f}  P(L > mu) {above:.5f}")
    print(f"largest miss rate {worst:.5f} (<= gamma = {gamma} + MC error {2 * (gamma * (1 - gamma) / reps) ** 0.5:.5f})")
    # Sharp at the two-point {0, 1} population with mu = 1 - gamma^(1/T): all T at 0 with probability gamma.
    T = 30
    m = 1 - gamma ** (1 / T)
    print(f"two-point {{0, 1}}, T {T}, mu = 1 - gamma^(1/T) = {m:.6f}: P(all at 0) = {(1 - m) ** T:.6f} = gamma")

    # The values of test/sim/taskAverage/degenerateArmBounds.test.ts.
    print("T 10, all at 0:", bounds([0.0] * 10, gamma))
    b6 = estimate("passHatK", 16, 6, 4)
    b8 = estimate("passHatK", 16, 8, 4)
    print("pass^4 of 6 and 8 of 16:", repr(b6), repr(b8))
    print("T 30, B = [6/16, 8/16 at pass^4] + 28 zeros:", bounds([b6, b8] + [0.0] * 28, gamma))
    print("T 10, [0.5, 0.9] + 8 ones:", bounds([0.5, 0.9] + [1.0] * 8, gamma))
    print("T 5, [0.25] + 4 zeros, gamma 0.025:", bounds([0.25] + [0.0] * 4, 0.025))


if __name__ == "__main__":
    main()
