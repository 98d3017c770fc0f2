"""Reference values for the extrapolation check of `passk fit` (issue #42 part E).

Independent of the TypeScript: numpy/scipy only. Pinned in test/sim/fit/extrapolation.test.ts.

Fixture: 12 tasks with n = 6 trials, c = 0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6.

1. momentBounds: for k > b = 6, failure moments m_j = mean over tasks of C(n - c, j)/C(n, j) and
   success moments M_j = mean of C(c, j)/C(n, j) for j = 5, 6 (unbiased per task), their covariance
   of the mean (sample covariance / T); pass@k in [1 - m_6 * (m_6/m_5)^(k - 6), 1 - m_6] at the
   point, and with one-sided z = Phi^-1(0.975) limits (delta method on ln of the far end).
2. thinnedCells to m = n // 2: sum over tasks of the hypergeometric pmf of c' successes in 3 of 6 trials.
3. leaveTrialsOut with the beta-binomial (fixture 1, and fixture 2: 200 tasks x 8 trials, see below):
   maximise the weighted log-likelihood of the thinned table
   over (logit mean, ln concentration), Hessian by central differences, prediction of pass@6 and
   pass^6 with delta-method variance, z against the observed unbiased values with their clustered SE.

Run: python3 test/reference/extrapolation_reference.py
"""

import numpy as np
from scipy import optimize, stats
from scipy.special import comb, expit

C = np.array([0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6])
N = 6
T = len(C)
Z = stats.norm.ppf(0.975)


def moments(j, failures):
    x = (N - C) if failures else C
    return comb(x, j) / comb(N, j)


def bound(failures, k):
    prev, last = moments(N - 1, failures), moments(N, failures)
    mp, ml = prev.mean(), last.mean()
    cov = np.cov(np.vstack([prev, last]), ddof=1) / T
    steps = k - N
    g = (steps + 1) * np.log(ml) - steps * np.log(mp)
    grad = np.array([-steps / mp, (steps + 1) / ml])
    se_g = np.sqrt(grad @ cov @ grad)
    lo_m = np.exp(g - Z * se_g)
    hi_m = min(1.0, ml + Z * np.sqrt(cov[1, 1]))
    point = (np.exp(g), ml)
    return point, (lo_m, hi_m)


for k in (8, 12):
    (plo, phi), (lo, hi) = bound(True, k)
    print(f"pass@{k}: point [{float(1 - phi)!r}, {float(1 - plo)!r}] interval [{float(1 - hi)!r}, {float(1 - lo)!r}]")
    (plo, phi), (lo, hi) = bound(False, k)
    print(f"pass^{k}: point [{float(plo)!r}, {float(phi)!r}] interval [{float(lo)!r}, {float(hi)!r}]")


def leave_trials_out(C, N):
    """The leave-trials-out statistic of the beta-binomial on tasks with N trials and successes C."""
    T = len(C)
    M = N // 2
    weights = np.zeros(M + 1)
    for c in C:
        weights += stats.hypergeom.pmf(np.arange(M + 1), N, c, M)

    def loglik(theta):
        mean, conc = expit(theta[0]), np.exp(theta[1])
        a, b = mean * conc, (1 - mean) * conc
        return float(np.sum(weights * stats.betabinom.logpmf(np.arange(M + 1), M, a, b)))

    best = optimize.minimize(lambda t: -loglik(t), x0=[0.0, 0.0], method="Nelder-Mead", options={"xatol": 1e-12, "fatol": 1e-14, "maxiter": 20000})
    theta = best.x
    h = 1e-4
    H = np.zeros((2, 2))
    for i in range(2):
        for j in range(2):
            def at(di, dj):
                t = theta.copy()
                t[i] += di
                t[j] += dj
                return loglik(t)
            H[i, j] = (at(h, h) - at(h, -h) - at(-h, h) + at(-h, -h)) / (4 * h * h)
    cov = np.linalg.inv(-H)

    def beta_moment(theta, k, failures):
        mean, conc = expit(theta[0]), np.exp(theta[1])
        top = (1 - mean) * conc if failures else mean * conc
        return np.prod([(top + j) / (conc + j) for j in range(k)])

    def pass_at(t):
        return 1 - beta_moment(t, N, True)

    def pass_hat(t):
        return beta_moment(t, N, False)

    def delta_var(f):
        g = np.array([(f(theta + e * 1e-6) - f(theta - e * 1e-6)) / 2e-6 for e in np.eye(2)])
        return g @ cov @ g

    obs_at = 1 - comb(N - C, N) / comb(N, N)
    obs_hat = comb(C, N) / comb(N, N)
    z_at = (obs_at.mean() - pass_at(theta)) / np.sqrt(obs_at.var(ddof=1) / T + delta_var(pass_at))
    z_hat = (obs_hat.mean() - pass_hat(theta)) / np.sqrt(obs_hat.var(ddof=1) / T + delta_var(pass_hat))
    statistic = max(abs(z_at), abs(z_hat))
    print(f"  thinned to {M}: weights", [repr(float(w)) for w in weights])
    print("  fit: logit mean, ln concentration =", [repr(float(x)) for x in theta])
    print("  predicted pass@N, pass^N =", repr(float(pass_at(theta))), repr(float(pass_hat(theta))))
    print("  z pass@N, z pass^N =", repr(float(z_at)), repr(float(z_hat)))
    print("  statistic =", repr(float(statistic)), " p =", repr(float(min(1.0, 4 * stats.norm.cdf(-statistic)))))


print("leave-trials-out, fixture 1 (12 tasks x 6):")
leave_trials_out(C, N)
# Fixture 2: 200 tasks x 8, a two-point-like population (most tasks near 0, the rest near 0.7).
C2 = np.repeat([0, 1, 4, 5, 6, 7, 8], [80, 20, 12, 28, 32, 20, 8])
print("leave-trials-out, fixture 2 (200 tasks x 8: c = 0 x80, 1 x20, 4 x12, 5 x28, 6 x32, 7 x20, 8 x8):")
leave_trials_out(C2, 8)


# Fixture 3, mixed n: fixture 1 (12 tasks x 6) plus 4 tasks x 3 (c = 0, 1, 2, 3) and 4 tasks x 1
# (c = 0, 1, 1, 0). Each group of one n bounds its own m_k (b = its n; for n = 1, m_0 = 1: Jensen's
# m_1^k); the population's m_k is the average weighted by the groups' shares; the near end's variance
# and the far end's (delta method on each group's log, then on the log of the weighted sum) add over
# the independent groups.
def mixed_bounds(groups, k, failures):
    total = sum(len(cs) for cs, _ in groups)
    near = near_var = far = far_var = 0.0
    for cs, n in groups:
        cs = np.array(cs)
        w = len(cs) / total
        x = (n - cs) if failures else cs
        prev = comb(x, n - 1) / comb(n, n - 1)
        last = comb(x, n) / comb(n, n)
        cov = np.cov(np.vstack([prev, last]), ddof=1) / len(cs)
        near += w * last.mean()
        near_var += w * w * cov[1, 1]
        steps = k - n
        value = np.exp((steps + 1) * np.log(last.mean()) - steps * np.log(prev.mean()))
        grad = np.array([-steps / prev.mean(), (steps + 1) / last.mean()])
        far += w * value
        far_var += w * w * value * value * (grad @ cov @ grad)
    hi = min(1.0, near + Z * np.sqrt(near_var))
    lo = far * np.exp(-Z * np.sqrt(far_var) / far)
    return lo, hi


MIXED = [(list(C), 6), ([0, 1, 2, 3], 3), ([0, 1, 1, 0], 1)]
for k in (8,):
    lo, hi = mixed_bounds(MIXED, k, True)
    print(f"mixed n: pass@{k} interval [{float(1 - hi)!r}, {float(1 - lo)!r}]")
    lo, hi = mixed_bounds(MIXED, k, False)
    print(f"mixed n: pass^{k} interval [{float(lo)!r}, {float(hi)!r}]")
