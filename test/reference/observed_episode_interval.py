"""Reference for packages/sim/src/uncertainty/observedEpisodeInterval.ts (issue #41): the interval of a
rate a log of attempt-ordered episodes observes directly at budget k, written from the formulas (not
from the TypeScript).

- counts at k: per task, its episodes solved within the first k attempts (coverage) or all correct
  among them (pass^k);
- delivered correct of one sequential episode under a known verifier (a_i = 1 - FR for a correct
  attempt, FA for a wrong one): sum over correct attempts i <= k of a_i * prod_{j<i}(1 - a_j), plus
  prod_{j<=k}(1 - a_j)*[x_k correct] with deliverLast;
- the task-population interval of the mean of per-task values X_t in [0, 1]: Wilson's score interval
  at the effective size T/r, r = max(floor, s^2/(xbar(1 - xbar))), with the Student t quantile at
  T - 1 df (Korn & Graubard 1998), as packages/sim/src/taskAverage/populationInterval.ts documents.
  For 0/1 values of one episode per task the floor is r >= 1/n = 1. The examples below keep more
  than 1 effective count on each side (no exact edge bound).

Run: python3 test/reference/observed_episode_interval.py
"""
import math
from scipy import stats


def delivery(episode, k, fa, fr, last=False):
    """(correct, wrong, abstained) of one sequential episode within k attempts."""
    reach, correct, wrong = 1.0, 0.0, 0.0
    for i in range(k):
        right = episode[i] == "1"
        a = 1 - fr if right else fa
        if right:
            correct += reach * a
        else:
            wrong += reach * a
        reach *= 1 - a
    if not last:
        return correct, wrong, reach
    if episode[k - 1] == "1":
        return correct + reach, wrong, 0.0
    return correct, wrong + reach, 0.0


def delivered(episode, k, fa, fr, last=False):
    return delivery(episode, k, fa, fr, last)[0]


def score_interval(values, ratio_floor=0.0):
    T = len(values)
    xbar = sum(values) / T
    s2 = sum((v - xbar) ** 2 for v in values) / (T - 1)
    r = max(ratio_floor, s2 / (xbar * (1 - xbar)))
    q = stats.t.ppf(0.975, T - 1)
    w = q * q * r / T
    centre = xbar + w / 2
    half = math.sqrt(w * xbar * (1 - xbar) + w * w / 4)
    effective = T / r * (stats.norm.ppf(0.975) / q) ** 2
    assert effective * xbar > 1 and effective * (1 - xbar) > 1, "edge bound would apply"
    return (centre - half) / (1 + w), (centre + half) / (1 + w)


if __name__ == "__main__":
    # 30 of 100 single-episode tasks solved at the first attempt, k = 1.
    print("30 of 100:", score_interval([1.0] * 30 + [0.0] * 70, ratio_floor=1.0))
    # Delivered correct of single episodes, FA 0.1, FR 0.2.
    print("'01' k 2 abstain:", delivered("01", 2, 0.1, 0.2))
    print("'01' k 1 abstain:", delivered("01", 1, 0.1, 0.2))
    print("'001' k 3 abstain:", delivered("001", 3, 0.1, 0.2))
    print("'001' k 3 deliverLast:", delivered("001", 3, 0.1, 0.2, last=True))
    print("'10' k 2 deliverLast:", delivered("10", 2, 0.1, 0.2, last=True))
    # A log of 12 tasks of one fixed episode of 3 attempts, delivered correct at k = 2 (FA 0.05, FR 0.1).
    log = ["110", "011", "001", "000", "100", "010", "111", "000", "001", "101", "011", "000"]
    values = [delivered(e, 2, 0.05, 0.1) for e in log]
    print("12-task log values:", values)
    print("12-task log, delivered correct k 2:", score_interval(values))
    print("'01' k 2 abstain, (correct, wrong, abstained):", delivery("01", 2, 0.1, 0.2))
    print("'001' k 3 deliverLast:", delivery("001", 3, 0.1, 0.2, last=True))
    print("'00' k 2 deliverLast:", delivery("00", 2, 0.1, 0.2, last=True))
    wrong = [delivery(e, 2, 0.05, 0.1)[1] for e in log]
    abstained = [delivery(e, 2, 0.05, 0.1)[2] for e in log]
    print("12-task log, delivered wrong k 2:", score_interval(wrong))
    print("12-task log, abstained k 2:", score_interval(abstained))
    # The same log's coverage at k = 2 (0/1 values, floor 1).
    cov = [1.0 if "1" in e[:2] else 0.0 for e in log]
    print("12-task log, coverage k 2:", sum(cov), score_interval(cov, ratio_floor=1.0))
