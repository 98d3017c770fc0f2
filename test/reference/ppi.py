"""Reference values for test/sim/judged/*.test.ts: prediction-powered inference (PPI++) over tasks,
written from the formulas (Angelopoulos et al. 2023; PPI++ 2024), independently of the TypeScript.

theta = lam*mean(f_all) + mean(y_A) - lam*mean(f_A), lam = clip(cov_A(y, f)/var_all(f), 0, 1)
V = var(y - lam'*f over A, ddof=2)/m + lam'^2 var(f_U)/N, lam' = lam*(N/T)
interval: the roots of (theta_c - mu)^2 = w mu (1 - mu), w = q^2 V/(theta_c(1 - theta_c)), q = t_{m-2}
Run: python3 test/reference/ppi.py
"""
import numpy as np
from scipy import stats
from scipy.special import comb


def ppi(f, y, audited, confidence=0.95, sides=2, floor_ratio=0.0):
    f = np.asarray(f, float); y = np.asarray(y, float); a = np.asarray(audited, bool)
    T = len(f); m = a.sum(); N = T - m
    fa, ya, fu = f[a], y[a], f[~a]
    vf = f.var(ddof=1)
    cov = np.cov(ya, fa, ddof=1)[0, 1]
    lam = 0.0 if vf == 0 else min(1.0, max(0.0, cov / vf))
    theta = lam * f.mean() + ya.mean() - lam * fa.mean()
    lp = lam * N / T
    d = ya - lp * fa
    V = d.var(ddof=2) / m + (lp * lp * fu.var(ddof=1) / N if N > 1 else 0.0)
    tail = (1 - confidence) / 2 if sides == 2 else 1 - confidence
    q = stats.t.ppf(1 - tail, m - 2)
    tc = min(1.0, max(0.0, theta))
    s = tc * (1 - tc)
    V = max(V, floor_ratio * s / T)
    w = q * q * V / s if s > 0 else q * q / m
    # (1 + w) mu^2 - (2 tc + w) mu + tc^2 = 0
    disc = np.sqrt((2 * tc + w) ** 2 - 4 * (1 + w) * tc * tc)
    lo = max(0.0, ((2 * tc + w) - disc) / (2 * (1 + w)))
    hi = min(1.0, ((2 * tc + w) + disc) / (2 * (1 + w)))
    if tc == 0: lo = 0.0
    if tc == 1 or sides == 1: hi = 1.0
    return dict(estimate=theta, lower=lo, upper=hi, lam=lam, se=np.sqrt(d.var(ddof=2) / m + (lp * lp * fu.var(ddof=1) / N if N > 1 else 0.0)))


def unbiased(metric, n, c, k):
    return 1 - comb(n - c, k, exact=True) / comb(n, k, exact=True) if metric == 'at' else comb(c, k, exact=True) / comb(n, k, exact=True)


if __name__ == '__main__':
    np.set_printoptions(precision=17)
    # judgeCorrectedMean.test.ts: values given directly
    f = [0.25, 0.5, 1, 0.75, 0, 0.5, 1, 1, 0.25, 0.75, 0.5, 0]
    y = [0, 0.5, 0.75, 0.75, 0, 0, 0, 0, 0, 0, 0, 0]
    aud = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
    for conf, sides in [(0.95, 2), (0.9, 1)]:
        r = ppi(f, y, aud, conf, sides)
        print('mean', conf, sides, {k: repr(float(v)) for k, v in r.items()})
    # judgeCorrectedEstimates.test.ts: 24 tasks, n = 4, the first 12 audited
    n = 4
    judge = [4, 3, 4, 2, 1, 0, 4, 3, 2, 4, 1, 3, 4, 4, 2, 0, 3, 3, 4, 1, 2, 4, 3, 2]
    truth = [3, 3, 2, 2, 0, 0, 4, 1, 2, 3, 0, 3]
    aud = [True] * 12 + [False] * 12
    for metric, k in [('at', 1), ('at', 2), ('hat', 2)]:
        fv = [unbiased(metric, n, c, k) for c in judge]
        yv = [unbiased(metric, n, c, k) for c in truth] + [0.0] * 12
        r = ppi(fv, yv, aud, floor_ratio=1 / n)
        print('estimates', metric, k, {kk: repr(float(v)) for kk, v in r.items()})


def moments_from_rates(mu, kappa, n, fa, fr):
    """pass@1 moments of y = c/n and f = accepts/n, p ~ Beta(mean mu, concentration kappa)."""
    d = 1 - fa - fr
    vp = mu * (1 - mu) / (kappa + 1)
    sy = vp + (mu * (1 - mu) - vp) / n
    q = fa + d * mu
    sf = d * d * vp + (q * (1 - q) - d * d * vp) / n
    return sy, sf, d * sy


def plan_audit(sy, sf, cov, T, h, confidence=0.95):
    lam = min(1.0, max(0.0, cov / sf)) if sf > 0 else 0.0
    up = 1 - (1 - confidence) / 2
    def hw(m):
        N = T - m; lp = lam * N / T
        V = max(0.0, sy - 2 * lp * cov + lp * lp * sf) / m + (lp * lp * sf / N if N > 0 else 0.0)
        return stats.t.ppf(up, m - 2) * np.sqrt(V)
    m = next((m for m in range(3, T + 1) if hw(m) <= h), None)
    alone = next((m for m in range(2, T + 1) if stats.t.ppf(up, m - 1) * np.sqrt(sy / m) <= h), None)
    return m, hw(m if m else T), alone, lam


if __name__ == '__main__':
    sy, sf, cov = moments_from_rates(0.6, 3, 5, 0.3, 0.2)
    print('moments', repr(sy), repr(sf), repr(cov))
    print('plan T=200 h=0.08', plan_audit(sy, sf, cov, 200, 0.08))
    sy2, sf2, cov2 = moments_from_rates(0.6, 3, 5, 0.05, 0.02)
    print('plan good judge T=500 h=0.03', plan_audit(sy2, sf2, cov2, 500, 0.03))
    print('plan unreachable T=50 h=0.01', plan_audit(sy, sf, cov, 50, 0.01))

    # judgeCorrectedDifference.test.ts: 16 tasks, n = 3 in both runs, the first 12 audited in both;
    # PPI on (D + 1)/2, mapped back by 2x - 1.
    n = 3
    ja = [3, 2, 1, 0, 3, 2, 2, 1, 3, 0, 1, 2, 3, 3, 1, 2]
    jb = [3, 3, 2, 1, 3, 2, 3, 1, 3, 1, 2, 2, 2, 3, 2, 3]
    ta = [2, 2, 1, 0, 3, 2, 2, 0, 3, 0, 1, 2]
    tb = [3, 3, 2, 1, 3, 2, 2, 1, 3, 1, 1, 2]
    aud = [True] * 12 + [False] * 4
    for metric, k in [('at', 1), ('hat', 2)]:
        fv = [(unbiased(metric, n, b, k) - unbiased(metric, n, a, k) + 1) / 2 for a, b in zip(ja, jb)]
        yv = [(unbiased(metric, n, b, k) - unbiased(metric, n, a, k) + 1) / 2 for a, b in zip(ta, tb)] + [0.5] * 4
        r = ppi(fv, yv, aud, floor_ratio=0.0)
        print('difference', metric, k, repr(2 * r['estimate'] - 1), repr(2 * r['lower'] - 1), repr(2 * r['upper'] - 1), repr(r['lam']))
