"""Reference values for test/sim/dependence/*.test.ts (issue #40), written independently of the
TypeScript: the model definitions of docs/design.md §3 attempt by attempt, the task population
integrated by scipy.integrate.quad, maxima by scipy.optimize, permutation p-values by brute force.
Run: python3 test/reference/dependence.py
"""
import itertools
import math

import numpy as np
from scipy import integrate, optimize, stats


def rate_after(model, par, p, history):
    """P(next attempt succeeds | p, outcomes so far) under each model."""
    j = len(history)
    if model == 'independent':
        return p
    if model == 'exchangeable':
        if par == 0:
            return p
        nu = 1 / par - 1
        return (p * nu + sum(history)) / (nu + j)
    if model == 'markov':
        return p if j == 0 else par * history[-1] + (1 - par) * p
    if model == 'feedback':
        r = p
        for x in history:
            if not x:
                r = r + par * (1 - r) if par >= 0 else r * (1 + par)
        return r
    raise ValueError(model)


def episode_prob(model, par, p, episode):
    prob = 1.0
    for j, x in enumerate(episode):
        q = rate_after(model, par, p, episode[:j])
        prob *= q if x else 1 - q
    return prob


def task_loglik(model, par, mean, s, episodes):
    a, b = mean * s, (1 - mean) * s
    f = lambda p: math.prod(episode_prob(model, par, p, e) for e in episodes) * stats.beta.pdf(p, a, b)
    value, _ = integrate.quad(f, 0, 1, epsabs=1e-14, epsrel=1e-12, limit=200)
    return math.log(value)


def loglik(model, par, mean, s, tasks):
    # Tasks with the same episodes share one integral.
    groups = {}
    for t in tasks:
        key = repr(sorted(t))
        groups[key] = (t, groups.get(key, (t, 0))[1] + 1)
    return sum(count * task_loglik(model, par, mean, s, t) for t, count in groups.values())


T, F = True, False
SMALL = [
    [[T, T, F]], [[F, F, T], [F, T, T]], [[F, F, F]], [[T, F, F], [T, T, T]], [[F, T, F]], [[T, T, T]],
]
print('log-likelihoods, mean 0.4, s 3, data SMALL (fixed):')
for model, par in [('independent', 0), ('exchangeable', 0.3), ('markov', 0.4), ('feedback', 0.3), ('feedback', -0.4)]:
    print(f'  {model} {par}: {loglik(model, par, 0.4, 3, SMALL)!r}')

UNTIL = [[[T]], [[F, T]], [[F, F, T]], [[F, F, F]], [[T]], [[F, T]], [[F, F, F]]]
print('log-likelihoods, mean 0.5, s 2, data UNTIL (untilSuccess prefixes):')
for model, par in [('independent', 0), ('markov', 0.4), ('feedback', 0.5), ('feedback', -0.5)]:
    print(f'  {model} {par}: {loglik(model, par, 0.5, 2, UNTIL)!r}')

# Exact conditional permutation p-value by brute force: all arrangements of each task's outcomes
# among its slots; statistic max(Z_C, |Z_R|) with C = equal adjacent pairs within episodes and
# R = sum of centred positions of successes, standardised over the enumeration.
def slots_of(task):
    outcomes, adjacent, position = [], [], []
    for e in task:
        L = len(e)
        for j, x in enumerate(e):
            outcomes.append(int(x)); adjacent.append(j < L - 1); position.append(j - (L - 1) / 2)
    return outcomes, adjacent, position

def stats_of(arrangement, adjacent, position):
    c = sum(1 for i in range(len(arrangement) - 1) if adjacent[i] and arrangement[i] == arrangement[i + 1])
    r = sum(position[i] for i, x in enumerate(arrangement) if x)
    return c, r

def permutation_p(tasks):
    per_task = []
    observed_c = observed_r = 0
    for task in tasks:
        outcomes, adjacent, position = slots_of(task)
        s, n = sum(outcomes), len(outcomes)
        if s == 0 or s == n:
            continue
        c, r = stats_of(outcomes, adjacent, position)
        observed_c += c; observed_r += r
        options = []
        for ones in itertools.combinations(range(n), s):
            arrangement = [1 if i in ones else 0 for i in range(n)]
            options.append(stats_of(arrangement, adjacent, position))
        per_task.append(options)
    sums = [(sum(o[0] for o in combo), sum(o[1] for o in combo)) for combo in itertools.product(*per_task)]
    cs = np.array([x[0] for x in sums], float); rs = np.array([x[1] for x in sums], float)
    z = lambda c, r: max((c - cs.mean()) / cs.std() if cs.std() > 0 else 0, abs(r - rs.mean()) / rs.std() if rs.std() > 0 else 0)
    t_obs = z(observed_c, observed_r)
    values = np.array([z(c, r) for c, r in zip(cs, rs)])
    return t_obs, np.mean(values >= t_obs - 1e-9), len(values)

TINY = [[[T, T, F, F]]]
print('permutation TINY:', permutation_p(TINY))
TINY2 = [[[T, T, F], [F, F, T]], [[F, T, T, T]], [[T, F, F, F, T]]]
print('permutation TINY2:', permutation_p(TINY2))

# Run-order drift: two-sided exact p of the stratified trend sum_j (j - (n + 1)/2) x_j.
def drift_p(tasks):
    per_task, observed = [], 0
    for x in tasks:
        n, s = len(x), sum(x)
        if s == 0 or s == n:
            continue
        w = [j + 1 - (n + 1) / 2 for j in range(n)]
        observed += sum(wi for wi, xi in zip(w, x) if xi)
        per_task.append([sum(w[i] for i in ones) for ones in itertools.combinations(range(n), s)])
    totals = [sum(c) for c in itertools.product(*per_task)]
    return observed, sum(1 for t in totals if abs(t) >= abs(observed) - 1e-9) / len(totals)

print('drift [[F,T],[F,T]]:', drift_p([[0, 1], [0, 1]]))
print('drift D:', drift_p([[0, 0, 1, 1, 1], [0, 1, 0, 1], [1, 0, 0, 0, 1, 1], [0, 0, 1]]))

# Fitted models on a small fixed data set: maximise over (logit mean, ln s, coordinate) with the
# likelihood in closed form: each episode's probability is a polynomial in p (numpy Polynomial,
# built from the same attempt-by-attempt definitions), its Beta expectation sum_i c_i E[p^i],
# E[p^i] = prod_{k<i} (a + k)/(a + b + k). (Checked against the quad likelihood below.)
from numpy.polynomial import Polynomial as P

def episode_poly(model, par, episode):
    prob = P([1.0])
    p = P([0.0, 1.0])
    for j, x in enumerate(episode):
        history = episode[:j]
        if model == 'feedback':
            q = p
            for h in history:
                if not h:
                    q = q + par * (1 - q) if par >= 0 else q * (1 + par)
        elif model == 'markov':
            q = p if j == 0 else par * history[-1] + (1 - par) * p
        elif model == 'exchangeable' and par > 0:
            nu = 1 / par - 1
            q = (p * nu + sum(history)) / (nu + j)
        else:
            q = p
        prob = prob * (q if x else 1 - q)
    return prob

def poly_loglik(model, par, mean, s, tasks):
    a, b = mean * s, (1 - mean) * s
    total = 0.0
    for t in tasks:
        poly = P([1.0])
        for e in t:
            poly = poly * episode_poly(model, par, e)
        moments = np.cumprod([1.0] + [(a + k) / (a + b + k) for k in range(len(poly.coef) - 1)])
        total += math.log(float(np.dot(poly.coef, moments)))
    return total

assert abs(poly_loglik('feedback', -0.4, 0.4, 3, SMALL) - loglik('feedback', -0.4, 0.4, 3, SMALL)) < 1e-9
assert abs(poly_loglik('exchangeable', 0.3, 0.4, 3, SMALL) - loglik('exchangeable', 0.3, 0.4, 3, SMALL)) < 1e-9

FIT = ([[[F, F, T, T]]] * 6 + [[[F, T, T, T]]] * 4 + [[[T, T, T, T]]] * 3 + [[[F, F, F, F]]] * 5 + [[[T, F, T, T]]] * 2
       + [[[F, F, F, T]]] * 4 + [[[T, T, F, T]]] * 1)

def fit(model, transform):
    def negative(theta):
        mean = 1 / (1 + math.exp(-theta[0]))
        par = transform(theta[2]) if transform else 0
        return -poly_loglik(model, par, mean, math.exp(theta[1]), FIT)
    best = None
    starts = ([0, 1, 0.3], [0, 2, -0.3], [-1, 0.5, 1.0]) if transform else ([0, 1, 0], [0, 3, 0])
    for start in starts:
        x0 = start if transform else start[:2]
        f = negative if transform else (lambda t: negative(list(t) + [0]))
        r = optimize.minimize(f, x0, method='Nelder-Mead', options={'xatol': 1e-10, 'fatol': 1e-13, 'maxiter': 40000, 'maxfev': 40000})
        if best is None or r.fun < best.fun:
            best = r
    return best

r = fit('feedback', math.tanh)
print('feedback fit on FIT: mean', repr(1 / (1 + math.exp(-r.x[0]))), 's', repr(math.exp(r.x[1])), 'afterFailure', repr(math.tanh(r.x[2])), 'loglik', repr(-r.fun))
r = fit('independent', None)
print('independent fit on FIT: mean', repr(1 / (1 + math.exp(-r.x[0]))), 's', repr(math.exp(r.x[1])), 'loglik', repr(-r.fun))
