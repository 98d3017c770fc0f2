"""Exact p-values of the trial-permutation test (test/sim/compare/trialPermutationEdges.test.ts):
for each task, given S = c_A + c_B successes among N = n_A + n_B trials, c_B is hypergeometric,
P(c_B = x) = C(S, x)·C(N − S, n_B − x)/C(N, n_B), independently across tasks; d = f(n_B, x) − f(n_A, S − x);
p = Σ over all combinations with |Σ d| ≥ |observed| − 1e-9 of the product of probabilities
(itertools.product, exact fractions). Run: python3 test/reference/trial_permutation_exact.py
"""
from fractions import Fraction as F
from itertools import product
from math import comb


def exact_p(pairs, f):
    observed = sum(f(nB, cB) - f(nA, cA) for nA, cA, nB, cB in pairs)
    laws = []
    for nA, cA, nB, cB in pairs:
        S, N = cA + cB, nA + nB
        laws.append([(f(nB, x) - f(nA, S - x), F(comb(S, x) * comb(N - S, nB - x), comb(N, nB))) for x in range(max(0, S - nA), min(S, nB) + 1)])
    p = F(0)
    for combo in product(*laws):
        prob = F(1)
        for _, q in combo:
            prob *= q
        if abs(float(sum(d for d, _ in combo))) >= abs(float(observed)) - 1e-9:
            p += prob
    return p


mean = lambda n, c: F(c, n)
cases = {
    # Two tasks whose c_A − c_B agree but whose S differ: (A 3 of 4, B 1 of 2) S = 4, (A 2 of 4, B 0 of 2) S = 2.
    "different S, same c_A - c_B": [(4, 3, 2, 1), (4, 2, 2, 0)],
    # The same task twice, and one more.
    "a task twice": [(4, 2, 2, 1), (4, 2, 2, 1), (3, 0, 2, 2)],
}
for name, pairs in cases.items():
    p = exact_p(pairs, mean)
    print(f"{name}: {pairs} -> p = {p} = {float(p)!r}")
