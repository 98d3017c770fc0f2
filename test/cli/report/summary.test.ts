// The summary block (answer first) and the best budget behind it; the narrow layout of charts.
import type { SimulateDocument } from '../../../packages/cli/src/results/simulateSchema.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bestBudget } from '../../../packages/cli/src/charts/bestBudget.js';
import { headlineK } from '../../../packages/cli/src/format/compareAnswer.js';
import { buildChart } from '../../../packages/cli/src/charts/chartsFor.js';
import { narrowSpec, NARROW_WIDTH } from '../../../packages/cli/src/charts/narrowSpec.js';
import { labelledSvg } from '../../../packages/cli/src/charts/labelledSvg.js';
import type { PasskResult } from '../../../packages/cli/src/report/reportInput.js';
import { summaryBlock } from '../../../packages/cli/src/report/summaryBlock.js';
import { summaryFindings } from '../../../packages/cli/src/report/summaryFindings.js';
import { fixture, passk } from '../../helpers/runPassk.js';

const load = (name: string) => JSON.parse(readFileSync(fixture(`charts/${name}.json`), 'utf8')) as PasskResult;
const pilot = load('simulate-pilot') as SimulateDocument;
const parallel = load('simulate-parallel');
const task = load('estimate-task');

describe('bestBudget', () => {
  it('with a limit: the most delivered correct among ks whose wrong delivery is within it (found here by brute force)', () => {
    for (const limit of [0.01, 0.03, 0.05, 0.2]) {
      const allowed = (pilot.rows as any[]).filter((row) => row.deliveredWrong.value <= limit);
      const expected = allowed.length === 0 ? null : allowed.reduce((a, b) => (b.deliveredCorrect.value > a.deliveredCorrect.value ? b : a)).k;
      expect(bestBudget(pilot, limit).k, String(limit)).toBe(expected);
    }
    expect(bestBudget(pilot, 0).k).toBeNull(); // wrong delivery > 0 from k = 1
  });

  it('without one: the most delivered correct − delivered wrong', () => {
    const scores = (pilot.rows as any[]).map((row) => row.deliveredCorrect.value - row.deliveredWrong.value);
    expect(bestBudget(pilot, null).k).toBe((pilot.rows as any[])[scores.indexOf(Math.max(...scores))].k);
  });
});

describe('summaryBlock', () => {
  const inputs = [
    { source: 'a.json', result: pilot },
    { source: 'b.json', result: task },
    { source: 'c.json', result: parallel },
  ];
  const text = summaryBlock(summaryFindings(inputs, { maxWrongDelivery: 0.05 })).text;

  it('asks the question, answers per policy, gives the key number with its interval and the pilot caveat first', () => {
    expect(text).toContain('Which retry policy delivers the most correct answers with at most 5.0% delivered wrong');
    const k = bestBudget(pilot, 0.05).k!;
    const row = (pilot.rows as any[])[k - 1];
    const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
    expect(text).toContain(
      `best at k = ${k} — ${pct(row.deliveredCorrect.value)} [${pct(row.deliveredCorrect.value - 1.96 * row.deliveredCorrect.se)}, ${pct(row.deliveredCorrect.value + 1.96 * row.deliveredCorrect.se)}]`,
    );
    const last = (pilot.pilot as any).rows.at(-1);
    expect(text.indexOf('The caveat that matters')).toBeLessThan(
      text.indexOf(`would have estimated pass^${last.k} at ${pct(last.passHatK.value)} against a true ${pct(last.truth.passHatK.value)}`),
    );
    expect(text).toContain('27 of 30 trials correct: pass^8 (all 8 attempts correct) is 37.9% [9.4%, 75.4%]'); // seed 000, §5
  });

  it("a key number within a log's episodes: its interval from the log (method observed…) is named so, not as the fit's uncertainty", () => {
    const k = bestBudget(pilot, 0.05).k!;
    const copy = structuredClone(pilot) as any;
    const interval = { lower: 0.41, upper: 0.52, level: 0.95, method: "observed: the log's share of episodes …" };
    copy.rows[k - 1].deliveredCorrect.interval = interval;
    const shown = summaryBlock(summaryFindings([{ source: 'a.json', result: copy }], { maxWrongDelivery: 0.05 })).text;
    expect(shown).toContain('<span class="how">(95 %, from the log&#39;s own episodes (task-population interval))</span>');
    expect(shown).toContain('[41.0%, 52.0%]');
  });

  it('sets the policies side by side, the one with the most delivered correct marked', () => {
    const rows = [...text.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => m[1]!);
    expect(rows.filter((row) => row.includes('<td')).length).toBe(2);
    expect(rows.filter((row) => row.includes('★')).length).toBe(1);
  });

  it('every result kind leads with a question, an answer and a key number with its interval (#45)', () => {
    const names = [
      'estimate-task',
      'estimate-rate',
      'estimate-file',
      'fit-tau-bench',
      'sweep-constrained',
      'compare',
      'gate',
      'simulate-refund',
      'plan-demonstrate',
      'plan-precision',
      'plan-compare',
      'plan-compare-pilot',
      'plan-precision-pilot',
      'plan-audit',
      'plan-gate',
      'verifier-tau2',
    ];
    for (const name of names) {
      const findings = summaryFindings([{ source: name, result: load(name) }]);
      const text = summaryBlock(findings).text;
      expect(findings[0]!.question, name).not.toBeNull();
      expect(text, name).toContain('<dt>The question</dt><dd class="question">');
      expect(text, name).toMatch(/<dt>The answer<\/dt><dd><ul class="answers"><li>[^<]/);
      // Estimates, comparisons, fits, simulations, sweeps, gates and verifiers have a key number with its interval.
      if (!name.startsWith('plan-') || name === 'plan-gate' || name === 'plan-audit')
        expect(text, name).toMatch(/<dt>The key number<\/dt><dd class="key-number"><strong>[^<]+<\/strong> <span class="interval">[^<]+<\/span>/);
    }
  });

  it("estimate FILE: pass^k at the largest k every task counts at, with the CLI's CI (tasks)", () => {
    const estimate = load('estimate-file') as any;
    const row = estimate.rows.at(-1);
    const text = summaryBlock(summaryFindings([{ source: 'x', result: estimate }])).text;
    const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
    expect(text).toContain(
      `<strong>${pct(row.passHatK)}</strong> <span class="interval">[${pct(row.interval.passHatK.lower)}, ${pct(row.interval.passHatK.upper)}]</span>`,
    );
    expect(text).toContain('CI (tasks), 95% two-sided');
  });

  it("fit: the answer at its largest k is the prediction fit prints, model-based, with fit's interval", () => {
    const fit = load('fit-tau-bench') as any;
    const last = fit.predictions.at(-1);
    const text = summaryBlock(summaryFindings([{ source: 'x', result: fit }])).text;
    const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
    expect(last.basis).toBe('model');
    expect(text).toContain(
      `pass^${last.k} is ${pct(last.passHatK.value)} [${pct(last.passHatK.interval.lower)}, ${pct(last.passHatK.interval.upper)}], model-based`,
    );
  });

  it("compare: the summary's answer is the CLI's answer line, and it says what the gate concludes on the same pair, as `passk gate` does", async () => {
    const a = fixture('compare/small-a.csv');
    const b = fixture('compare/small-b.csv');
    const run = await passk('compare', a, b, '--k', '1..6', '--bootstrap', '0', '--json');
    const compare = JSON.parse(run.stdout);
    const text = summaryBlock(summaryFindings([{ source: 'compare.json', result: compare }])).text;
    const cli = (await passk('compare', a, b, '--k', '1..6', '--bootstrap', '0')).stdout;
    const answer = /^answer: (No clear difference between small-b and small-a at pass\^3:.*)$/m.exec(cli)![1]!;
    const html = (t: string) => t.replaceAll('&', '&amp;').replaceAll("'", '&#39;');
    expect(text).toContain(html(answer.trim()).slice(0, 120));
    expect(text).not.toContain('pass^6');
    const gate = await passk('gate', b, '--baseline', a, '--require', 'delta(passHat@3) >= 0', '--no-design-check', '--json');
    const judged = JSON.parse(gate.stdout).requirements[0];
    const points = `${judged.bound >= 0 ? '+' : '−'}${(Math.abs(judged.bound) * 100).toFixed(1)} pt`;
    expect(text).toContain(
      `A gate <code>delta(pass^3) &gt;= 0</code> at 95% (one-sided, as passk gate judges) would ${judged.pass ? 'PASS' : 'FAIL'}: its lower bound ${points}`,
    );
  });

  it('compare: the key number is the difference in signed points with its CI (tasks), never a clipped share', () => {
    const compare = load('compare') as any;
    const row = compare.comparisons[0].rows.find((candidate: { k: number }) => candidate.k === headlineK(compare.comparisons[0]));
    const text = summaryBlock(summaryFindings([{ source: 'compare.json', result: compare }])).text;
    const pt = (v: number) => `${v > 0 ? '+' : '−'}${(Math.abs(v) * 100).toFixed(1)}`;
    const { difference, interval } = row.passHatK;
    expect(text).toContain(`<strong>${pt(difference)} pt</strong> <span class="interval">[${pt(interval.lower)}, ${pt(interval.upper)}] pt</span>`);
  });

  it('compare: "not conclusive" when the interval includes 0 but the permutation test rejects, else "no clear difference" (the CLI sentence)', () => {
    const answer = (p: number) => {
      const compare = structuredClone(load('compare')) as any;
      const hat = compare.comparisons[0].rows.find((candidate: { k: number }) => candidate.k === headlineK(compare.comparisons[0])).passHatK;
      hat.interval = { ...hat.interval, lower: -0.034, upper: 0.368 };
      hat.difference = 0.174;
      hat.pValue.value = p;
      hat.adjustedPValue = p;
      return summaryBlock(summaryFindings([{ source: 'compare.json', result: compare }])).text;
    };
    expect(answer(0.016)).toContain('the permutation test rejects but the interval includes 0');
    expect(answer(0.5)).toContain('No clear difference between small-b and small-a');
  });

  it('answers for plans and sweeps in their own numbers; the sweep asks its constraints as the question', () => {
    const text = summaryBlock(
      summaryFindings(['plan-precision', 'plan-compare', 'sweep-constrained'].map((name) => ({ source: name, result: load(name) }))),
    ).text;
    expect(text).toContain('494 trials per task give a 95% interval for pass^8 of ±10.0%');
    expect(text).toContain('727 tasks at 4 trials, 289 tasks at 8 trials, 135 tasks at 16 trials, 67 tasks at 32 trials');
    const sweep = load('sweep-constrained') as any;
    expect(text).toContain(`policy.maxAttempts = ${sweep.points[sweep.best].values['policy.maxAttempts']}`);
    expect(text).toContain('with at most 2.0% delivered wrong and a mean cost of at most 0.07?');
  });
});

describe('narrowSpec', () => {
  it('makes plots NARROW_WIDTH wide, stacks side-by-side panels and moves legends below', () => {
    const spec = narrowSpec(buildChart('estimator-check', [pilot]).spec) as any;
    const text = JSON.stringify(spec);
    expect(spec.facet.column).toBeUndefined();
    expect(spec.facet.row).toBeDefined();
    expect(narrowSpec({ hconcat: [{ width: 290 }, { width: 290 }] }) as any).toEqual({ vconcat: [{ width: NARROW_WIDTH }, { width: NARROW_WIDTH }] });
    expect(
      [...text.matchAll(/"width":(\d+)/g)]
        .map((m) => Number(m[1]))
        .filter((w) => w >= 100)
        .every((w) => w === NARROW_WIDTH),
    ).toBe(true);
    expect(text).not.toMatch(/"orient":"(right|left)"/);
  });

  it('wraps long series names of a legend into lines instead of cutting them to the same first words', () => {
    const spec = narrowSpec(buildChart('delivery', [pilot, parallel]).spec) as any;
    const colour = spec.vconcat[0].layer.find((layer: any) => layer.encoding?.color?.legend).encoding.color;
    expect(colour.legend.labelExpr).toContain(JSON.stringify(['default: agent with a', '5 % false-accept', 'verifier']));
  });

  it('leaves data rows alone', () => {
    const spec = buildChart('delivery', [pilot]).spec as any;
    expect((narrowSpec(spec) as any).data.values).toEqual(spec.data.values);
  });
});

describe('labelledSvg', () => {
  it('names the drawing by an escaped <title> and <desc>', () => {
    expect(labelledSvg('<svg class="marks" width="10"><g/></svg>', 'c1wide', 'a < b', 'd & e', 'wide')).toBe(
      '<svg class="marks chart-wide" width="10" role="img" aria-labelledby="c1wide-title c1wide-desc"><title id="c1wide-title">a &lt; b</title><desc id="c1wide-desc">d &amp; e</desc><g/></svg>',
    );
  });
});
