"""Reference trial counts for `plan precision --assurance` (test/sim/planning/precision.test.ts).

Brute force: the smallest n with sum_c P(C = c | n, rate) * [half-width(n, c) <= h] >= assurance, the
interval from scipy (binomtest(c, n).proportion_ci), mapped to pass^k / pass@k. Linear search over n.
Run: python3 test/reference/precision_assurance_reference.py
"""
from scipy import stats

def half_width(n, c, metric, k, method, conf):
    ci = stats.binomtest(c, n).proportion_ci(conf, method)
    lo, hi = ci.low, ci.high
    if metric == "passHatK": lo, hi = lo ** k, hi ** k
    if metric == "passAtK": lo, hi = 1 - (1 - lo) ** k, 1 - (1 - hi) ** k
    return (hi - lo) / 2

def plan(metric, k, rate, h, method, conf, assurance):
    n = 1
    while True:
        pr = sum(stats.binom.pmf(c, n, rate) for c in range(n + 1) if half_width(n, c, metric, k, method, conf) <= h)
        if pr >= assurance: return n, pr
        n += 1

for case in [("passAtK", 8, 0.5, 0.1, "wilson", 0.95, 0.8), ("passHatK", 8, 0.9, 0.1, "wilson", 0.95, 0.8),
             ("p", 1, 0.2, 0.05, "exact", 0.95, 0.8), ("passHatK", 4, 0.7, 0.1, "exact", 0.9, 0.9)]:
    print(case, "->", plan(*case))

# Tasks for the task-population interval: smallest T with t_{T-1}(0.975)·sd/√T <= h, sd of one task's
# unbiased estimate when p ~ Beta(a, b) and c ~ Binomial(n, p) (scipy.stats.betabinom).
import math
from scipy.special import comb
def tasks(metric, k, n, mean, conc, h, conf=0.95):
    a, b = mean * conc, (1 - mean) * conc
    cs = range(n + 1)
    pmf = [stats.betabinom.pmf(c, n, a, b) for c in cs]
    g = [comb(c, k) / comb(n, k) if metric == "passHatK" else 1 - comb(n - c, k) / comb(n, k) for c in cs]
    m = sum(p * x for p, x in zip(pmf, g)); v = sum(p * x * x for p, x in zip(pmf, g)) - m * m
    T = 2
    while stats.t.ppf(1 - (1 - conf) / 2, T - 1) * math.sqrt(v) / math.sqrt(T) > h: T += 1
    return T, math.sqrt(v), m
print("tasks passAtK k1 n4 mean .6 conc 2 h .03 ->", tasks("passAtK", 1, 4, 0.6, 2, 0.03))
print("tasks passHatK k8 n16 mean .8 conc 5 h .05 ->", tasks("passHatK", 8, 16, 0.8, 5, 0.05))
