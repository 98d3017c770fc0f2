# mpmath reference for estimatorMoments: sums over the beta-binomial at 40 digits.
import mpmath as mp, json
mp.mp.dps = 40
def moments(metric, n, k, a, b):
    s, f = (a, b) if metric == 'passHatK' else (b, a)
    s, f = mp.mpf(s), mp.mpf(f)
    lb = mp.beta(s, f)
    first = mp.beta(s + k, f) / lb
    sq = mp.beta(s + 2 * k, f) / lb
    second = mp.mpf(0)
    for v in range(k, n + 1):
        pmf = mp.binomial(n, v) * mp.beta(s + v, f + n - v) / lb
        g = mp.binomial(v, k) / mp.binomial(n, k)
        second += pmf * g * g
    return [float(first), float(second), float(sq)]
cases = [('passHatK', 8, 4, 4.0, 1.0), ('passAtK', 8, 8, 0.3, 0.7), ('passHatK', 30, 8, 0.5, 0.5),
         ('passAtK', 100, 10, 50.5, 50.5), ('passHatK', 100, 1, 0.5, 100.5), ('passHatK', 5000, 3, 0.3, 4000.7),
         ('passAtK', 5000, 8, 2000.25, 3000.75), ('passHatK', 4, 4, 4.0, 5.0),
         ('passHatK', 5000, 8, 1e-6, 1e-6), ('passAtK', 5000, 1, 0.01, 3.0), ('passHatK', 4000, 5, 3000.5, 1000.5),
         ('passHatK', 2000, 10, 0.02, 0.05), ('passAtK', 3000, 3, 2999.5, 1.5), ('passHatK', 100, 10, 0.5, 100.5)]
print(json.dumps([[*c, *moments(*c)] for c in cases]))
