"""Reference values for the cost-per-solved ratio and its intervals (packages/sim/src/cost/).

Independent of the TypeScript: pass@k from math.comb, (co)variances from numpy.cov, the Fieller
set from numpy.roots of the quadratic, quantiles from scipy.stats.t.

  python3 test/reference/cost_ratio.py

prints the numbers pinned in test/sim/cost/costPerSolved.test.ts.
"""
import math

import numpy as np
from scipy import stats

# task id -> (n, c, summed cost of the priced attempts, priced attempts)
A = {
    "t1": (4, 3, 8.0, 4),
    "t2": (4, 0, 6.0, 4),
    "t3": (4, 1, 5.0, 3),
    "t4": (4, 4, 2.0, 4),
    "t5": (4, 2, 7.5, 4),
    "t6": (3, 1, 3.0, 3),
    "t8": (4, 2, 0.0, 0),  # no priced attempt: left out
}
B = {
    "t1": (4, 4, 6.0, 4),
    "t2": (4, 1, 5.0, 4),
    "t3": (4, 1, 4.0, 4),
    "t4": (4, 3, 3.0, 4),
    "t5": (4, 2, 4.0, 4),
    "t6": (3, 0, 2.0, 2),
    "t7": (4, 4, 1.0, 4),  # only in B
}
RARE = [(4, 0, 4.0, 4), (4, 0, 4.0, 4), (4, 1, 4.0, 4), (4, 0, 4.0, 4)]
LEVEL = 0.95


def pass_at_k(n, c, k):
    return 1 - math.comb(n - c, k) / math.comb(n, k)


def values(tasks, k):
    used = [t for t in tasks if t[3] > 0 and t[0] >= k]
    x = np.array([k * cost / priced for (n, c, cost, priced) in used])
    y = np.array([pass_at_k(n, c, k) for (n, c, cost, priced) in used])
    return x, y


def ratio(x, y, level=LEVEL):
    T = len(x)
    r = x.mean() / y.mean()
    cov = np.cov(np.vstack([x, y]), ddof=1) / T
    vxx, vxy, vyy = cov[0, 0], cov[0, 1], cov[1, 1]
    se = math.sqrt(vxx - 2 * r * vxy + r * r * vyy) / y.mean()
    q = stats.t.ppf(1 - (1 - level) / 2, T - 1)
    delta = (max(0, r - q * se), r + q * se)
    log = (r * math.exp(-q * se / r), r * math.exp(q * se / r))
    # Fieller: (x̄ − θȳ)² − q²(vxx − 2θvxy + θ²vyy) ≤ 0  ⇔  a θ² + b θ + c ≤ 0
    a = y.mean() ** 2 - q * q * vyy
    b = -2 * (x.mean() * y.mean() - q * q * vxy)
    c = x.mean() ** 2 - q * q * vxx
    roots = sorted(np.roots([a, b, c]).real)
    if a > 0:
        fieller = (max(0, roots[0]), roots[1])
    else:
        # two rays (−∞, r1] ∪ [r2, ∞): the upper ray alone where the lower holds nothing ≥ 0
        fieller = (max(0, roots[1]) if roots[0] < 0 and r >= roots[1] else 0, math.inf)
    return dict(T=T, value=r, se=se, delta=delta, log=log, fieller=fieller)


def show(name, result):
    print(name, {k: (tuple(round(float(v), 10) for v in val) if isinstance(val, tuple) else round(float(val), 10)) for k, val in result.items()})


def main():
    for k in (1, 2):
        show(f"A k={k}", ratio(*values(A.values(), k)))
    show("RARE k=1", ratio(*values(RARE, 1)))
    for k in (1, 2):
        compare(k)


# compare A (baseline) and B (candidate) at k over the tasks both have, both priced, n ≥ k
def compare(k):
    common = [t for t in A if t in B and A[t][3] > 0 and B[t][3] > 0 and A[t][0] >= k and B[t][0] >= k]
    xa, ya = values([A[t] for t in common], k)
    xb, yb = values([B[t] for t in common], k)
    T = len(common)
    q = stats.t.ppf(1 - (1 - LEVEL) / 2, T - 1)
    d = xb / k - xa / k
    se_attempt = d.std(ddof=1) / math.sqrt(T)
    ra, rb = xa.mean() / ya.mean(), xb.mean() / yb.mean()
    u = (xb - rb * yb) / yb.mean() - (xa - ra * ya) / ya.mean()
    se_solved = u.std(ddof=1) / math.sqrt(T)
    D = rb - ra
    show(
        f"compare k={k}",
        dict(
            T=T,
            perAttemptA=(xa / k).mean(),
            perAttemptB=(xb / k).mean(),
            perAttemptDiff=d.mean(),
            perAttemptSe=se_attempt,
            perAttemptInterval=(d.mean() - q * se_attempt, d.mean() + q * se_attempt),
            ratioA=ra,
            ratioB=rb,
            ratioDiff=D,
            ratioDiffSe=se_solved,
            ratioDiffInterval=(D - q * se_solved, D + q * se_solved),
        ),
    )


if __name__ == "__main__":
    main()
