// verifier-rates: one point per group at (false reject, false accept) with both exact intervals as bars,
// the pooled counts in another colour. Golden and compile checks: chartSpecs.test.ts ('verifier-rates').
import { describe, expect, it } from 'vitest';
import { verifierRatesChart } from '../../../packages/cli/src/charts/verifierRatesChart.js';
import { chartFixture, checked } from './chartFixture.js';

const tau2 = chartFixture('verifier-tau2', 'passk.verifier');
const rowsOf = (document: typeof tau2): any[] => (verifierRatesChart(document).spec as any).data.values;

describe('verifier-rates', () => {
  it('one point per judge prompt and the pooled one, at the document’s rates and bounds', () => {
    const rows = rowsOf(tau2);
    expect(rows.map((row) => row.name)).toEqual([
      'customer_outcome_v1',
      'policy_chain_of_thought_v1',
      'policy_conversation_v1',
      'quick_triage_v1',
      'all (pooled)',
    ]);
    // customer_outcome_v1: 34 of 46 wrong accepted, 7 of 68 right rejected (the τ²-bench summary).
    expect(rows[0].falseAccept).toBe(34 / 46);
    expect(rows[0].falseReject).toBe(7 / 68);
    const source = tau2.rows[0]!;
    expect([rows[0].faLower, rows[0].faUpper, rows[0].frLower, rows[0].frUpper]).toEqual([
      source.falseAccept!.interval.lower,
      source.falseAccept!.interval.upper,
      source.falseReject!.interval.lower,
      source.falseReject!.interval.upper,
    ]);
    expect(rows.at(-1).role).toBe('all (pooled)');
    expect(verifierRatesChart(tau2).caption).toMatch(/^all \(pooled\): false accept 72\.2% \[65\.1%, 78\.6%\], false reject 14\.4%/);
  });

  it('a group without a wrong attempt has no point (its false accept is not measured)', () => {
    const copy = structuredClone(tau2);
    copy.rows[0]!.falseAccept = null;
    expect(rowsOf(checked(copy)).map((row) => row.name)).not.toContain('customer_outcome_v1');
  });
});
