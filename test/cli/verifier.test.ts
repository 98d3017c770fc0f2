import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { resolveScenario } from '../../packages/sim/src/scenario/resolveScenario.js';
import { checkResultDocument } from '../../packages/cli/src/results/checkResultDocument.js';
import type { VerifierDocument } from '../../packages/cli/src/results/verifierSchema.js';
import { fixture, passk, passkWide, passkWideAt } from '../helpers/runPassk.js';

// `passk verifier` in-process (from source). Expected counts, rates and Clopper–Pearson bounds come from
// test/reference/verifier_reference.py (python3, scipy.stats.beta.ppf), which reads the same fixtures apart
// from passk. tau2-*-judges.jsonl: the τ²-bench judge summaries (MIT), made by test/fixtures/verifier/makeTau2Judges.py.
const RETAIL = fixture('verifier/tau2-retail-judges.jsonl');
const TELECOM = fixture('verifier/tau2-telecom-judges.jsonl');
const LABELS = ['--accept', 'pass,satisfied,success,resolved', '--reject', 'fail,unsatisfied,error,rejected'];
const TAU2 = (file: string) => ['verifier', file, '--verdict-col', 'judge_verdict', '--success-col', 'tau2_success', '--by', 'judge_prompt_name', ...LABELS];
const VERDICTS = fixture('verifier/joined-verdicts.csv');
const TRUTH = fixture('verifier/joined-truth.csv');
const dir = mkdtempSync(join(tmpdir(), 'passk-verifier-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1e-3, expected));

async function document(...args: string[]): Promise<VerifierDocument> {
  const run = await passk(...args, '--json');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return checkResultDocument(JSON.parse(run.stdout), 'stdout') as VerifierDocument;
}

/** A CSV in the temporary folder. */
function csv(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('passk verifier: one log with both columns (τ²-bench judges against the benchmark outcome)', () => {
  it('--json: counts, rates and exact bounds per judge prompt as the Python reference gives them; valid against passk.verifier', async () => {
    const doc = await document(...TAU2(RETAIL));
    expect(doc.kind).toBe('passk.verifier');
    expect(doc.rows.map((row) => row.group)).toEqual(['customer_outcome_v1', 'policy_chain_of_thought_v1', 'policy_conversation_v1', 'quick_triage_v1']);
    const counts = doc.rows.map(({ counts: c }) => [c.wrong, c.wrongAccepted, c.right, c.rightRejected, c.unparsed]);
    expect(counts).toEqual([
      [46, 34, 68, 7, 0],
      [42, 35, 66, 5, 6],
      [46, 17, 68, 27, 0],
      [46, 44, 68, 0, 0],
    ]);
    const [outcome, chain, , triage] = doc.rows;
    expect(outcome!.falseAccept!.rate).toBe(34 / 46); // 0.7391 (README of ../shared/data/real)
    close(outcome!.falseAccept!.interval.lower, 0.5886811523956376);
    close(outcome!.falseAccept!.interval.upper, 0.8573314631117693);
    close(outcome!.falseReject!.interval.lower, 0.0424004880746124);
    close(outcome!.falseReject!.interval.upper, 0.20066529806477587);
    expect(outcome!.falseAccept!.posterior).toEqual({ a: 34.5, b: 12.5 });
    close(chain!.falseReject!.interval.upper, 0.16800659006371654);
    expect(triage!.falseReject!.rate).toBe(0);
    close(triage!.falseReject!.interval.upper, 0.05280304279363979);
    expect(chain!.unparsedLabels).toEqual([
      { label: 'satisfactory', count: 4 },
      { label: 'compliant', count: 1 },
      { label: 'partially_satisfied', count: 1 },
    ]);
    // Accuracy = agree_count / judged (run_custom_judge.py counts unparsed as disagreements; we leave them out).
    expect(outcome!.accuracy!.value).toBe(73 / 114);
    expect(doc.pooled!.counts).toEqual({ wrong: 180, wrongAccepted: 130, right: 270, rightRejected: 39, unparsed: 6 });
    expect(doc.source).toMatchObject({ verdictColumn: 'judge_verdict', truthColumn: 'tau2_success', by: 'judge_prompt_name', unmatched: null });
  });

  it('telecom: the four prompts’ rates as the reference gives them (56 unparsed for policy_chain_of_thought)', async () => {
    const doc = await document(...TAU2(TELECOM));
    const rates = doc.rows.map((row) => [row.falseAccept!.rate, row.falseReject!.rate]);
    expect(rates).toEqual([
      [30 / 87, 7 / 27],
      [3 / 38, 7 / 20],
      [17 / 87, 10 / 27],
      [9 / 87, 1 / 27],
    ]);
    expect(doc.rows[1]!.counts.unparsed).toBe(56);
    close(doc.rows[3]!.falseReject!.interval.lower, 0.0009372570919447077);
  });

  it('text: the answer first (rates table), one sentence per row, the counts, the unparsed labels; lines ≤ 100 columns', async () => {
    const run = await passkWide(...TAU2(RETAIL));
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^Verdicts "judge_verdict" against truth "tau2_success": 450 attempts judged in/);
    expect(run.stdout).toMatch(/\ncustomer_outcome_v1 +73\.9% \[58\.9%, 85\.7%\] +10\.3% \[4\.2%, 20\.1%\] +83\.3% +59\.6%\n/);
    expect(run.stdout).toMatch(
      /customer_outcome_v1: accepts 73\.9% of wrong attempts \[58\.9%, 85\.7%\], rejects 10\.3% of right ones \[4\.2%, 20\.1%\]; judged pass@1 83\.3%, true 59\.6%\./,
    );
    expect(run.stdout).toMatch(/policy_chain_of_thought_v1: unparsed 6 \(satisfactory ×4, compliant ×1, partially_satisfied ×1\)/);
    expect(run.stdout).toMatch(/\nall \(pooled\) +180 +130 +270 +39 +6 +62\.4%\n/);
    expect(run.stdout.indexOf('false accept')).toBeLessThan(run.stdout.indexOf('wrong accepted'));
    // Laid out at 100 columns (the layout wraps the sentences), every line within them.
    for (const line of (await passkWideAt(100, ...TAU2(RETAIL))).stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(100);
  });

  it('--markdown: the same tables as GitHub tables, group names inert', async () => {
    const log = csv('md.csv', 'task_id,success,verdict,judge\nt1,1,pass,a|b\nt2,0,fail,a|b\nt3,0,pass,a|b\n');
    const run = await passk('verifier', log, '--verdict-col', 'verdict', '--by', 'judge', '--markdown');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\*\*Verdicts "verdict" against truth "success"/);
    expect(run.stdout).toContain('| judge | false accept | false reject | judged p@1 | true p@1 |');
    expect(run.stdout).toContain('| a\\|b | 50.0% [1.3%, 98.7%] | 0.0% [0.0%, 97.5%] | 66.7% | 33.3% |');
  });

  it('default labels: booleans, 1/0, pass/fail and C/I; a row without a wrong attempt shows "—" and the command succeeds', async () => {
    const log = csv('defaults.csv', 'task_id,success,verdict\nt1,1,C\nt2,1,true\nt3,1,0\nt4,1,PASS\n');
    const doc = await document('verifier', log, '--verdict-col', 'verdict');
    expect(doc.rows[0]!.counts).toEqual({ wrong: 0, wrongAccepted: 0, right: 4, rightRejected: 1, unparsed: 0 });
    expect(doc.rows[0]!.falseAccept).toBeNull();
    const text = await passkWide('verifier', log, '--verdict-col', 'verdict');
    expect(text.stdout).toMatch(/\nall +— +25\.0% \[0\.6%, 80\.6%\]/);
    expect(text.stdout).toContain('no wrong attempt to measure false accept on');
  });
});

describe('passk verifier: rows without a truth', () => {
  it('are dropped and counted, whichever verdict they carry (--missing drop, the default for CSV)', async () => {
    const log = csv('drop.csv', 'task_id,success,verdict\nt1,1,pass\nt2,,fail\nt3,0,pass\nt4,,pass\n');
    const doc = await document('verifier', log, '--verdict-col', 'verdict');
    expect(doc.source.dropped).toBe(2);
    expect(doc.rows[0]!.counts).toEqual({ wrong: 1, wrongAccepted: 1, right: 1, rightRejected: 0, unparsed: 0 });
    expect((await passkWide('verifier', log, '--verdict-col', 'verdict')).stdout).toContain('\ndropped 2 rows without an outcome or marked as errors');
  });
});

describe('passk verifier: two logs joined by task, trial and --by', () => {
  it('counts per group after the join; unmatched attempts counted and named', async () => {
    const doc = await document('verifier', '--verdicts', VERDICTS, '--truth', TRUTH, '--trial-col', 'trial', '--by', 'model');
    expect(doc.rows.map((row) => [row.group, row.counts])).toEqual([
      ['A', { wrong: 3, wrongAccepted: 2, right: 3, rightRejected: 1, unparsed: 0 }],
      ['B', { wrong: 2, wrongAccepted: 1, right: 0, rightRejected: 0, unparsed: 0 }],
    ]);
    expect(doc.rows[1]!.falseReject).toBeNull();
    expect(doc.pooled!.counts).toEqual({ wrong: 5, wrongAccepted: 3, right: 3, rightRejected: 1, unparsed: 0 });
    expect(doc.source.unmatched).toEqual({
      verdictsOnly: 1,
      truthOnly: 1,
      examples: ['t9, model=B, trial 0 (verdict only)', 't8, model=B, trial 0 (truth only)'],
    });
    const text = await passkWide('verifier', '--verdicts', VERDICTS, '--truth', TRUTH, '--trial-col', 'trial', '--by', 'model');
    expect(text.stdout.replace(/\s+/g, ' ')).toContain(
      'unmatched: 1 verdicts without a truth, 1 truths without a verdict, left out (t9, model=B, trial 0 (verdict only);',
    );
  });
});

describe('passk verifier --out, --chart, report', () => {
  it('--out: the measured verifier as a scenario fragment that the scenario reader takes back', async () => {
    const out = join(dir, 'judge.yaml');
    const run = await passk(...TAU2(RETAIL), '--where', 'judge_prompt_name=customer_outcome_v1', '--out', out);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^passk: wrote .*judge\.yaml \(the measured verifier/);
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/^# Written by passk verifier \(passk [^,]+, \d{4}-\d\d-\d\d\): verdicts "judge_verdict" against truth "tau2_success"\.\n/);
    const fragment = parse(text) as { verifier: unknown };
    const scenario = resolveScenario({ tasks: { count: 3, successRate: { dist: 'point', p: 0.5 } }, policy: { maxAttempts: 2 }, verifier: fragment.verifier });
    expect(scenario.verifier.falseAccept).toEqual({ dist: 'point', p: 34 / 46 });
    expect(scenario.verifier.falseReject).toEqual({ dist: 'point', p: 7 / 68 });
    expect(scenario.verifier.measured).toMatchObject({ falseAccept: { accepted: 34, wrong: 46 }, falseReject: { rejected: 7, right: 68 } });
  });

  it('--out with {group}: one file per group and "all" for the pooled counts', async () => {
    const run = await passk(...TAU2(RETAIL), '--out', join(dir, 'per-{group}.yaml'));
    expect(run.code).toBe(0);
    for (const name of ['customer_outcome_v1', 'quick_triage_v1', 'all']) expect(existsSync(join(dir, `per-${name}.yaml`))).toBe(true);
    expect(run.stderr).toMatch(/^passk: wrote 5 measured verifiers, one per group/);
  });

  it('simulate --verifier-from reads the fragment', async () => {
    const out = join(dir, 'for-simulate.yaml');
    expect((await passk(...TAU2(RETAIL), '--where', 'judge_prompt_name=quick_triage_v1', '--out', out)).code).toBe(0);
    const scenario = csv(
      'scenario.yaml',
      'tasks: { count: 20, successRate: { dist: beta, mean: 0.6, concentration: 4 } }\npolicy: { maxAttempts: 3 }\nrun: { replicates: 64 }\n',
    );
    const run = await passk('simulate', scenario, '--verifier-from', out, '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.scenario.verifier.measured).toMatchObject({ falseAccept: { accepted: 44, wrong: 46 }, falseReject: { rejected: 0, right: 68 } });
  });

  it('--chart writes the verifier-rates PNG; passk chart and passk report read the JSON', async () => {
    const png = join(dir, 'rates.png');
    const json = join(dir, 'verifier.json');
    const run = await passk(...TAU2(RETAIL), '--chart', png, '--json');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(`passk: wrote verifier-rates chart to ${png}\n`);
    expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
    writeFileSync(json, run.stdout);
    const chart = await passk('chart', 'verifier-rates', '--from', json, '--out', join(dir, 'again.svg'));
    expect(chart.code).toBe(0);
    const report = await passk('report', json, '--out', join(dir, 'report.html'));
    expect(report.code).toBe(0);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('customer_outcome_v1: accepts 73.9% of wrong attempts [58.9%, 85.7%]');
    expect(html).toContain('satisfactory ×4');
  });
});

describe('passk verifier: bad input is one line, exit 2, nothing written', () => {
  const log = csv('bad.csv', 'task_id,success,verdict,judge\nt1,1,pass,a\nt2,0,fail,a\nt3,1,compliant,b\n');
  const cases: [string, string[], RegExp][] = [
    [
      'verdict and truth the same column',
      ['verifier', log, '--verdict-col', 'success', '--success-col', 'success'],
      /^passk: --verdict-col: must name another column than the truth \(--success-col\), got "success"\n$/,
    ],
    [
      'verdict column read as the truth by default',
      ['verifier', log, '--verdict-col', 'success'],
      /^passk: --verdict-col: must name another column than the truth \(read from "success"; name it with --success-col\), got "success"\n$/,
    ],
    [
      'labels that parse to nothing',
      ['verifier', log, '--verdict-col', 'verdict', '--accept', 'ok', '--reject', 'no'],
      /^passk: --verdict-col verdict: must hold verdicts read as accept or reject \(the labels of --accept and --reject\), but none is; name them with --accept LABEL,… and --reject LABEL,…, got "\\"compliant\\" ×1, \\"fail\\" ×1, \\"pass\\" ×1"\n$/,
    ],
    [
      '--accept and --reject sharing a label',
      ['verifier', log, '--verdict-col', 'verdict', '--accept', 'pass,ok', '--reject', 'OK'],
      /^passk: --accept: must not share a label with --reject, got "ok"\n$/,
    ],
    [
      'a join that matches nothing',
      [
        'verifier',
        '--verdicts',
        VERDICTS,
        '--truth',
        csv('other.csv', 'task_id,trial,model,success\nu1,0,A,1\nu2,0,A,0\n'),
        '--trial-col',
        'trial',
        '--by',
        'model',
      ],
      /^passk: --truth: must hold some of the attempts of --verdicts \(joined by task, model, trial\), but none of its 2 match the 9 there \(e\.g\. "u1, model=A, trial 0" vs "t1, model=A, trial 0"\), got "[^"]*other\.csv"\n$/,
    ],
    [
      'a verdict column the log does not have',
      ['verifier', log, '--verdict-col', 'nosuch'],
      /^passk: .*bad\.csv:2: must have the column --verdict-col names \(columns: "task_id", "success", "verdict", "judge"\), got "nosuch"\n$/,
    ],
    ['--verdicts without --truth', ['verifier', '--verdicts', VERDICTS], /^passk: --truth: is required with --verdicts/],
    ['labels with two logs', ['verifier', '--verdicts', VERDICTS, '--truth', TRUTH, '--accept', 'pass'], /^passk: --accept: applies to one log/],
    ['one log without --verdict-col', ['verifier', log], /^passk: --verdict-col: is required with one log/],
    [
      '--out of several groups without {group}',
      ['verifier', log, '--verdict-col', 'verdict', '--by', 'judge', '--out', join(dir, 'x.yaml')],
      /^passk: --out: writes one verifier, but --by judge gave 2 groups: keep one with --where judge=VALUE/,
    ],
    [
      '--out whose {group} names an input',
      [
        'verifier',
        csv('x.csv', 'task_id,success,verdict,judge\nt1,1,pass,x\nt2,0,pass,x\n'),
        '--verdict-col',
        'verdict',
        '--by',
        'judge',
        '--out',
        join(dir, '{group}.csv'),
      ],
      /^passk: --out: .*x\.csv.*\n$/,
    ],
    [
      '--out of a rate not measured',
      ['verifier', log, '--verdict-col', 'verdict', '--where', 'judge=b', '--accept', 'compliant', '--out', join(dir, 'y.yaml')],
      /^passk: --out: needs both rates measured, but false accept \(no wrong attempt\) was not\n$/,
    ],
  ];
  it.each(cases)('%s', async (_name, args, message) => {
    const run = await passk(...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr.split('\n')).toHaveLength(2);
    expect(existsSync(join(dir, 'x.yaml')) || existsSync(join(dir, 'y.yaml'))).toBe(false);
  });
});
