import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { passk, passkProcess } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

// `passk demo`: the README's main job. Its results are computed by the library; they must be the
// very JSON the CLI prints for the commands each one names (same functions, options and seeds).

// Made here, not in beforeAll, so that it is removed after the file (test/helpers/tempDir.ts).
const dir = tempDir('demo');
let out: string;
let stdout: string;

beforeAll(async () => {
  out = join(dir, 'demo');
  const run = await passk('demo', '--out', out);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toBe('');
  stdout = run.stdout;
}, 60_000);

async function cliJson(...args: string[]): Promise<unknown> {
  const run = await passk(...args, '--json');
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

const result = (name: string) => JSON.parse(readFileSync(join(out, 'results', name), 'utf8'));

/** The CLI's result with the scenario file in its recorded command named as the demo names it (the test writes it to a temporary folder). */
const named = (document: any, file: string, as: string) => ({
  ...document,
  provenance: { ...document.provenance, argv: document.provenance.argv.map((arg: string) => (arg === file ? as : arg)) },
});

describe('passk demo', () => {
  it('writes report.html, every chart as SVG and PNG and the results, and says where', () => {
    expect(readdirSync(out).sort()).toEqual(['charts', 'report.html', 'results']);
    const charts = readdirSync(join(out, 'charts')).sort();
    const svgs = charts.filter((name) => name.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThanOrEqual(7);
    expect(charts).toEqual(svgs.flatMap((name) => [name.replace(/\.svg$/, '.png'), name]).sort());
    for (const name of svgs) {
      expect(readFileSync(join(out, 'charts', name), 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      // PNG signature 89 50 4E 47 0D 0A 1A 0A (PNG specification, §5.2).
      expect([...readFileSync(join(out, 'charts', name.replace(/\.svg$/, '.png'))).subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    }
    expect(stdout).toContain(`passk demo: wrote ${join(out, 'report.html')}`);
    expect(stdout).toContain(`${svgs.length} charts as SVG and PNG in ${join(out, 'charts')}`);
    for (const name of svgs) expect(stdout).toContain(join(out, 'charts', name));
  });

  // The default scenario, written out (packages/sim/src/scenario/defaultScenario.ts) but for its name and policy.
  const common =
    'seed: 42\ntasks:\n  count: 200\n  successRate:\n    dist: mixture\n    components:\n      - { weight: 0.15, dist: point, p: 0 }\n      - { weight: 0.1, dist: point, p: 1 }\n' +
    '      - { weight: 0.75, dist: beta, mean: 0.6, concentration: 3 }\n  resample: false\nattempts:\n  correlation: { model: exchangeable, icc: 0.2 }\n' +
    '  cost: { perAttempt: { dist: lognormal, median: 0.02, sigma: 0.5 } }\n  latency: { perAttempt: 1 }\nselector: { kind: firstAccepted }\nrun: { replicates: 2000 }\n';

  it('the default scenario with a pilot equals `passk simulate --replicates 400 --pilot-trials 8 --json` of it under its demo name', async () => {
    const file = join(dir, 'sequential.yaml');
    writeFileSync(
      file,
      `${common}name: 'sequential retries, verifier with 5 % false accepts'\npolicy: { maxAttempts: 8, mode: sequential, onNoAccept: abstain }\nverifier: { falseAccept: 0.05, falseReject: 0.1, cost: 0.001 }\n`,
    );
    expect(result('1-simulate.json')).toEqual(
      named(await cliJson('simulate', file, '--replicates', '400', '--pilot-trials', '8', '--workers', '1'), file, 'sequential.yaml'),
    );
  });

  it("the seeds' 27 of 30 and planning question equal `passk estimate` and `passk plan demonstrate`", async () => {
    expect(result('2-estimate-task.json')).toEqual(await cliJson('estimate', '--n', '30', '--c', '27', '--k', '1..8'));
    expect(result('3-plan-demonstrate.json')).toEqual(await cliJson('plan', 'demonstrate', '--target', '0.9', '--k', '8'));
  });

  it('the two other policies equal `passk simulate` of the default scenario with that change', async () => {
    const scenarios = {
      '4-simulate.json':
        "name: 'all attempts in parallel, same verifier'\npolicy: { maxAttempts: 8, mode: parallel, onNoAccept: abstain }\nverifier: { falseAccept: 0.05, falseReject: 0.1, cost: 0.001 }\n",
      '5-simulate.json':
        "name: 'sequential retries, verifier with 1 % false accepts'\npolicy: { maxAttempts: 8, mode: sequential, onNoAccept: abstain }\nverifier: { falseAccept: 0.01, falseReject: 0.1, cost: 0.001 }\n",
    };
    for (const [name, yaml] of Object.entries(scenarios)) {
      const file = join(dir, name.replace('.json', '.yaml'));
      writeFileSync(file, common + yaml);
      const as = name === '4-simulate.json' ? 'parallel.yaml' : 'strict-verifier.yaml';
      expect(result(name), name).toEqual(named(await cliJson('simulate', file, '--replicates', '400', '--workers', '1'), file, as));
    }
  });

  it('the report answers first: the summary, then the policies side by side, one delivery chart and one cost frontier over all three', () => {
    const page = readFileSync(join(out, 'report.html'), 'utf8');
    const at = (text: string) => page.indexOf(text);
    expect(at('id="summary"')).toBeGreaterThan(0);
    expect(at('id="summary"')).toBeLessThan(at('<nav class="toc"'));
    expect(at('Policies side by side')).toBeLessThan(at('id="compare"'));
    expect(at('id="compare"')).toBeLessThan(at('id="result-1"'));
    expect(at('id="explorer"')).toBeLessThan(at('id="commands"'));
    // The pilot's gap to the truth from result 1: pass^8 estimated from 8 trials per task against the simulated truth.
    const pilot = result('1-simulate.json').pilot.rows[7];
    expect(page).toContain(
      `would have estimated pass^8 at ${(pilot.passHatK.value * 100).toFixed(1)}% against a true ${(pilot.truth.passHatK.value * 100).toFixed(1)}%`,
    );
    expect(page).toContain('<strong>228 clean runs</strong>');
    expect(page).toMatch(/<td class="num"[^>]*>37\.9%<\/td><td class="num"[^>]*>43\.0%<\/td><td class="num"[^>]*>\[9\.4%, 75\.4%\]<\/td>/);
    expect(page.match(/<figure class="chart" data-chart="cost-frontier">/g)).toHaveLength(1);
    expect(page.match(/<figure class="chart" data-chart="delivery">/g)).toHaveLength(1);
    for (const name of [
      'sequential retries, verifier with 5 % false accepts',
      'all attempts in parallel, same verifier',
      'sequential retries, verifier with 1 % false accepts',
    ]) {
      expect(page).toContain(`<h2>Simulation: ${name}</h2>`);
    }
    // No internal scenario name in what the reader sees (the bundled library, in the script, has the built-in one).
    expect(page.replace(/<script>[\s\S]*<\/script>/, '')).not.toContain('default:');
  });

  it('writes each chart once: no two chart files with the same drawing', () => {
    const svgs = readdirSync(join(out, 'charts')).filter((name) => name.endsWith('.svg'));
    const bodies = svgs.map((name) => readFileSync(join(out, 'charts', name), 'utf8').replace(/<(text|title|desc)[^>]*>[^<]*<\/\1>/g, ''));
    expect(new Set(bodies).size).toBe(svgs.length);
  });

  it('an output folder that cannot be made: one line, exit 2', () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'x');
    const run = passkProcess(['demo', '--out', join(blocker, 'demo')]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^passk: .*a-file\/demo\/report\.html: must be a writable path \((ENOTDIR|EEXIST)(: [a-z ,]+)?\)/);
  });
});
