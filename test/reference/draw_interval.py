"""Reference for drawInterval (packages/sim/src/uncertainty/drawInterval.ts), independent of the TS code.

The interval of a metric from a simulation whose blocks drew measured parameters, with
V = V_theta + SE_MC^2 and q = t_{0.975, B-1} (scipy.stats.t.ppf):
- a probability with 0 < v < 1: expit(logit(v) +- q*sqrt(V)/(v(1-v))) (delta method on the logit scale);
- a probability at v = 0 or 1: v +- q*sqrt(V), cut to [0, 1];
- another metric (range [0, inf)): v +- q*sqrt(V), cut below at 0.
Run: python3 test/reference/draw_interval.py (prints the cases test/sim/uncertainty/drawInterval.test.ts checks).
"""
import math
from scipy.special import expit, logit
from scipy.stats import t as student_t


def draw_interval(value, v_theta, se_mc, blocks, probability):
    q = student_t.ppf(0.975, blocks - 1)
    sd = math.sqrt(v_theta + se_mc ** 2)
    if sd == 0:
        return value, value
    if probability and 0 < value < 1:
        half = q * sd / (value * (1 - value))
        return float(expit(logit(value) - half)), float(expit(logit(value) + half))
    lower = max(0.0, value - q * sd)
    upper = min(1.0, value + q * sd) if probability else value + q * sd
    return lower, upper


CASES = [
    # value, V_theta, SE_MC, B, probability
    (0.5, 0.0009, 0.004, 157, True),
    (0.05, 0.0009, 0.004, 157, True),
    (0.97, 0.0004, 0.002, 10, True),
    (1e-4, 1e-8, 0.0, 16, True),
    (0.0, 0.0004, 0.0, 100, True),
    (1.0, 0.0004, 0.001, 100, True),
    (0.3, 0.0, 0.0, 16, True),
    (2.5, 0.09, 0.05, 33, False),
    (0.05, 0.0009, 0.004, 157, False),
]

if __name__ == "__main__":
    for value, v_theta, se_mc, blocks, probability in CASES:
        lower, upper = draw_interval(value, v_theta, se_mc, blocks, probability)
        print(f"value {value!r}, V {v_theta!r}, SE {se_mc!r}, B {blocks}, probability {probability}: [{lower:.12g}, {upper:.12g}]")
