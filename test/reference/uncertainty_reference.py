"""Reference values for test/sim/taskAverage/*.test.ts (issue #10), computed independently with scipy.

Run: python3 test/reference/uncertainty_reference.py
"""
import math
import numpy as np
from scipy import stats, integrate, optimize
from scipy.special import comb

from empirical_likelihood_reference import el_interval
from sparse_arm_reference import bounds as betting_bounds

# Student t quantile.
print("t.ppf(0.975, 19) =", repr(stats.t.ppf(0.975, 19)))
print("t.ppf(0.95, 4) =", repr(stats.t.ppf(0.95, 4)))
print("t.ppf(0.025, 2.5) =", repr(stats.t.ppf(0.025, 2.5)))

# Score interval with a design effect: the roots of (xbar - mu)^2 = w mu (1 - mu), w = q^2 r / T.
def score(values, confidence=0.95, sides=2, min_ratio=0.0):
    x = np.asarray(values, float)
    T = len(x)
    m = x.mean()
    s2 = x.var(ddof=1)
    r = 1.0 if m * (1 - m) == 0 else max(min_ratio, s2 / (m * (1 - m)))
    a = 1 - confidence
    q = stats.t.ppf(1 - a / 2 if sides == 2 else 1 - a, T - 1)
    w = q * q * r / T
    # (1 + w) mu^2 - (2m + w) mu + m^2 = 0
    roots = np.sort(np.roots([1 + w, -(2 * m + w), m * m]).real)
    lo, hi = max(0.0, roots[0]), min(1.0, roots[1])
    if m == 0: lo = 0.0
    if m == 1 or sides == 1: hi = 1.0
    return lo, hi

print("score(20 ones) =", score([1.0] * 20))
mixed = [0.0, 0.25, 0.5, 1.0, 1.0, 0.75, 0.125, 0.0, 1.0, 0.5]
print("score(mixed) =", score(mixed))
print("score(mixed, 90 %, one-sided) =", score(mixed, 0.9, 1))
print("score([0.5]*10, minRatio 1/8) =", score([0.5] * 10, min_ratio=1 / 8))

# Trial noise of one task: E[Var(theta_hat | p)] over p ~ Beta(c + 1/2, n - c + 1/2), by quadrature
# over p of the binomial variance of the unbiased estimator.
def var_given_p(metric, n, k, p):
    cs = np.arange(n + 1)
    pmf = stats.binom.pmf(cs, n, p)
    if metric == "passHatK":
        g = comb(cs, k) / comb(n, k)
    else:
        g = 1 - comb(n - cs, k) / comb(n, k)
    mean = (pmf * g).sum()
    return (pmf * g * g).sum() - mean * mean

def trial_noise(metric, n, c, k):
    a, b = c + 0.5, n - c + 0.5
    f = lambda p: var_given_p(metric, n, k, p) * stats.beta.pdf(p, a, b)
    value, _ = integrate.quad(f, 0, 1, limit=200, epsabs=1e-14, epsrel=1e-12)
    return value

for args in [("passHatK", 8, 5, 4), ("passAtK", 8, 5, 4), ("passHatK", 8, 8, 8), ("passAtK", 30, 30, 8), ("passAtK", 10, 0, 1)]:
    print("trialNoise", args, "=", repr(trial_noise(*args)))

# The this-benchmark interval (benchmarkInterval) and its difference: test/reference/npmle_prior_reference.py.

# Waudby-Smith & Ramdas (2024) predictable plug-in empirical Bernstein, fixed-sample form.
def eb(x, alpha=0.05, sides=2):
    T = len(x)
    L = math.log(2 / alpha if sides == 2 else 1 / alpha)
    mu_prev, var_prev = 0.5, 0.25
    sx = ssq = sl = slx = sp = 0.0
    for t, xi in enumerate(x, start=1):
        lam = min(math.sqrt(2 * L / (var_prev * T)), 0.5)
        vt = 4 * (xi - mu_prev) ** 2
        sl += lam; slx += lam * xi; sp += vt * (-math.log(1 - lam) - lam) / 4
        sx += xi
        mu = (0.5 + sx) / (t + 1)
        ssq += (xi - mu) ** 2
        mu_prev, var_prev = mu, (0.25 + ssq) / (t + 1)
    c, h = slx / sl, (L + sp) / sl
    return max(0, c - h), (min(1, c + h) if sides == 2 else 1)

print("eb(mixed) =", eb(mixed))
print("eb(mixed*5, one-sided 90 %) =", eb(mixed * 5, 0.1, 1))

# Edge rule: 49 tasks at 1 and one at 0 (effective failures ≤ 3): the upper bound is the
# Clopper–Pearson one at the effective size n_eff = T/r·(z/t)².
x = np.array([1.0] * 49 + [0.0])
T = len(x); m = x.mean(); r = x.var(ddof=1) / (m * (1 - m))
q = stats.t.ppf(0.975, T - 1); z = stats.norm.ppf(0.975)
n_eff = T / r * (z / q) ** 2
f = n_eff * (1 - m)
print("edge: n_eff =", n_eff, "upper =", repr(1 - stats.beta.ppf(0.025, f, n_eff - f + 1)), "lower (score) =", score(x)[0])

# Moment-fitted Beta population: tasks 0/4, 4/4, 2/4, 2/4 -> Beta(0.4, 0.4).
xs = np.array([0, 1, 0.5, 0.5]); h = 0.25
vp = (xs.var(ddof=1) - xs.mean() * (1 - xs.mean()) * h) / (1 - h)
s_ = xs.mean() * (1 - xs.mean()) / vp - 1
print("moment prior: a =", xs.mean() * s_, "b =", (1 - xs.mean()) * s_)

# Paired difference: D_t = theta_B - theta_A per task; (D + 1)/2 through the score interval with the
# variance floor = mean trial noise of both agents / 4 (each under its moment-fitted Beta population).
def moment_prior(counts):
    x = np.array([c / n for n, c in counts]); h = np.mean([1 / n for n, _ in counts]); m = x.mean()
    if len(x) < 2 or m <= 0 or m >= 1: return (0.5, 0.5)
    vp = (x.var(ddof=1) - m * (1 - m) * h) / (1 - h)
    s = 1e5 if vp <= 0 else min(1e5, max(0.5, m * (1 - m) / vp - 1))
    return (m * s, (1 - m) * s)

def trial_noise_prior(metric, n, c, k, prior):
    a, b = prior[0] + c, prior[1] + n - c
    f = lambda p: var_given_p(metric, n, k, p) * stats.beta.pdf(p, a, b)
    return integrate.quad(f, 0, 1, limit=200, epsabs=1e-14, epsrel=1e-12)[0]

def score_floor(values, floor_var, confidence=0.95, df=None, q=None):
    x = np.asarray(values, float); T = len(x); m = x.mean()
    s2 = max(x.var(ddof=1), floor_var)
    r = 1.0 if m * (1 - m) == 0 else s2 / (m * (1 - m))
    if q is None: q = stats.t.ppf(1 - (1 - confidence) / 2, T - 1 if df is None else df)
    w = q * q * r / T
    roots = np.sort(np.roots([1 + w, -(2 * m + w), m * m]).real)
    return max(0.0, roots[0]), min(1.0, roots[1])

# Degrees of freedom of the variance used, V = max(s^2, F): Y = max(W, c), W ~ chi2_nu / nu, c = F / V,
# matched to a scaled chi2 by its two moments (quadrature over the chi2 density), and the noise floor's
# own Satterthwaite df 2 T vbar^2 / s_v^2 added as 1/f = 1/f_V + c^2 / nu_F.
def floored_df(c, nu):
    if c <= 0: return nu
    pdf = lambda w: stats.chi2.pdf(w * nu, nu) * nu
    m = lambda p: c ** p * stats.chi2.cdf(c * nu, nu) + integrate.quad(lambda w: w ** p * pdf(w), c, np.inf, limit=200, epsabs=1e-14, epsrel=1e-13)[0]
    e1, e2 = m(1), m(2)
    return 2 * e1 * e1 / (e2 - e1 * e1)

def difference_df(D, v, spread=0.0):
    T = len(D); s2 = np.var(D, ddof=1); noise = v.mean(); F = max(noise, spread)
    c = F / max(s2, F)
    inverse = 1 / floored_df(c, T - 1)
    if noise >= spread and v.var(ddof=1) > 0: inverse += c * c * v.var(ddof=1) / (2 * T * noise ** 2)
    return min(1e6, 1 / inverse)

# The quantile of the interval: q with E[2 Phi(q sqrt(max(W, f))) - 1] = 0.95 (W ~ chi2_nu / nu, the
# expectation by quadrature over the chi2 density, root by brentq) at f = min(1, F / (s^2 (1 + sqrt(2/nu)))),
# widened by t_f / t_(f_V): f the df with the floor's own uncertainty (difference_df), f_V without it
# (floored_df at c = F / max(s^2, F)).
def calibrated_q(c, nu, level=0.95):
    def cover(q):
        g = lambda x: (2 * stats.norm.cdf(q * np.sqrt(max(x / nu, c))) - 1) * stats.chi2.pdf(x, nu)
        return sum(integrate.quad(g, lo, hi, limit=400, epsabs=1e-14, epsrel=1e-13)[0] for lo, hi in [(0, nu * c), (nu * c, np.inf)])
    return optimize.brentq(lambda q: cover(q) - level, 0.5, 20, xtol=1e-13)

def difference_q(D, v, spread=0.0):
    T = len(D); s2 = np.var(D, ddof=1); F = max(v.mean(), spread); c = F / max(s2, F)
    f = 1.0 if s2 == 0 else min(1.0, F / (s2 * (1 + math.sqrt(2 / (T - 1)))))
    return calibrated_q(f, T - 1) * stats.t.ppf(0.975, difference_df(D, v, spread)) / stats.t.ppf(0.975, min(1e6, floored_df(c, T - 1)))

A = [(8, 5), (8, 8), (8, 2), (8, 8), (8, 0), (8, 6)]
B = [(8, 7), (8, 8), (8, 4), (8, 8), (8, 1), (8, 6)]
k = 2
g = lambda n, c: comb(c, k) / comb(n, k)
D = [g(*b) - g(*a) for a, b in zip(A, B)]
pa, pb = moment_prior(A), moment_prior(B)
v = np.array([trial_noise_prior("passHatK", *a, k, pa) + trial_noise_prior("passHatK", *b, k, pb) for a, b in zip(A, B)])
noise = v.mean()
df = difference_df(D, v); q = difference_q(D, v)
lo, hi = score_floor([(d + 1) / 2 for d in D], noise / 4, q=q)
print("difference pass^2: estimate", np.mean(D), "s2", np.var(D, ddof=1), "noise", noise, "df", repr(df), "q", repr(q), "score interval", (repr(2 * lo - 1), repr(2 * hi - 1)))
# pairedDifferenceInterval reaches to the empirical-likelihood interval of the mean of D where that is wider.
el = el_interval(D, stats.t.ppf(0.975, len(D) - 1) ** 2)
print("  EL interval", [repr(b) for b in el], "union", (repr(min(2 * lo - 1, el[0])), repr(max(2 * hi - 1, el[1]))))

# Paired difference where (sd_A - sd_B)^2 under the fitted populations is the binding floor; the
# variance of the per-task estimate under a Beta population by quadrature over p:
# Var = E_p[Var(theta_hat | p) + theta(p)^2] - (E_p theta(p))^2.
def model_variance_quad(metric, n, k, prior):
    theta = (lambda p: p ** k) if metric == "passHatK" else (lambda p: 1 - (1 - p) ** k)
    pdf = lambda p: stats.beta.pdf(p, *prior)
    second = integrate.quad(lambda p: (var_given_p(metric, n, k, p) + theta(p) ** 2) * pdf(p), 0, 1, limit=400, epsabs=1e-14, epsrel=1e-12)[0]
    first = integrate.quad(lambda p: theta(p) * pdf(p), 0, 1, limit=400, epsabs=1e-14, epsrel=1e-12)[0]
    return second - first ** 2

def spread_difference(A, B, k, metric="passAtK"):
    """The paired difference of pass@k with the (sd_A - sd_B)^2 floor: the score interval, its union
    with the empirical-likelihood interval, and the parts (s^2, noise, spread, df, q)."""
    g = lambda n, c: 1 - comb(n - c, k) / comb(n, k)
    D = [g(*b) - g(*a) for a, b in zip(A, B)]
    pa, pb = moment_prior(A), moment_prior(B)
    v = np.array([trial_noise_prior(metric, *a, k, pa) + trial_noise_prior(metric, *b, k, pb) for a, b in zip(A, B)])
    noise = v.mean()
    spread = (math.sqrt(model_variance_quad(metric, A[0][0], k, pa)) - math.sqrt(model_variance_quad(metric, B[0][0], k, pb))) ** 2
    df = difference_df(D, v, spread); q = difference_q(D, v, spread)
    lo, hi = score_floor([(d + 1) / 2 for d in D], max(noise, spread) / 4, q=q)
    el = el_interval(D, stats.t.ppf(0.975, len(D) - 1) ** 2)
    union = (min(2 * lo - 1, el[0]), max(2 * hi - 1, el[1]))
    return dict(s2=np.var(D, ddof=1), noise=noise, spread=spread, df=df, q=q, score=(2 * lo - 1, 2 * hi - 1), union=union)

# Neither arm sparse (each has at least 3 tasks with pass@8 below 1: c <= 22 of 30), so the interval
# is the score interval (its union with EL reaches no further).
A = [(30, 30)] * 14 + [(30, 29), (30, 28), (30, 27), (30, 20), (30, 12), (30, 5)]
B = [(30, 30)] * 15 + [(30, 29), (30, 26), (30, 22), (30, 20), (30, 18)]
k = 8
r = spread_difference(A, B, k)
print("difference pass@8: s2", r["s2"], "noise", r["noise"], "spread", r["spread"], "df", repr(r["df"]), "q", repr(r["q"]), "interval", tuple(map(repr, r["score"])), "union with EL", tuple(map(repr, r["union"])))

# Sparse arm (degenerateArmBounds, differenceInterval.ts): B with only one task below 1 at pass@8 (18 of 30)
# and none at 0 is sparse (at most 2 below 1). The interval reaches at least to [L_B - U_A, U_B - L_A]:
# B's betting bounds at gamma = tail / 2 (sparse_arm_reference.bounds) and A's task-population interval
# at confidence 1 - tail (tail / 2 outside each side), tail = 0.025: Bonferroni.
def arm_interval(counts, metric, k, confidence):
    """The task-population interval (groupsPopulationInterval): score interval of the per-task estimates,
    t quantile at T - 1 df, r at least 1 / max n and s^2 at least the variance under the moment-fitted
    Beta (model_variance_quad; the r it implies capped at 1), the beta (Clopper-Pearson) bound at the
    effective counts T / r (z / t)^2 within 1 count of an edge."""
    g = (lambda n, c: 1 - comb(n - c, k) / comb(n, k)) if metric == "passAtK" else (lambda n, c: comb(c, k) / comb(n, k))
    x = np.array([g(n, c) for n, c in counts]); T = len(x); m = x.mean(); spread_m = m * (1 - m)
    xs = np.array([c / n for n, c in counts])
    identifiable = 0 < xs.mean() < 1
    floor = model_variance_quad(metric, counts[0][0], k, moment_prior(counts)) if identifiable else 0.0
    side = (1 - confidence) / 2
    r = 1.0 if spread_m == 0 else max(1 / max(n for n, _ in counts), x.var(ddof=1) / spread_m, min(1.0, floor / spread_m))
    q = stats.t.ppf(1 - side, T - 1); w = q * q * r / T
    roots = np.sort(np.roots([1 + w, -(2 * m + w), m * m]).real)
    lo, hi = (0.0 if m == 0 else max(0.0, roots[0])), (1.0 if m == 1 else min(1.0, roots[1]))
    eff = T / r * (stats.norm.ppf(1 - side) / q) ** 2
    if 0 < eff * m <= 1: lo = min(lo, stats.beta.ppf(side, eff * m, eff - eff * m + 1))
    if 0 < eff * (1 - m) <= 1: hi = max(hi, 1 - stats.beta.ppf(side, eff * (1 - m), eff - eff * (1 - m) + 1))
    return lo, hi

B = [(30, 30)] * 15 + [(30, 29), (30, 29), (30, 28), (30, 26), (30, 18)]
r = spread_difference(A, B, k)
tail = 0.025
lA, uA = arm_interval(A, "passAtK", k, 1 - tail)
lB, uB = betting_bounds([1 - comb(30 - c, k) / comb(30, k) for _, c in B], tail / 2)
sparse = (lB - uA, uB - lA)
print("difference pass@8, B sparse: score interval", tuple(map(repr, r["score"])), "union with EL", tuple(map(repr, r["union"])))
print("  A's task-population interval at 97.5 %", (repr(lA), repr(uA)), "B's betting bounds at gamma 0.0125", (repr(lB), repr(uB)))
print("  sparse bounds", tuple(map(repr, sparse)), "interval", (repr(min(r["union"][0], sparse[0])), repr(max(r["union"][1], sparse[1]))))

# Paired difference where the trial-noise floor binds (s^2 below it): the t quantile takes the df of
# the floored variance (difference_df), with the per-task noise terms v_t (each the sum of both
# agents' trial noise under their fitted populations, by quadrature). pass@1, n = 4, 8 tasks.
A = [(4, 2), (4, 1), (4, 3), (4, 2), (4, 0), (4, 4), (4, 2), (4, 3)]
B = [(4, 3), (4, 1), (4, 3), (4, 2), (4, 1), (4, 4), (4, 2), (4, 3)]
k = 1
g = lambda n, c: 1 - comb(n - c, k) / comb(n, k)
D = [g(*b) - g(*a) for a, b in zip(A, B)]
pa, pb = moment_prior(A), moment_prior(B)
v = np.array([trial_noise_prior("passAtK", *a, k, pa) + trial_noise_prior("passAtK", *b, k, pb) for a, b in zip(A, B)])
df = difference_df(D, v); q = difference_q(D, v)
lo, hi = score_floor([(d + 1) / 2 for d in D], v.mean() / 4, q=q)
print("difference pass@1, noise floor: s2", np.var(D, ddof=1), "noise", v.mean(), "df", repr(df), "q", repr(q), "interval", (repr(2 * lo - 1), repr(2 * hi - 1)))

# Every task 8/8 for both agents at pass@8: s^2 = 0, every v_t equal: the floored df at c = 1, and
# the calibrated quantile at c = 1 (no widening: the floor is known exactly).
print("difference all equal: df", repr(floored_df(1.0, 19)), "q", repr(calibrated_q(1.0, 19)))
# Differences of +-1 spread far above every floor: c = F / s^2 is small and the df close to T - 1.
A = [(8, c) for c in [0, 8, 1, 7, 2, 6, 3, 5, 4, 8]]
B = [(8, c) for c in [8, 0, 7, 1, 6, 2, 5, 3, 4, 0]]
D = [b[1] / 8 - a[1] / 8 for a, b in zip(A, B)]
pa, pb = moment_prior(A), moment_prior(B)
v = np.array([trial_noise_prior("passAtK", *a, 1, pa) + trial_noise_prior("passAtK", *b, 1, pb) for a, b in zip(A, B)])
print("difference wide spread: df", repr(difference_df(D, v)), "q", repr(difference_q(D, v)))

# Welch-Satterthwaite df of benchmarkDifferenceInterval for given SEs.
print("Welch df for se_A = 0.05, se_B = 0.04, 20 tasks each:", repr((0.05**2 + 0.04**2) ** 2 / ((0.05**4 + 0.04**4) / 19)), repr(stats.t.ppf(0.975, (0.05**2 + 0.04**2) ** 2 / ((0.05**4 + 0.04**4) / 19))))

# Empirical-likelihood interval of a mean (Owen 1988): empirical_likelihood_reference.py (imported above).
x = [0, 0, 0, 0.1, 0.2, 0.9]
crit = stats.t.ppf(0.975, len(x) - 1) ** 2
print("EL interval, x = 0,0,0,0.1,0.2,0.9: critical", repr(crit), "bounds", [repr(b) for b in el_interval(x, crit)])
rng = np.random.default_rng(7)
y = np.concatenate([np.zeros(30), rng.beta(0.5, 2.0, 20).round(3), -rng.beta(1, 5, 5).round(3)])
print("EL interval, 55 values (seeded):", list(map(float, y)))
crit = stats.t.ppf(0.975, len(y) - 1) ** 2
print("  bounds", [repr(b) for b in el_interval(y, crit)])

