import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { VerifierDocument } from '../../packages/cli/src/results/verifierSchema.js';
import { passk, REPO_ROOT } from '../helpers/runPassk.js';

// `passk verifier` on the MBPP base-vs-plus logs of ../shared/data/real (no licence: read in place, never
// copied; see its README). The base tests are the verifier, the EvalPlus plus tests the truth, joined on
// (model, example_id). Expected values: the README of ../shared/data/real (pooled counts) and
// test/reference/verifier_reference.py (per-model rates, their median, Clopper–Pearson bounds by scipy).
const MBPP = `${REPO_ROOT}../shared/data/real/mbpp-base-vs-plus/`;
const present = existsSync(MBPP);
if (!present) console.warn(`verifier on real logs skipped: ${MBPP} is absent`);

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1e-3, expected));

describe.skipIf(!present)('passk verifier on MBPP base tests against MBPP+ (59 models)', () => {
  it('pooled: both pass 12,128, base pass / plus fail 2,375, both fail 7,643, base fail / plus pass 156', async () => {
    const args = ['--verdicts', `${MBPP}mbpp.jsonl`, '--truth', `${MBPP}mbpp+.jsonl`, '--success-col', 'pass1', '--verdict-col', 'pass1'];
    const run = await passk('verifier', ...args, '--by', 'model', '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as VerifierDocument;
    expect(doc.rows).toHaveLength(59);
    expect(doc.pooled!.counts).toEqual({ wrong: 7643 + 2375, wrongAccepted: 2375, right: 12128 + 156, rightRejected: 156, unparsed: 0 });
    expect(doc.pooled!.falseAccept!.rate.toFixed(4)).toBe('0.2371');
    expect(doc.pooled!.falseReject!.rate.toFixed(4)).toBe('0.0127');
    close(doc.pooled!.falseAccept!.interval.lower, 0.228772734112563);
    close(doc.pooled!.falseAccept!.interval.upper, 0.24552690925620124);
    close(doc.pooled!.falseReject!.interval.lower, 0.010794727208684962);
    close(doc.pooled!.falseReject!.interval.upper, 0.014839957820381906);
    expect(doc.source.unmatched).toEqual({ verdictsOnly: 0, truthOnly: 0, examples: [] });
    // Per model (verifier_reference.py): median false accept 0.2558139534883721, range 0.1028..0.61.
    const rates = doc.rows.map((row) => row.falseAccept!.rate).sort((a, b) => a - b);
    expect(rates[29]).toBe(0.2558139534883721);
    expect([rates[0], rates[58]]).toEqual([0.10276679841897234, 0.61]);
  });
});
