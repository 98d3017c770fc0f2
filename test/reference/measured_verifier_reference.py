"""Reference values for test/sim/uncertainty/measuredVerifier.test.ts (python3, numpy).

Sequential retry, first accepted attempt delivered, up to k attempts, attempts independent given
the task's p; verifier false accept fa = P(accept | wrong), false reject fr = P(reject | right).
Per task, with a = p(1 - fr) (a right attempt accepted), b = (1 - p)fa (a wrong one accepted) and
r = 1 - a - b (nothing accepted): the first accept comes at attempt j with probability r^(j-1)(a + b), so
    P(deliver correct) = a * sum_{j=1..k} r^(j-1),   P(deliver wrong) = b * sum_{j=1..k} r^(j-1),
averaged over the tasks. With measured counts (x of n) each rate has the Jeffreys posterior
Beta(x + 1/2, n - x + 1/2); the posterior of a metric is that of the closed form at drawn rates,
its sd from 400 000 draws.
Run: python3 test/reference/measured_verifier_reference.py
"""
import numpy as np

P = np.array([0.1, 0.3, 0.5, 0.7, 0.9] * 4)  # 20 tasks


def delivered(p, fa, fr, k):
    a = p * (1 - fr)
    b = (1 - p) * fa
    r = 1 - a - b
    s = sum(r ** (j - 1) for j in range(1, k + 1))
    return (a * s).mean(axis=-1), (b * s).mean(axis=-1)


if __name__ == "__main__":
    for k in (1, 3):
        c, w = delivered(P, 0.2, 0.05, k)
        print(f"k={k} fa=0.2 fr=0.05: deliveredCorrect={c!r} deliveredWrong={w!r}")
    rng = np.random.default_rng(1)
    fa = rng.beta(40 + 0.5, 200 - 40 + 0.5, size=(400_000, 1))
    fr = rng.beta(10 + 0.5, 200 - 10 + 0.5, size=(400_000, 1))
    for k in (1, 3):
        c, w = delivered(P, fa, fr, k)
        print(f"k={k} posterior (40 of 200, 10 of 200): sd deliveredCorrect={c.std():.6f} sd deliveredWrong={w.std():.6f}")
