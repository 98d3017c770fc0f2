"""Reference for test/cli/planPrecisionSequence.test.ts: the Wilson 95 % interval of p at the
expected count of `passk plan precision --metric passHatK --k 8 --rate 0.9 --half-width 0.1`
(n = 524 trials, c = round(0.9 * 524) = 472), and its map to pass^8 = p^8 (bounds to the 8th power).
Run: python3 test/reference/precisionIntervalSequence.py"""
from math import sqrt
from scipy.stats import norm

n, c, k = 524, round(0.9 * 524), 8
z = norm.ppf(0.975)
phat = c / n
centre = (phat + z * z / (2 * n)) / (1 + z * z / n)
half = z / (1 + z * z / n) * sqrt(phat * (1 - phat) / n + z * z / (4 * n * n))
lower, upper = centre - half, centre + half
print(f"p: [{lower!r}, {upper!r}]")
print(f"pass^{k}: [{lower ** k!r}, {upper ** k!r}]")
