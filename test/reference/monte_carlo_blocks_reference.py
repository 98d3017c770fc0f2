"""Reference values for the engine summary with measured parameters (packages/sim/src/engine/summarise.ts).

When a scenario has measured parameters, every block of replicates simulates one draw of them, so
the replicates of a block are not independent. summarise then splits each metric's spread into a
parameter part (between blocks) and Monte Carlo noise (within blocks): the one-way random-effects
ANOVA with unequal group sizes (Searle, Casella & McCulloch 1992, "Variance Components", ch. 3).
This script computes it from the replicate totals by deviations from block means (not from the
running sums summarise folds):

  MSW = Σ_b Σ_{r∈b} (y_r − ȳ_b)²/(R − B),   MSB = Σ_b n_b (ȳ_b − ȳ)²/(B − 1),
  n₀ = (R − Σ n_b²/R)/(B − 1),
  parameter variance: the one-sided 80 % upper bound (MSB/(MSW·F₀.₂(B − 1, R − B)) − 1)·MSW/n₀,
    at least 0 (scipy.stats.f.ppf), for a covariance the plain (MSB − MSW)/n₀;
  Monte Carlo variance of the mean total: (Σ n_b²·parameter + R·MSW)/R².

A metric with a closed form (here coverage, which the measured verifier does not change: its
spread over the draws is 0) takes parameter = 0 and MSW alone, and its interval is centred on the
mean of the draws' logits (drawInterval.ts), here the logit of the closed form 1 − mean (1 − p)^k. Per task divide by T (variances
by T²). Interval: value ± t₀.₉₇₅(B − 1)·√(parameter + Monte Carlo)/T (scipy.stats.t.ppf), for a rate
inside (0, 1) on the logit scale (delta method, as drawInterval.ts), otherwise cut
to [0, 1] for rates and [0, ∞) for amounts. Cost per correct answer: ratio of the means r = c̄/d̄,
each part (parameter, Monte Carlo) by the delta method (V_c − 2r·C_cd + r²·V_d)/d̄² with d̄ the
mean correct total per replicate.

The replicate totals: R = 278 replicates of T = 4 tasks in blocks of 64, 64, 64, 64 and 22, K = 2, each
total a formula of the replicate r, its block b and k (the same formulas are in
test/sim/engine/summarise.test.ts). Prints JSON: per metric a list over k of value, se, lower, upper.

Run: python3 test/reference/monte_carlo_blocks_reference.py
"""

import json

import numpy as np
from scipy.stats import f, t

T = 4
P = [0.1, 0.3, 0.5, 0.7]  # the tasks (fixed rates): coverage@k has the closed form 1 − mean (1 − p)^k
R = 278
K = 2
SIZES = [64, 64, 64, 64, 22]
B = len(SIZES)
BLOCK = np.repeat(np.arange(B), SIZES)
r = np.arange(R)


def totals(k):
    """Replicate totals per metric at budget k (k = 1, 2)."""
    b = BLOCK
    correct = (r + b * k) % 3 + ((b == 4) & (r % 4 == 0))
    return {
        "coverage": ((3 * r + 5 * b + k) % 5).astype(float),
        "deliveredCorrect": correct.astype(float),
        "deliveredWrong": np.where(b % 2 == 0, r % 4 == 0, r % 8 == 0).astype(float),
        "attempts": (4 + (r + b) % 5 + 2 * (k - 1)).astype(float),
        "cost": 0.02 * (1 + (7 * r) % 11) + 0.01 * b * k + 0.005 * correct,
    }


def components(y, z, variance):
    """(parameter, Monte Carlo) covariance components of the replicate totals y and z."""
    means_y = np.array([y[BLOCK == i].mean() for i in range(B)])
    means_z = np.array([z[BLOCK == i].mean() for i in range(B)])
    n = np.array(SIZES, dtype=float)
    msw = sum(((y[BLOCK == i] - means_y[i]) * (z[BLOCK == i] - means_z[i])).sum() for i in range(B)) / (R - B)
    msb = (n * (means_y - y.mean()) * (means_z - z.mean())).sum() / (B - 1)
    n0 = (R - (n**2).sum() / R) / (B - 1)
    if variance:
        msw = max(0.0, msw)
        if msw > 0:
            parameter = max(0.0, (msb / (msw * f.ppf(0.2, B - 1, R - B)) - 1) * msw / n0)
        else:
            parameter = max(0.0, (msb - msw) / n0)
    else:
        parameter = (msb - msw) / n0
    monte_carlo = ((n**2).sum() * parameter + R * msw) / R**2
    return parameter, monte_carlo, msw


def interval(value, parameter, monte_carlo, lo, hi, centre=None):
    # A rate strictly inside (0, 1): the logit scale, delta method (drawInterval.ts); otherwise cut.
    # `centre`: the mean of the draws' logits where a closed form gives each draw (their variance is
    # `parameter` then, 0 here: the draws agree).
    sd = np.sqrt(parameter + monte_carlo)
    q = t.ppf(0.975, B - 1)
    if hi == 1.0 and 0.0 < value < 1.0 and sd > 0:
        centre = np.log(value / (1 - value)) if centre is None else centre
        half = q * sd / (value * (1 - value))
        return 1 / (1 + np.exp(-(centre - half))), 1 / (1 + np.exp(-(centre + half)))
    return max(lo, value - q * sd), min(hi, value + q * sd)


def main() -> None:
    out = {}
    for k in (1, 2):
        y = totals(k)
        for metric, values in y.items():
            value = values.mean() / T
            if metric == "coverage":  # closed form: no parameter part
                _, _, msw = components(values, values, True)
                parameter, monte_carlo = 0.0, R * msw / R**2
            else:
                parameter, monte_carlo, _ = components(values, values, True)
            rate = metric.startswith("delivered") or metric == "coverage"
            centre = None
            if metric == "coverage":  # every draw's closed form: 1 - mean (1 - p)^k, their logits' mean is its logit
                exact = 1 - np.mean((1 - np.array(P)) ** k)
                centre = np.log(exact / (1 - exact))
            lower, upper = interval(value, parameter / T**2, monte_carlo / T**2, 0.0, 1.0 if rate else np.inf, centre)
            row = {"value": value, "se": np.sqrt(monte_carlo) / T, "lower": lower, "upper": upper}
            out.setdefault(metric, []).append({key: float(v) for key, v in row.items()})
        c, d = y["cost"], y["deliveredCorrect"]
        ratio = c.mean() / d.mean()
        vc, vd, cd = components(c, c, True), components(d, d, True), components(c, d, False)
        part = [max(0.0, vc[i] - 2 * ratio * cd[i] + ratio**2 * vd[i]) / d.mean() ** 2 for i in (0, 1)]
        lower, upper = interval(ratio, part[0], part[1], 0.0, np.inf)
        out.setdefault("costPerCorrect", []).append({"value": float(ratio), "se": float(np.sqrt(part[1])), "lower": float(lower), "upper": float(upper)})
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
