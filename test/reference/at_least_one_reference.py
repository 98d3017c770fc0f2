"""Reference values for atLeastOneSuccess (packages/sim/src/math/atLeastOneSuccess.ts): 1 − (1 − p)^k.

Independent of the TypeScript: the double p converted exactly to a 50-digit decimal, 1 − (1 − p)^k
in decimal arithmetic at 50 digits, rounded to the nearest double once. The naive double formula
1 - (1 - p)**k is printed beside it (it cancels near p = 0):

  python3 test/reference/at_least_one_reference.py

prints the numbers pinned in test/sim/math/atLeastOneSuccess.test.ts.
"""
from decimal import Decimal, getcontext

getcontext().prec = 50

for p in [1e-12, 1e-6, 0.5, 1 - 1e-9]:
    for k in [1, 3, 10, 1000]:
        exact = 1 - (1 - Decimal(p)) ** k
        print(f"[{p!r}, {k}, {float(exact)!r}],  # naive {1 - (1 - p) ** k!r}")
