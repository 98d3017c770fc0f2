// The report's fit section with retry dependence (issue #40): the answer, the models and the
// observed success by attempt of `passk fit test/fixtures/episodes/ldb-gpt35.jsonl --json`, and the
// attempt-success chart in a report of that result.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fitSection } from '../../../packages/cli/src/report/fitSection.js';
import { chartFixture } from '../charts/chartFixture.js';
import { fixture, passk } from '../../helpers/runPassk.js';

const dir = mkdtempSync(join(tmpdir(), 'passk-report-dependence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the fit section of a fit of episodes', () => {
  const ldb = chartFixture('fit-episodes-ldb', 'passk.fit');

  it('says whether retries are independent, lists the four models and the success by attempt after failures', () => {
    const body = String(fitSection(ldb).body);
    expect(body).toContain('<h3>Retry dependence</h3>');
    expect(body).toMatch(/Retries are not independent: after a failure the success rate falls \(feedback afterFailure -0\.\d{3}/);
    for (const model of ['independent', 'exchangeable', 'markov', 'feedback']) expect(body).toMatch(new RegExp(`<td class="text"[^>]*>${model}</td>`));
    // Attempt 2: 27 of the 109 episodes whose first attempt failed (the fixture's README).
    expect(body).toMatch(
      /<td class="num"[^>]*>2<\/td><td class="num"[^>]*>109<\/td><td class="num"[^>]*>27<\/td><td class="text"[^>]*>24\.8% \[17\.0%, 34\.0%\]<\/td>/,
    );
  });

  it('a fit without episodes has no such part, and notes why', () => {
    const tau = chartFixture('fit-tau-bench', 'passk.fit');
    const section = fitSection(tau);
    expect(String(section.body)).not.toContain('Retry dependence');
    expect(section.notes.map((note) => note.label)).toContain('Retry dependence');
  });

  it('passk report draws the attempt-success chart beside the section', async () => {
    const out = join(dir, 'report.html');
    const run = await passk('report', fixture('charts/fit-episodes-ldb.json'), '--out', out);
    expect(run.code, run.stderr).toBe(0);
    const page = readFileSync(out, 'utf8');
    expect(page).toContain('Retry dependence');
    expect(page).toContain('Success by attempt after earlier failures');
  }, 120_000);
});
