"""Independent reference for `passk verifier` (test/cli/verifier*.test.ts): verdict × truth counts straight from
the files, the rates x/n and their Clopper–Pearson bounds (scipy.stats.beta.ppf). Run from the repository root:
python3 test/reference/verifier_reference.py"""
import collections
import json
import os
import statistics

from scipy.stats import beta

ACCEPT = {'pass', 'satisfied', 'success', 'resolved'}  # tau2-bench run_custom_judge.py
REJECT = {'fail', 'unsatisfied', 'error', 'rejected'}


def cp(x, n, level=0.95):
    a = (1 - level) / 2
    lo = 0.0 if x == 0 else beta.ppf(a, x, n - x + 1)
    hi = 1.0 if x == n else beta.ppf(1 - a, x + 1, n - x)
    return float(lo), float(hi)


def tau2(domain):
    counts = collections.defaultdict(lambda: [0, 0, 0, 0, 0])  # wrong, wrongAccepted, right, rightRejected, unparsed
    for line in open(f'test/fixtures/verifier/tau2-{domain}-judges.jsonl'):
        row = json.loads(line)
        c = counts[row['judge_prompt_name']]
        verdict = row['judge_verdict'].strip().lower()
        if verdict not in ACCEPT and verdict not in REJECT:
            c[4] += 1
        elif row['tau2_success']:
            c[2] += 1
            c[3] += verdict in REJECT
        else:
            c[0] += 1
            c[1] += verdict in ACCEPT
    for prompt, (w, wa, r, rr, u) in counts.items():
        print(domain, prompt, [w, wa, r, rr, u], 'FA', wa / w, cp(wa, w), 'FR', rr / r, cp(rr, r))


def mbpp():
    folder = '../shared/data/real/mbpp-base-vs-plus/'
    if not os.path.isdir(folder):
        return
    base = {(r['model'], r['example_id']): r['pass1'] for r in map(json.loads, open(folder + 'mbpp.jsonl'))}
    plus = {(r['model'], r['example_id']): r['pass1'] for r in map(json.loads, open(folder + 'mbpp+.jsonl'))}
    per = collections.defaultdict(lambda: [0, 0, 0, 0])
    for key, verdict in base.items():
        c = per[key[0]]
        if plus[key] == 0:
            c[0] += 1
            c[1] += verdict == 1
        else:
            c[2] += 1
            c[3] += verdict == 0
    total = [sum(c[i] for c in per.values()) for i in range(4)]
    print('mbpp pooled', total, 'FA', total[1] / total[0], cp(total[1], total[0]), 'FR', total[3] / total[2], cp(total[3], total[2]))
    fa = [c[1] / c[0] for c in per.values()]
    print('mbpp models', len(per), 'median FA', statistics.median(fa), 'min', min(fa), 'max', max(fa))


tau2('retail')
tau2('telecom')
mbpp()
