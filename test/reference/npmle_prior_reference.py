"""Reference values for test/sim/taskAverage/gridPrior.test.ts (issue #42): the nonparametric maximum-
likelihood task population on the arcsine grid (npmlePrior), mixed with Jeffreys at the share 1/sqrt(T),
and the this-benchmark interval built on it (benchmarkInterval), computed independently with numpy/scipy:
binomial likelihoods from scipy.stats.binom, EM (Laird 1978) from equal weights with the same stopping
rule (mean log-likelihood gain per task < 3e-8, at most 2000 iterations), the trial noise Var(g(C) | p) at each grid
point from the binomial pmf and the unbiased estimator g(v) = C(v, k)/C(n, k) (pass@k on the failure
side), each task's posterior on the grid; per task the larger of that and the noise under the Beta fitted
by moments (Kleinman 1973; a + b capped at 2n), integrated numerically against the Beta posterior density
with scipy.integrate.quad (not the closed-form moments the library uses); x̄ ± t(0.975, T − 1)·sqrt(sum of
noises)/T.
Also printed: the log-likelihood of the EM weights and of a 200 000-iteration run (how far from the
maximum the stopping rule leaves the fit).

Run: python3 test/reference/npmle_prior_reference.py
"""
import numpy as np
from scipy.special import comb
from scipy.integrate import quad
from scipy.stats import beta as beta_dist, binom, t as student_t

M = 101
grid = np.sin(np.pi * np.arange(M) / (2 * (M - 1))) ** 2
grid[0], grid[-1] = 0.0, 1.0


def em(ns, cs, max_iter=2000, tol=3e-8):
    L = binom.pmf(cs[:, None], ns[:, None], grid[None, :])
    w = np.full(M, 1.0 / M)
    prev = -np.inf
    for _ in range(max_iter):
        m = L @ w
        ll = np.log(m).sum()
        w = w * (L / m[:, None]).mean(axis=0)
        if ll - prev < tol * len(cs):
            break
        prev = ll
    return w, L


def loglik(w, L):
    return np.log(L @ w).sum()


def prior(ns, cs):
    w, L = em(ns, cs)
    eps = min(0.5, 1 / np.sqrt(len(cs)))
    return (1 - eps) * w + eps / M, w, L


def noise_at(n, k, metric):
    s = grid if metric == 'passHatK' else 1 - grid
    v = np.arange(n + 1)
    g = comb(v, k) / comb(n, k)
    return (binom.pmf(v[:, None], n, s[None, :]) * g[:, None] ** 2).sum(axis=0) - s ** (2 * k)


def moment_beta(ns, cs):
    # momentBetaPrior: Var p = (s² − μ(1 − μ)h)/(1 − h), a + b = μ(1 − μ)/Var p − 1 in [0.5, 1e5].
    keep = ns > 0
    x = cs[keep] / ns[keep]
    if len(x) < 2:
        return None
    mu, h = x.mean(), (1 / ns[keep]).mean()
    if mu <= 0 or mu >= 1 or h >= 1:
        return None
    var_p = (x.var(ddof=1) - mu * (1 - mu) * h) / (1 - h)
    conc = 1e5 if var_p <= 0 else min(1e5, max(0.5, mu * (1 - mu) / var_p - 1))
    return mu * conc, (1 - mu) * conc


def beta_noise(n, c, k, metric, ab):
    # E[Var(g(C) | p) | c] under Beta(a + c, b + n − c), (a, b) scaled to weight ≤ 2n; by quadrature.
    a, b = ab
    if a + b > 2 * n:
        a, b = a * 2 * n / (a + b), b * 2 * n / (a + b)
    v = np.arange(n + 1)
    g = comb(v, k) / comb(n, k)

    def var_at(p):
        s = p if metric == 'passHatK' else 1 - p
        return (binom.pmf(v, n, s) * g**2).sum() - s ** (2 * k)

    dens = beta_dist(a + c, b + n - c)
    return quad(lambda p: var_at(p) * dens.pdf(p), 0, 1, limit=200, epsabs=1e-13, epsrel=1e-11)[0]


def estimate(n, c, k, metric):
    if metric == 'passHatK':
        return comb(c, k) / comb(n, k)
    return 1 - comb(n - c, k) / comb(n, k)


def interval(ns, cs, k, metric):
    w, _, _ = prior(ns, cs)
    ab = moment_beta(ns, cs)
    total = 0.0
    for n, c in zip(ns, cs):
        post = w * binom.pmf(c, n, grid)
        post /= post.sum()
        v = post @ np.maximum(0, noise_at(n, k, metric))
        total += v if ab is None else max(v, beta_noise(n, c, k, metric, ab))
    T = len(cs)
    mean = np.mean([estimate(n, c, k, metric) for n, c in zip(ns, cs)])
    se = np.sqrt(total) / T
    q = student_t.ppf(0.975, T - 1)
    return mean, se, max(0, mean - q * se), min(1, mean + q * se)


print('example: tasks 0/4, 1/4, 4/4, 4/4')
ns = np.array([4, 4, 4, 4])
cs = np.array([0, 1, 4, 4])
w, raw, L = prior(ns, cs)
print('  weight at p = 0 (index 0)   =', repr(w[0]))
print('  weight at p = 1 (index 100) =', repr(w[-1]))
print('  prior mean sum(w p)         =', repr(w @ grid))
print('  log-lik of the EM weights   =', repr(loglik(raw, L)))
w_long, _ = em(ns, cs, max_iter=200_000, tol=0)
print('  log-lik after 200000 iters  =', repr(loglik(w_long, L)))
post = w * binom.pmf(4, 4, grid)
post /= post.sum()
print('  noise of a 4/4 task, pass^2 =', repr(post @ np.maximum(0, noise_at(4, 2, 'passHatK'))))

print('benchmark interval, tasks 5, 8, 2, 8 of 8, pass^4:', [repr(x) for x in interval(np.array([8] * 4), np.array([5, 8, 2, 8]), 4, 'passHatK')])
ns2 = np.array([10] * 6 + [5] * 6)
cs2 = np.array([0, 1, 3, 9, 10, 10, 0, 0, 2, 5, 5, 4])
print('benchmark interval, unequal n (10 ×6, 5 ×6), pass@1:', [repr(x) for x in interval(ns2, cs2, 1, 'passAtK')])
print('benchmark interval, unequal n (10 ×6, 5 ×6), pass@5:', [repr(x) for x in interval(ns2, cs2, 5, 'passAtK')])
print('point noise n = 4, k = 2, p = 1/2, pass^2: E[g^2] =', repr(float((binom.pmf(np.arange(5), 4, 0.5) * (comb(np.arange(5), 2) / 6) ** 2).sum())), '(13/96 =', repr(13 / 96), ')')

# benchmarkDifferenceInterval: each run's SE from its own fitted population, Welch–Satterthwaite df.
A = np.array([5, 6, 3, 7, 4, 6, 2, 5])
B = np.array([6, 7, 4, 7, 5, 5, 3, 6])
for label, b, metric, k in [('pass^2 of eight paired tasks', B, 'passHatK', 2), ('pass@1, B on its first 5 tasks', B[:5], 'passAtK', 1)]:
    ma, sa, _, _ = interval(np.full(len(A), 8), A, k, metric)
    mb, sb, _, _ = interval(np.full(len(b), 8), b, k, metric)
    se = np.hypot(sa, sb)
    df = (sa**2 + sb**2) ** 2 / (sa**4 / (len(A) - 1) + sb**4 / (len(b) - 1))
    q = student_t.ppf(0.975, df)
    d = mb - ma
    print('benchmark difference,', label, ': estimate, se, df, lower, upper =', [repr(float(x)) for x in (d, se, df, max(-1, d - q * se), min(1, d + q * se))])
