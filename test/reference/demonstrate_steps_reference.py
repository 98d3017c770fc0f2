"""Reference run counts for every failure count (test/sim/planning/demonstrateSteps.test.ts), scipy.

Smallest n with P(F <= f) <= 1 - confidence, F ~ Binomial(n, 1 - target**(1/k)): doubling from
n = f + 1, then bisection, for f = 0..40, 1000 and 5000. Run: python3 test/reference/demonstrate_steps_reference.py
"""
import json
import math

from scipy.stats import binom


def runs(target, k, confidence, f):
    q = -math.expm1(math.log(target) / k)
    alpha = 1 - confidence
    lo, hi = f, f + 1
    while binom.cdf(f, hi, q) > alpha:
        lo, hi = hi, hi * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if binom.cdf(f, mid, q) <= alpha:
            hi = mid
        else:
            lo = mid
    return hi


for target, k, confidence in [(0.9, 8, 0.95), (0.99, 3, 0.9), (0.5, 1, 0.99)]:
    print(json.dumps({"target": target, "k": k, "confidence": confidence,
                      "first": [runs(target, k, confidence, f) for f in range(41)],
                      "f1000": runs(target, k, confidence, 1000), "f5000": runs(target, k, confidence, 5000)}))
