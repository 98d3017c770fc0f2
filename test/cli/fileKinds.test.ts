import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, passk } from '../helpers/runPassk.js';

// Each command recognises the other passk file kinds and harness logs (io/fileKind.ts): a file of
// the wrong kind is one line naming the command that reads it, exit 2, nothing printed or written.

const root = mkdtempSync(join(tmpdir(), 'passk-file-kinds-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SCENARIO = fixture('scenarios-cli/small.yaml');
const CSV_LOG = fixture('results/basic.csv');
const JSONL_LOG = fixture('results/basic.jsonl');
const TAU_LOG = fixture('tau-bench/gpt-4o-airline.json');
const SWEEP_RESULT = fixture('charts/sweep-one-axis.json');
const ESTIMATE_RESULT = fixture('charts/estimate-file.json');
let jsonScenario = '';
let csvWithoutExtension = '';
let shard = '';
let verifier = '';

beforeAll(async () => {
  jsonScenario = join(root, 'scenario.json');
  writeFileSync(jsonScenario, JSON.stringify({ seed: 2, tasks: { count: 3 }, policy: { maxAttempts: 2 } }));
  csvWithoutExtension = join(root, 'results');
  writeFileSync(csvWithoutExtension, 'task_id,success\na,1\na,0\nb,1\n');
  verifier = join(root, 'judge.yaml');
  writeFileSync(verifier, '# passk verifier --out\nverifier:\n  falseAccept: 0.1\n  falseReject: 0.2\n');
  const shards = join(root, 'shards');
  const run = await passk('sweep', SCENARIO, '--vary', 'policy.maxAttempts=1..2', '--replicates', '64', '--shard', '1/2', '--out', shards, '--workers', '1');
  expect(run.code).toBe(0);
  shard = join(shards, readdirSync(shards)[0]!);
});

/** The run failed on bad input in one line that says `rule`, printing nothing on stdout and leaving `out` unwritten. */
function expectRefused(run: { code: number; stdout: string; stderr: string }, rule: RegExp, out?: string): void {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  expect(run.stderr).toMatch(rule);
  if (out !== undefined) expect(existsSync(out)).toBe(false);
}

describe('a scenario given where a results log belongs', () => {
  for (const command of ['estimate', 'fit'] as const) {
    it(`${command} SCENARIO.yaml and SCENARIO.json: run passk simulate FILE`, async () => {
      for (const file of [SCENARIO, jsonScenario]) {
        expectRefused(
          await passk(command, file),
          new RegExp(`^passk: ${file}: this is a passk scenario file, not a results log: run \`passk simulate ${file}\``),
        );
      }
    });
  }
  it('compare A SCENARIO: the scenario is named', async () => {
    expectRefused(await passk('compare', CSV_LOG, SCENARIO), new RegExp(`^passk: ${SCENARIO}: this is a passk scenario file.*passk simulate ${SCENARIO}`));
  });
  it('simulate --tasks-from SCENARIO', async () => {
    expectRefused(await passk('simulate', '--tasks-from', SCENARIO), /this is a passk scenario file, not a results log/);
  });
  it('a measured verifier given to estimate: use it with --verifier-from', async () => {
    expectRefused(await passk('estimate', verifier), /this is a measured verifier \(passk verifier --out\), not a results log: .*--verifier-from/);
  });
});

describe('a results log given where a scenario belongs', () => {
  for (const log of [CSV_LOG, JSONL_LOG, TAU_LOG]) {
    const name = log.split('/').at(-1)!;
    it(`simulate ${name}: passk estimate FILE or passk simulate --tasks-from FILE`, async () => {
      const out = join(root, `sim-${name}`);
      expectRefused(
        await passk('simulate', log, '--out', out),
        new RegExp(`^passk: ${log}: this is a results log, not a scenario: \`passk estimate ${log}\` or \`passk simulate --tasks-from ${log}\`\\n$`),
        out,
      );
    });
  }
  it('a CSV log without an extension, recognised by its header; and sweep', async () => {
    expectRefused(await passk('simulate', csvWithoutExtension), /this is a results log, not a scenario/);
    expectRefused(await passk('sweep', TAU_LOG, '--vary', 'policy.maxAttempts=1..2'), /this is a results log, not a scenario/);
  });
});

describe('--verifier-from takes a measured verifier', () => {
  it('a results log or a passk result given as --verifier-from is named; a whole scenario gets the reader’s own line', async () => {
    expectRefused(await passk('simulate', SCENARIO, '--verifier-from', CSV_LOG), /this is a results log, not a measured verifier: `passk estimate /);
    expectRefused(await passk('simulate', SCENARIO, '--verifier-from', SWEEP_RESULT), /this is a passk result \(passk\.sweep\), not a measured verifier/);
    expectRefused(await passk('simulate', SCENARIO, '--verifier-from', SCENARIO), /must hold only the verifier section/);
  });
  it('a measured verifier given to simulate as its scenario: use it with --verifier-from', async () => {
    expectRefused(
      await passk('simulate', verifier),
      /this is a measured verifier \(passk verifier --out\), not a scenario: use it with `passk simulate SCENARIO --verifier-from /,
    );
  });
});

describe('a passk result or shard given to the wrong command', () => {
  it('estimate and fit of a result document: passk report or passk chart read it', async () => {
    expectRefused(
      await passk('estimate', SWEEP_RESULT),
      /this is a passk result \(passk\.sweep\), not a results log: `passk report .*` or `passk chart KIND --from .*` read it/,
    );
    expectRefused(await passk('fit', ESTIMATE_RESULT), /this is a passk result \(passk\.estimate\.file\), not a results log/);
  });
  it('simulate and sweep of a result document', async () => {
    expectRefused(await passk('simulate', SWEEP_RESULT), /this is a passk result \(passk\.sweep\), not a scenario: `passk report/);
    expectRefused(await passk('sweep', SWEEP_RESULT, '--vary', 'policy.maxAttempts=1..2'), /passk result \(passk\.sweep\), not a scenario/);
  });
  it('merge of a result document: it is no shard', async () => {
    expectRefused(await passk('merge', SWEEP_RESULT), /this is a passk result \(passk\.sweep\), not a shard file: `passk report/);
  });
  it('a shard given to estimate, simulate, report or chart: passk merge combines it', async () => {
    const rule = /this is a passk shard file, not a (results log|scenario|passk result): `passk merge .*` combines the shards of a run/;
    expectRefused(await passk('estimate', shard), rule);
    expectRefused(await passk('simulate', shard), rule);
    const page = join(root, 'report.html');
    expectRefused(await passk('report', shard, '--out', page), rule, page);
    const chart = join(root, 'chart.svg');
    expectRefused(await passk('chart', 'delivery', '--from', shard, '--out', chart), rule, chart);
  });
  it('report, chart and merge of a scenario or a results log', async () => {
    const page = join(root, 'report2.html');
    expectRefused(await passk('report', SCENARIO, '--out', page), /this is a passk scenario file, not a passk result: run `passk simulate/, page);
    expectRefused(await passk('report', TAU_LOG, '--out', page), /this is a results log, not a passk result: `passk estimate/, page);
    expectRefused(await passk('chart', 'delivery', '--from', JSONL_LOG, '--out', join(root, 'c.svg')), /this is a results log, not a passk result/);
    expectRefused(await passk('merge', CSV_LOG), /this is a results log, not a shard file/);
    expectRefused(await passk('merge', SCENARIO), /this is a passk scenario file, not a shard file/);
  });
});

describe('files of the right kind still read', () => {
  it('estimate of a CSV log, simulate of a scenario, report of a result', async () => {
    expect((await passk('estimate', CSV_LOG, '--k', '1')).code).toBe(0);
    expect((await passk('simulate', SCENARIO, '--replicates', '64', '--workers', '1')).code).toBe(0);
    expect((await passk('report', SWEEP_RESULT, '--out', join(root, 'ok.html'))).code).toBe(0);
  });
});
