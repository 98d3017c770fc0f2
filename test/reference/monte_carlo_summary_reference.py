"""Reference values for the engine summary (packages/sim/src/engine/summarise.ts) on hand-made sums.

Five replicates (R = 5) of T = 4 tasks, budgets k = 1, 2; y_r is replicate r's total over the tasks.
Per metric and k: mean = Σ y_r/(R·T) and the Monte Carlo SE = sd(y_r/T)/√R with the sample (R − 1)
standard deviation (numpy ddof=1). Cost per correct answer is the ratio of the means c̄/d̄ with its
delta-method SE (Stuart & Ord, Kendall's Advanced Theory of Statistics, §10.5), written here in
matrix form: SE² = gᵀ Σ g / R with g = (1/d̄, −c̄/d̄²) and Σ = np.cov of the replicate means (c, d).
test/sim/engine/summarise.test.ts checks summarise against the printed numbers.

Run: python3 test/reference/monte_carlo_summary_reference.py
"""

import json

import numpy as np

T = 4
# Replicate totals per metric, [k = 1 totals, k = 2 totals] (the same lists are in the test).
TOTALS = {
    "coverage": [[1, 3, 2, 4, 2], [3, 4, 2, 4, 3]],
    "deliveredCorrect": [[1, 2, 2, 3, 1], [2, 3, 2, 4, 3]],
    "cost": [[2.5, 4, 3.5, 6, 2], [4, 5.5, 3, 7, 5]],
}


def mean_se(totals):
    x = np.asarray(totals, dtype=float) / T
    return x.mean(), x.std(ddof=1) / np.sqrt(len(x))


def main() -> None:
    out = {}
    for metric, per_k in TOTALS.items():
        out[metric] = [dict(zip(("value", "se"), map(float, mean_se(t)))) for t in per_k]
    ratios = []
    for k in range(2):
        c = np.asarray(TOTALS["cost"][k], dtype=float) / T
        d = np.asarray(TOTALS["deliveredCorrect"][k], dtype=float) / T
        g = np.array([1 / d.mean(), -c.mean() / d.mean() ** 2])
        sigma = np.cov(np.vstack([c, d]))  # ddof = 1
        ratios.append({"value": float(c.mean() / d.mean()), "se": float(np.sqrt(g @ sigma @ g / len(c)))})
    out["costPerCorrect"] = ratios
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
