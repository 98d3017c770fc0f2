"""Reference values for meanAndSe (packages/sim/src/math/meanAndSe.ts): mean and SE = sd/sqrt(T).

Independent of the TypeScript: the mean and the sum of squares in exact rational arithmetic
(fractions.Fraction on the floats as given), the square root in 50-digit decimal, each rounded to
the nearest double once; numpy (ddof=1) and statistics.stdev printed beside them. The data sets
expose the naive algorithm (plain sum for the mean, then Σ(x − x̄)²), whose result is printed too:

  python3 test/reference/mean_se_reference.py

prints the numbers pinned in test/sim/math/meanAndSe.test.ts.
"""
import math
import statistics
from decimal import Decimal, getcontext
from fractions import Fraction

import numpy as np

getcontext().prec = 50

CASES = {
    # large offset, tiny spread
    "offset": ([1e8 + 1e-6 * i for i in range(1, 20)], None),
    # one value repeated: the SE is exactly 0
    "constant": ([0.1] * 10, None),
    # per-task values in [0, 1] with task counts as weights
    "weighted": ([0.7, 0.1, 1 / 3], [3, 5, 4]),
    # the doc comment's example
    "example": ([0.0, 1.0, 1.0, 0.0], None),
}


def exact(values, weights):
    w = [Fraction(1)] * len(values) if weights is None else [Fraction(x) for x in weights]
    x = [Fraction(v) for v in values]
    count = sum(w)
    mean = sum(wi * xi for wi, xi in zip(w, x)) / count
    squares = sum(wi * (xi - mean) ** 2 for wi, xi in zip(w, x))
    var_of_mean = squares / (count - 1) / count
    se = (Decimal(var_of_mean.numerator) / Decimal(var_of_mean.denominator)).sqrt()
    return float(mean), float(se)


def naive(values, weights):
    w = [1] * len(values) if weights is None else weights
    count = sum(w)
    total = 0.0
    for wi, xi in zip(w, values):
        total += wi * xi
    mean = total / count
    squares = 0.0
    for wi, xi in zip(w, values):
        squares += wi * (xi - mean) ** 2
    return mean, math.sqrt(squares / (count - 1) / count)


for name, (values, weights) in CASES.items():
    mean, se = exact(values, weights)
    expanded = values if weights is None else [v for v, w in zip(values, weights) for _ in range(w)]
    print(name)
    print("  exact   mean", repr(mean), "se", repr(se))
    print("  numpy   mean", repr(float(np.mean(expanded))), "se", repr(float(np.std(expanded, ddof=1) / math.sqrt(len(expanded)))))
    print("  stats   mean", repr(statistics.mean(expanded)), "se", repr(statistics.stdev(expanded) / math.sqrt(len(expanded))))
    nm, ns = naive(values, weights)
    print("  naive   mean", repr(nm), "se", repr(ns))
