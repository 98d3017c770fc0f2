"""Reference values for test/sim/taskAverage/inflatedBetaPrior.test.ts (issue #10), computed independently
with scipy: both likelihoods maximised by scipy's Nelder-Mead from several starts, the critical value
of the chi-bar-squared mixture by brentq, the trial noise of pass@4 by quadrature over p.

Run: python3 test/reference/inflated_beta_reference.py
"""
import numpy as np
from scipy import integrate, stats
from scipy.optimize import brentq, minimize
from scipy.special import comb, expit, logsumexp

crit = brentq(lambda x: 0.5 * stats.chi2.sf(x, 1) + 0.25 * stats.chi2.sf(x, 2) - 0.05, 0.1, 50)
print("critical value at 5 % =", repr(crit))
crit1 = brentq(lambda x: 0.5 * stats.chi2.sf(x, 1) + 0.25 * stats.chi2.sf(x, 2) - 0.01, 0.1, 50)
print("critical value at 1 % =", repr(crit1))


def ll_bb(x, cs, n):
    m, s = expit(x[0]), np.exp(x[1])
    return stats.betabinom.logpmf(cs, n, m * s, (1 - m) * s).sum()


def ll_inflated(x, cs, n):
    m, s = expit(x[0]), np.exp(x[1])
    log_d = logsumexp([0, x[2], x[3]])
    bb = -log_d + stats.betabinom.logpmf(cs, n, m * s, (1 - m) * s)
    out = bb.copy()
    out[cs == 0] = np.logaddexp(bb[cs == 0], x[2] - log_d)
    out[cs == n] = np.logaddexp(bb[cs == n], x[3] - log_d)
    return out.sum()


def fit(f, starts, cs, n):
    best = None
    for s0 in starts:
        r = s0
        for _ in range(3):
            r = minimize(lambda x: -f(x, cs, n), r if isinstance(r, list) else r.x, method="Nelder-Mead",
                         options=dict(xatol=1e-10, fatol=1e-12, maxiter=40000, maxfev=40000))
        if best is None or r.fun < best.fun:
            best = r
    return best


def estimate(n, c, k, metric):
    return 1 - comb(n - c, k) / comb(n, k) if metric == "passAtK" else comb(c, k) / comb(n, k)


def noise_given_p(n, k, metric, p):
    v = np.arange(n + 1)
    g = np.array([estimate(n, c, k, metric) for c in v])
    truth = 1 - (1 - p) ** k if metric == "passAtK" else p ** k
    return (stats.binom.pmf(v, n, p) * g * g).sum() - truth * truth


for name, n, counts in [
    ("tau-bench airline", 4, [(0, 14), (1, 12), (2, 10), (3, 4), (4, 10)]),
    ("atoms", 8, [(0, 10), (1, 1), (2, 2), (3, 3), (4, 4), (5, 3), (6, 2), (7, 1), (8, 7)]),
]:
    cs = np.array([c for c, m in counts for _ in range(m)])
    bb = fit(ll_bb, [[0.0, np.log(s)] for s in (0.3, 2, 10, 60)], cs, n)
    z = fit(ll_inflated, [[0.0, np.log(s), e, e] for s in (1, 10, 100) for e in (-3, -1)], cs, n)
    lam = 2 * (bb.fun - z.fun)
    m, s = expit(z.x[0]), np.exp(z.x[1])
    log_d = logsumexp([0, z.x[2], z.x[3]])
    pi0, pi1, w = np.exp(z.x[2] - log_d), np.exp(z.x[3] - log_d), np.exp(-log_d)
    a, b = m * s, (1 - m) * s
    rho0 = pi0 / (pi0 + w * stats.betabinom.pmf(0, n, a, b))
    rho1 = pi1 / (pi1 + w * stats.betabinom.pmf(n, n, a, b))
    print(f"{name}: logLik beta-binomial {-bb.fun!r}, inflated {-z.fun!r}, Lambda {lam!r}")
    print(f"  pi0 {pi0!r} pi1 {pi1!r} a {a!r} b {b!r}; P(atom | 0/n) {rho0!r}, P(atom | n/n) {rho1!r}")
    # This-benchmark interval: per task (1 - P(atom | c)) * E[Var(estimate | p)] over Beta(a' + c, b' + n - c),
    # the beta component with a' + b' at most 2n; x̄ ± t_{T-1} se.
    sc = min(s, 2 * n)
    a2, b2 = m * sc, (1 - m) * sc
    T = len(cs)
    q = stats.t.ppf(0.975, T - 1)
    for k, metric in [(1, "passAtK"), (4, "passAtK")]:
        var = 0.0
        for c, size in counts:
            rho = rho0 if c == 0 else rho1 if c == n else 0.0
            post = stats.beta(a2 + c, b2 + n - c)
            inner = integrate.quad(lambda p: noise_given_p(n, k, metric, p) * post.pdf(p), 0, 1, epsabs=1e-14, epsrel=1e-12)[0]
            var += size * (1 - rho) * inner
        se = np.sqrt(var) / T
        mean = np.mean([estimate(n, c, k, metric) for c in cs])
        print(f"  {metric} k={k}: se {se!r}, interval [{mean - q * se!r}, {mean + q * se!r}]")

print("P(p = 1 | 4/4), pi0 0.3, pi1 0.2, Beta(2, 2):", repr(0.2 / (0.2 + 0.5 * stats.betabinom.pmf(4, 4, 2, 2))))

# Compare (pairedDifferenceParts, test/sim/taskAverage/intervals.test.ts): each agent's population with
# point masses where the 1 % test admits them; per task (1 - P(atom | c)) * E[Var(estimate | p)] over
# the beta component's posterior Beta(a + c, b + n - c) (a + b as fitted), both agents added; and
# (sd_A - sd_B)^2, sd^2 the variance of the per-task estimate under the fitted mixture:
# E[g^2] = pi1 + w * E_bb[g(C)^2], E[g] = pi1 + w * E_beta[G(p)] (g = G = 0 on p = 0, 1 on p = 1).
A_COUNTS = [(0, 20), (1, 1), (2, 2), (3, 3), (4, 4), (5, 3), (6, 2), (7, 1), (8, 14)]
B_COUNTS = [(0, 20), (2, 1), (3, 2), (4, 3), (5, 4), (6, 3), (7, 2), (8, 15)]
n = 8
fits = []
for counts in (A_COUNTS, B_COUNTS):
    cs = np.array([c for c, m in counts for _ in range(m)])
    bb = fit(ll_bb, [[0.0, np.log(s)] for s in (0.3, 2, 10, 60)], cs, n)
    z = fit(ll_inflated, [[0.0, np.log(s), e, e] for s in (1, 10, 100) for e in (-3, -1)], cs, n)
    m, s = expit(z.x[0]), np.exp(z.x[1])
    log_d = logsumexp([0, z.x[2], z.x[3]])
    fits.append(dict(cs=cs, lam=2 * (bb.fun - z.fun), pi0=np.exp(z.x[2] - log_d), pi1=np.exp(z.x[3] - log_d), w=np.exp(-log_d), a=m * s, b=(1 - m) * s))
print("compare: Lambda A", repr(fits[0]["lam"]), "B", repr(fits[1]["lam"]), "(1 % critical value", repr(crit1), ")")
for k, metric in [(1, "passAtK"), (4, "passHatK")]:
    noise, sds = [], []
    for f in fits:
        rho0 = f["pi0"] / (f["pi0"] + f["w"] * stats.betabinom.pmf(0, n, f["a"], f["b"]))
        rho1 = f["pi1"] / (f["pi1"] + f["w"] * stats.betabinom.pmf(n, n, f["a"], f["b"]))
        per_task = []
        for c in f["cs"]:
            rho = rho0 if c == 0 else rho1 if c == n else 0.0
            post = stats.beta(f["a"] + c, f["b"] + n - c)
            per_task.append((1 - rho) * integrate.quad(lambda p: noise_given_p(n, k, metric, p) * post.pdf(p), 0, 1, epsabs=1e-14, epsrel=1e-12)[0])
        noise.append(np.array(per_task))
        v = np.arange(n + 1)
        g = np.array([estimate(n, c, k, metric) for c in v])
        second = f["pi1"] + f["w"] * (stats.betabinom.pmf(v, n, f["a"], f["b"]) * g * g).sum()
        theta = (lambda p: 1 - (1 - p) ** k) if metric == "passAtK" else (lambda p: p ** k)
        first = f["pi1"] + f["w"] * integrate.quad(lambda p: theta(p) * stats.beta.pdf(p, f["a"], f["b"]), 0, 1, epsabs=1e-14, epsrel=1e-12)[0]
        sds.append(np.sqrt(second - first ** 2))
    total = noise[0] + noise[1]
    print(f"compare {metric} k={k}: mean noise {total.mean()!r}, spread {(sds[0] - sds[1]) ** 2!r}")
