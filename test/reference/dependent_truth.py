"""Truths of the dependent what-if coverage study (bench/decisions/whatIfCoverage.mjs, DEPENDENT_TRUTHS):
coverage@k = P(some attempt among the first k succeeds) under p ~ Beta(a, b) and feedback afterFailure eta
(after a failure p <- p + eta (1 - p) for eta >= 0, p <- p (1 + eta) for eta < 0; docs/design.md section 3).

P(k failures in a row | p) = prod_{w<k} (1 - rate_w), rate_w the success rate after w failures:
eta >= 0: 1 - rate_w = (1 - p)(1 - eta)^w, so the product is (1 - p)^k (1 - eta)^{k(k-1)/2} and
E over the Beta is B(a, b + k)/B(a, b) (closed form); eta < 0: rate_w = p (1 + eta)^w, integrated
numerically (scipy.integrate.quad). Prints coverage@k for the study's ks (1, length, 2 * length).
Run: python3 test/reference/dependent_truth.py
"""
import math

from scipy import integrate, special, stats


def coverage_closed(a, b, eta, k):
    assert eta >= 0
    return 1 - (1 - eta) ** (k * (k - 1) / 2) * math.exp(special.betaln(a, b + k) - special.betaln(a, b))


def coverage_numeric(a, b, eta, k):
    def all_fail(p):
        prod = 1.0
        for w in range(k):
            rate = p
            for _ in range(w):
                rate = rate + eta * (1 - rate) if eta >= 0 else rate * (1 + eta)
            prod *= 1 - rate
        return prod * stats.beta.pdf(p, a, b)

    value, _ = integrate.quad(all_fail, 0, 1, limit=200, epsabs=1e-13, epsrel=1e-12)
    return 1 - value


if __name__ == '__main__':
    for name, a, b, eta, length in [('fixed', 0.6, 1.4, 0.15, 5), ('untilSuccess', 1.4, 0.6, -0.4, 5)]:
        for k in (1, length, 2 * length):
            numeric = coverage_numeric(a, b, eta, k)
            closed = coverage_closed(a, b, eta, k) if eta >= 0 else float('nan')
            print(f'{name} k={k}: {numeric:.12f} closed {closed:.12f}')
