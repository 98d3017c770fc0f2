"""Exact false-fail rate of a one-requirement gate for a tiny design (test/sim/planning/gateDesign.test.ts).

Design: the pilot's 12 tasks (n = 4 each), each once; 1 trial per task; requirement
`pass@1 >= THRESHOLD` judged by the one-sided 95 % lower bound. With one trial per task every
task's estimate is 0 or 1, so passk's bound is the exact Clopper-Pearson one at the count of ones
s (taskAverageBound; the test checks that passk's bound gives the same pass set as below).

Truth: task t's rate p_t ~ Beta(a + c_t, b + n_t - c_t), (a, b) the moment-fitted Beta of the
pilot (Kleinman 1973). One trial of task t succeeds with probability E p_t = (a + c_t)/(a + b + n_t),
independently across tasks, so S = number of successes is Poisson-binomial; exact by convolution:
    P(FAIL) = sum_s P(S = s) * 1{CP_lower(s) < THRESHOLD}.
Run: python3 test/reference/gate_false_fail.py
"""
import numpy as np
from scipy.stats import beta

PILOT_C = [0, 1, 1, 2, 2, 2, 3, 3, 4, 4, 4, 1]
PILOT_N = 4
THRESHOLD = 0.25
CONFIDENCE = 0.95


def moment_beta(c, n):
    x = np.array(c, dtype=float) / n
    m = x.mean()
    h = 1.0 / n
    s2 = x.var(ddof=1)
    var_p = (s2 - m * (1 - m) * h) / (1 - h)
    conc = min(1e5, max(0.5, m * (1 - m) / var_p - 1)) if var_p > 0 else 1e5
    return m * conc, (1 - m) * conc


def main():
    a, b = moment_beta(PILOT_C, PILOT_N)
    probs = [(a + c) / (a + b + PILOT_N) for c in PILOT_C]
    dist = np.array([1.0])
    for p in probs:
        dist = np.convolve(dist, [1 - p, p])
    T = len(PILOT_C)
    passes = []
    for s in range(T + 1):
        lower = 0.0 if s == 0 else beta.ppf(1 - CONFIDENCE, s, T - s + 1)
        passes.append(bool(lower >= THRESHOLD))
    false_fail = sum(dist[s] for s in range(T + 1) if not passes[s])
    print(f"prior a = {a:.10f}, b = {b:.10f}")
    print("pass at s =", [s for s in range(T + 1) if passes[s]])
    print(f"false-fail = {false_fail:.10f}")


if __name__ == "__main__":
    main()
