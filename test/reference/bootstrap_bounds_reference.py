"""Reference for test/sim/compare/pairedBootstrap.test.ts (bootstrapBounds): the percentile interval
of bootstrap replicates (numpy.quantile, method 'linear' = Hyndman & Fan type 7) re-centred on the
estimate (+ estimate − mean of the replicates), clipped to [−1, 1]; one-sided [q_α, 1]; the SE is the
sd of the replicates (ddof = 1). NaN replicates are left out. Run: python3 test/reference/bootstrap_bounds_reference.py
"""
import numpy as np

CASES = [
    # (replicates, estimate, confidence, sides)
    ([0.3, -0.1, 0.2, float("nan"), 0.5, 0.05, -0.2, 0.4], 0.12, 0.9, 2),
    ([0.3, -0.1, 0.2, float("nan"), 0.5, 0.05, -0.2, 0.4], 0.12, 0.9, 1),
    ([0.3, -0.1, 0.2, 0.5, 0.05, -0.2, 0.4, 0.1, 0.15, 0.25, 0.35], 0.2, 0.8, 2),
    ([0.9, 0.95, 1.0, 0.8], 0.99, 0.95, 2),
    ([-0.9, -1.0, -0.95, -0.7], -0.99, 0.95, 2),
]

for replicates, estimate, confidence, sides in CASES:
    x = np.array(replicates, float)
    x = x[~np.isnan(x)]
    alpha = 1 - confidence
    recentre = estimate - x.mean()
    lower = np.quantile(x, alpha / 2 if sides == 2 else alpha) + recentre
    upper = np.quantile(x, 1 - alpha / 2) + recentre if sides == 2 else 1.0
    se = x.std(ddof=1) if len(x) > 1 else 0.0
    print(f"{replicates}, {estimate}, {confidence}, {sides}: lower {float(max(-1, lower))!r}, upper {float(min(1, upper))!r}, se {float(se)!r}")
