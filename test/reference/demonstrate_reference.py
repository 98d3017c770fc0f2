"""Reference run counts for `plan demonstrate` (test/sim/planning/demonstrate.test.ts), 50-digit mpmath.

Smallest n with P(F <= f) <= alpha, F ~ Binomial(n, 1 - target**(1/k)). Run: python3 test/reference/demonstrate_reference.py
"""
from mpmath import mp, mpf, log, exp, binomial, ceil

mp.dps = 50

def cdf(f, n, q):
    return sum(binomial(n, i) * q**i * (1 - q)**(n - i) for i in range(f + 1))

def runs(target, k, confidence, f):
    t = mpf(target)  # the double's exact value
    log_p0 = log(t) / k
    q = -mp.expm1(log_p0)
    alpha = 1 - mpf(confidence)
    if f == 0:
        n = int(ceil(log(alpha) / log_p0))
        while exp(n * log_p0) > alpha: n += 1
        while n > 1 and exp((n - 1) * log_p0) <= alpha: n -= 1
        return n, q
    lo, hi = f, f + 1
    while cdf(f, hi, q) > alpha: hi *= 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if cdf(f, mid, q) <= alpha: hi = mid
        else: lo = mid
    return hi, q

for args in [(0.9, 8, 0.95, 0), (0.99999999, 1_000_000, 0.95, 0), (0.9999, 1_000_000, 0.95, 2), (0.5, 3, 0.99, 1)]:
    n, q = runs(*args)
    print(args, "runs =", n, "failureRate =", mp.nstr(q, 17))
