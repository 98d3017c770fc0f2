"""Why the within-episode permutation statistic is max(Z_C, |Z_R|) (docs/dependence.md, Tests):
per task of one fixed episode of 5 attempts, p ~ Beta(1.5, 1.5), the mean shift of
C = adjacent equal pairs (minus its permutation mean given the task's successes) and of
R = sum of centred success positions, with its SD, under each model. 20 000 tasks, seed 1.
Run: python3 test/reference/dependence_statistic_shifts.py
"""
import numpy as np

rng = np.random.default_rng(1)


def episode(p, model, par, L):
    out, rate, prev = [], p, None
    for j in range(L):
        if model == 'feedback':
            q = rate
        elif model == 'markov':
            q = p if j == 0 else par * prev + (1 - par) * p
        else:
            q = p
        x = rng.random() < q
        out.append(x)
        prev = x
        if not x and model == 'feedback':
            rate = rate + par * (1 - rate) if par >= 0 else rate * (1 + par)
    return out


def runs(e):
    return sum(e[i] == e[i + 1] for i in range(len(e) - 1))


def runs_mean(n, s):
    return (n - 1) * (s * (s - 1) + (n - s) * (n - s - 1)) / (n * (n - 1))


def trend(e):
    L = len(e)
    return sum((j - (L - 1) / 2) * x for j, x in enumerate(e))


print('model       C shift (SD)     R shift (SD)')
for model, par in [('independent', 0), ('feedback', 0.5), ('feedback', -0.5), ('markov', 0.3)]:
    c, r = [], []
    for _ in range(20000):
        e = episode(rng.beta(1.5, 1.5), model, par, 5)
        c.append(runs(e) - runs_mean(5, sum(e)))
        r.append(trend(e))
    print(f'{model} {par}: {np.mean(c):.3f} ({np.std(c):.2f})   {np.mean(r):.3f} ({np.std(r):.2f})')
