"""Reference for drawInterval (packages/sim/src/uncertainty/drawInterval.ts), independent of the TS code.

The interval of a metric from a simulation whose blocks drew measured parameters, with
V = V_theta + SE_MC^2 and q = t_{0.975, B-1} (scipy.stats.t.ppf):
- a probability with 0 < v < 1: expit(logit(v) +- q*sqrt(V)/(v(1-v))) (delta method on the logit scale);
- a probability at v = 0 or 1: v +- q*sqrt(V), cut to [0, 1];
- another metric (range [0, inf)): v +- q*sqrt(V), cut below at 0;
- a probability with 0 < v < 1 and the draws' logits given (closed form at each draw), their mean zbar
  and variance W = Var_b logit f_b: expit(zbar +- q*sqrt(W + SE_MC^2/(v(1-v))^2)); zbar and W the mean
  and sample variance (ddof 1, numpy) of the draws' logits, each clamped to [-ln(2N+1), ln(2N+1)] (the
  empirical logit of 0 and N of N).
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

def draw_logit(p, episodes):
    bound = math.log(2 * episodes + 1)
    if p <= 0:
        return -bound
    if p >= 1:
        return bound
    return min(bound, max(-bound, float(logit(p))))


def draws_interval(value, logit_mean, logit_variance, se_mc, blocks):
    q = student_t.ppf(0.975, blocks - 1)
    slope = value * (1 - value)
    sd = math.sqrt(logit_variance + (se_mc / slope) ** 2)
    return float(expit(logit_mean - q * sd)), float(expit(logit_mean + q * sd))


LOGIT_CASES = [
    # value, mean logit, Var logit, SE_MC, B
    (0.97, 3.2, 0.25, 0.002, 100),
    (0.5, 0.1, 0.0, 0.01, 10),
    (0.9978, 9.9, 11.6, 0.0001, 32),
]

# Draws' values (a closed form at each of B draws) and N episodes: the variance of their clamped logits.
DRAW_SETS = [
    ([0.9, 0.95, 0.99, 0.999], 1000),
    ([0.2, 1.0, 0.6], 50),
    ([0.0, 1e-9, 0.3], 10),
]

if __name__ == "__main__":
    import numpy as np
    for p, n in [(0.5, 100), (1.0, 100), (0.999, 100), (0.0, 100), (0.01, 1000)]:
        print(f"draw_logit({p!r}, {n}) = {draw_logit(p, n)!r}")
    for value, zbar, w, se_mc, blocks in LOGIT_CASES:
        lower, upper = draws_interval(value, zbar, w, se_mc, blocks)
        print(f"logit draws: value {value!r}, mean {zbar!r}, W {w!r}, SE {se_mc!r}, B {blocks}: [{lower:.12g}, {upper:.12g}]")
    for values, n in DRAW_SETS:
        z = np.array([draw_logit(v, n) for v in values])
        print(f"draws {values}, N {n}: mean logit = {float(np.mean(z))!r}, Var logit = {float(np.var(z, ddof=1))!r}")
    for value, v_theta, se_mc, blocks, probability in CASES:
        lower, upper = draw_interval(value, v_theta, se_mc, blocks, probability)
        print(f"value {value!r}, V {v_theta!r}, SE {se_mc!r}, B {blocks}, probability {probability}: [{lower:.12g}, {upper:.12g}]")
