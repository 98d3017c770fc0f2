"""Reference for test/sim/compare/unpairedDifference.test.ts: B − A of two independent task averages
with Welch's SE, degrees of freedom, t interval and two-sided test (Welch 1947), computed with numpy
and scipy.stats (ttest_ind with equal_var=False for the p-value). Run: python3 test/reference/welch_reference.py
"""
import numpy as np
from scipy import stats

CASES = [
    ([0, 1, 1, 0], [1, 1, 0.5]),
    ([0.2, 0.4, 0.9, 0.1, 0.5], [0.9, 0.95, 0.3]),
    ([1, 0, 1], [0, 0.2]),
]

for a, b in CASES:
    a = np.array(a, float)
    b = np.array(b, float)
    va = a.var(ddof=1) / len(a)
    vb = b.var(ddof=1) / len(b)
    se = np.sqrt(va + vb)
    d = b.mean() - a.mean()
    df = (va + vb) ** 2 / (va**2 / (len(a) - 1) + vb**2 / (len(b) - 1))
    p = stats.ttest_ind(b, a, equal_var=False).pvalue
    print(f"a = {a.tolist()}, b = {b.tolist()}: d = {float(d)!r}, se = {float(se)!r}, df = {float(df)!r}, p = {float(p)!r}")
    for confidence in (0.95, 0.9):
        t2 = stats.t.ppf(1 - (1 - confidence) / 2, df)
        t1 = stats.t.ppf(confidence, df)
        print(
            f"  {confidence}: two-sided [{float(max(-1, d - t2 * se))!r}, {float(min(1, d + t2 * se))!r}],"
            f" one-sided [{float(max(-1, d - t1 * se))!r}, 1]"
        )
