"""Reference for test/sim/intervals/oneSidedMinimumCoverage.test.ts: the least coverage over p of a
one-sided bound for p from n trials, from scipy alone, two ways that must agree.

Bounds: scipy.stats.binomtest(c, n, alternative='greater'/'less').proportion_ci(cl, 'wilson' or
'exact') for Wilson and Clopper-Pearson; scipy.stats.beta.ppf of Beta(c + 1/2, n - c + 1/2) for
Jeffreys (L = 0 at c = 0, U = 1 at c = n); the Agresti-Coull closed form with scipy.special.ndtri.

(a) dips: min over m of binom.cdf(m, n, L(m + 1)) (upper: binom.sf(m, n, U(m))) -- what passk computes;
(b) brute force (bench/coverageSingle.mjs's method, made finer): coverage(p) = sum of binom.pmf(c, n, p)
    over the c whose bound covers p, at 20 000 grid points and just inside every bound value
    (p = L(c) * (1 - 1e-10), p = U(c) + 1e-10 * (1 - U(c))); its minimum must match (a) to 1e-7.
Prints a JSON list [method, tail, n, confidence, coverage, at].
    python3 test/reference/one_sided_minimum_coverage_reference.py
"""
import json
from math import sqrt

import numpy as np
from scipy.special import ndtri
from scipy.stats import beta, binom, binomtest


def bounds(method, tail, n, cl):
    alt = 'greater' if tail == 'lower' else 'less'
    out = []
    for c in range(n + 1):
        if method in ('wilson', 'clopper-pearson'):
            ci = binomtest(c, n, alternative=alt).proportion_ci(cl, 'wilson' if method == 'wilson' else 'exact')
            out.append(float(ci.low if tail == 'lower' else ci.high))
        elif method == 'jeffreys':
            if tail == 'lower':
                out.append(0.0 if c == 0 else float(beta.ppf(1 - cl, c + 0.5, n - c + 0.5)))
            else:
                out.append(1.0 if c == n else float(beta.isf(1 - cl, c + 0.5, n - c + 0.5)))
        else:  # agresti-coull
            z = float(ndtri(cl))
            nt = n + z * z
            pt = (c + z * z / 2) / nt
            h = z * sqrt(pt * (1 - pt) / nt)
            out.append(max(0.0, pt - h) if tail == 'lower' else min(1.0, pt + h))
    return np.array(out)


def dips(b, tail, n, ms):
    best = (1.0, None)
    for m in ms:
        if b[m + 1] == b[m]:
            continue
        v = binom.cdf(m, n, b[m + 1]) if tail == 'lower' else binom.sf(m, n, b[m])
        at = b[m + 1] if tail == 'lower' else b[m]
        if v < best[0]:
            best = (float(v), float(at))
    return best


def brute(b, tail, n):
    ps = np.concatenate([np.arange(1, 20000) / 20000, b * (1 - 1e-10) if tail == 'lower' else b + 1e-10 * (1 - b)])
    ps = ps[(ps > 0) & (ps < 1)]
    cs = np.arange(n + 1)
    pmf = binom.pmf(cs[None, :], n, ps[:, None])
    covers = (b[None, :] <= ps[:, None]) if tail == 'lower' else (b[None, :] >= ps[:, None])
    return float((pmf * covers).sum(axis=1).min())


rows = []
for method in ('wilson', 'jeffreys', 'agresti-coull', 'clopper-pearson'):
    for tail in ('lower', 'upper'):
        for n in (1, 4, 8, 30, 100, 1000):
            for cl in (0.8, 0.95, 0.99):
                if tail == 'upper' and n not in (4, 30):
                    continue
                b = bounds(method, tail, n, cl)
                coverage, at = dips(b, tail, n, range(n))
                assert abs(brute(b, tail, n) - coverage) < 1e-7, (method, tail, n, cl)
                rows.append([method, tail, n, cl, coverage, at])
# maxDips 100 at n = 1000 (Jeffreys, lower): the 50 dips nearest each end.
b = bounds('jeffreys', 'lower', 1000, 0.95)
rows.append(['jeffreys', 'lower-maxDips-100', 1000, 0.95, *dips(b, 'lower', 1000, [*range(50), *range(950, 1000)])])
print(json.dumps(rows))
