import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CompareDocument } from '../../../packages/cli/src/format/compareDocument.js';
import { passkWide } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

// Several runs or agents in one input (issue 38), read with --by / --where and compared.
// Inputs and expected values: test/fixtures/groups/make_groups.py writes the files (a CSV of three
// agents by alias, two of them sharing a model id; inspect_ai .eval logs of two evals and of two runs of
// one eval; Terminal-Bench run folders with run_metadata.json; τ²-bench results of two agent models)
// and prints, per group, the task ids, n, c and the task-averaged unbiased pass@k and pass^k computed
// with Python's math.comb:  python3 test/fixtures/groups/make_groups.py OUT_DIR
const script = fileURLToPath(new URL('../../fixtures/groups/make_groups.py', import.meta.url));

interface Group {
  taskIds: string[];
  n: number[];
  c: number[];
  rows: { k: number; passAtK: number | null; passHatK: number | null }[];
}
type Expected = Record<string, Record<string, Record<string, Group>>>;

const dir = tempDir('groups');
const made = spawnSync('python3', [script, dir], { encoding: 'utf8' });
if (made.status !== 0) throw new Error(`make_groups.py failed: ${made.stderr}`);
const expected = JSON.parse(made.stdout) as Expected;
const at = (...parts: string[]) => join(dir, ...parts);

interface EstimateGroups {
  by: string;
  groups: { group: string; tasks: number; rows: { k: number; passAtK: number | null; passHatK: number | null }[] }[];
}

/** `estimate … --by COL --json`: its groups against Python's, estimate by estimate (to 12 digits). */
async function expectGroups(args: string[], reference: Record<string, Group>): Promise<void> {
  const run = await passkWide('estimate', ...args, '--json', '--bootstrap', '0', '--k', '1..4');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const document = JSON.parse(run.stdout) as EstimateGroups;
  expect(document.groups.map((group) => group.group)).toEqual(Object.keys(reference));
  for (const group of document.groups) {
    const want = reference[group.group]!;
    expect(group.tasks).toBe(want.taskIds.length);
    for (const [i, row] of group.rows.entries()) {
      expect(row.k).toBe(want.rows[i]!.k);
      expect(row.passAtK).toBeCloseTo(want.rows[i]!.passAtK!, 12);
      expect(row.passHatK).toBeCloseTo(want.rows[i]!.passHatK!, 12);
    }
  }
}

/** The one stderr line of a refused run (exit 2). */
async function refusal(...args: string[]): Promise<string> {
  const run = await passkWide(...args);
  expect(run.stdout).toBe('');
  expect(run.code).toBe(2);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  return run.stderr.trimEnd();
}

async function compareJson(...args: string[]): Promise<CompareDocument> {
  const run = await passkWide('compare', ...args, '--json', '--bootstrap', '0', '--k', '1,2,4');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as CompareDocument;
}

/** Paired on the same tasks (every n ≥ k), B − A is the difference of the two task-averaged estimates. */
function expectDifferences(document: CompareDocument, baseline: Group, candidates: Group[]): void {
  for (const [i, comparison] of document.comparisons.entries()) {
    expect(comparison.pairing.mode).toBe('paired');
    for (const row of comparison.rows) {
      for (const metric of ['passAtK', 'passHatK'] as const) {
        const want = (group: Group) => group.rows.find((r) => r.k === row.k)![metric];
        const [a, b] = [want(baseline), want(candidates[i]!)];
        // k above every n (inspect's 2 epochs at k = 4): not estimable in Python either.
        if (a === null || b === null) expect(row[metric]).toBeNull();
        else expect(row[metric]!.difference).toBeCloseTo(b - a, 12);
      }
    }
  }
}

describe('a file of several agents: --by names what varies, a system column never varies within a group', () => {
  const agents = expected['agents.csv']!;

  it('--by alias reads each agent, though two aliases share one model id', async () => {
    await expectGroups([at('agents.csv'), '--by', 'alias'], agents.alias!);
  });

  it('--by model is refused: within model=gpt-x the alias holds two agents (never pooled)', async () => {
    expect(await refusal('estimate', at('agents.csv'), '--by', 'model')).toBe(
      `passk: ${at('agents.csv')}: must hold one system per value of --by model, but model=gpt-x has 2 values of column "alias" ("a", "b"); ` +
        'split by that column (--by alias), or keep one value with --where alias=a',
    );
  });

  it('without --by a system column that varies is named (alias: the rows repeat a trial at its second value)', async () => {
    expect(await refusal('estimate', at('agents.csv'))).toBe(
      `passk: ${at('agents.csv')}: must hold the results of one system, but column "alias" has 2 values ("a", "b"); ` +
        'read one with --where alias=a, or one estimate per value with --by alias (passk compare compares them)',
    );
  });

  it('compare FILE --by alias --baseline b: every other agent against b', async () => {
    const document = await compareJson(at('agents.csv'), '--by', 'alias', '--baseline', 'b');
    expect(document.runs.map((run) => [run.name, run.by])).toEqual([
      ['b', { column: 'alias', value: 'b' }],
      ['a', { column: 'alias', value: 'a' }],
      ['c', { column: 'alias', value: 'c' }],
    ]);
    expectDifferences(document, agents.alias!.b!, [agents.alias!.a!, agents.alias!.c!]);
  });

  it('compare FILE FILE --where alias=a --where alias=b: two subsets of one file, one --where per run', async () => {
    const document = await compareJson(at('agents.csv'), at('agents.csv'), '--where', 'alias=a', '--where', 'alias=b');
    expect(document.runs.map((run) => [run.name, run.file, run.by])).toEqual([
      ['alias=a', at('agents.csv'), null],
      ['alias=b', at('agents.csv'), null],
    ]);
    expect(document.runs[0]!.read).toContain('only rows with alias=a (--where)');
    expectDifferences(document, agents.alias!.a!, [agents.alias!.b!]);
    // The same comparison as the groups of --by alias among the rows with model=gpt-x.
    const byAlias = await compareJson(at('agents.csv'), '--by', 'alias', '--where', 'model=gpt-x');
    expect(byAlias.comparisons[0]!.rows).toEqual(document.comparisons[0]!.rows);
  });

  it('a column given once applies to every run beside the per-run ones; --baseline keeps each run its own --where', async () => {
    const document = await compareJson(
      at('agents.csv'),
      at('agents.csv'),
      '--where',
      'alias=a',
      '--where',
      'model=gpt-x',
      '--where',
      'alias=b',
      '--baseline',
      'alias=b',
    );
    expect(document.runs.map((run) => run.name)).toEqual(['alias=b', 'alias=a']);
    expect(document.runs[0]!.read).toContain('only rows with model=gpt-x, alias=b (--where)');
    expectDifferences(document, agents['alias where model=gpt-x']!.b!, [agents['alias where model=gpt-x']!.a!]);
  });

  it('per-file options stay with their file when --baseline reorders the runs', async () => {
    const a = await compareJson(
      at('agents.csv'),
      at('agents.csv'),
      '--where',
      'alias=a',
      '--where',
      'alias=c',
      '--name',
      'A',
      '--name',
      'C',
      '--baseline',
      'C',
    );
    expect(a.runs.map((run) => [run.name, run.read.find((line) => line.startsWith('only rows'))])).toEqual([
      ['C', 'only rows with alias=c (--where)'],
      ['A', 'only rows with alias=a (--where)'],
    ]);
    expectDifferences(a, agents.alias!.c!, [agents.alias!.a!]);
  });
});

describe('inspect_ai logs folders: eval task and run id are kept', () => {
  it('two evals in one folder are refused naming eval.task, not as duplicate trials; --by eval.task reads each', async () => {
    expect(await refusal('estimate', at('logs-two-evals'))).toMatch(
      /: must hold the results of one system, but column "eval\.task" has 2 values \("alpha", "beta"\); read one with --where eval\.task=alpha, or one estimate per value with --by eval\.task/,
    );
    await expectGroups([at('logs-two-evals'), '--by', 'eval.task'], expected['logs-two-evals']!['eval.task']!);
  });

  it('two runs of one eval are refused naming eval.run_id; --by eval.run_id reads each, compare sets them against each other', async () => {
    expect(await refusal('estimate', at('logs-two-runs'))).toMatch(
      /: must hold the results of one system, but column "eval\.run_id" has 2 values \("run1", "run2"\)/,
    );
    const runs = expected['logs-two-runs']!['eval.run_id']!;
    await expectGroups([at('logs-two-runs'), '--by', 'eval.run_id'], runs);
    const document = await compareJson(at('logs-two-runs'), '--by', 'eval.run_id');
    expectDifferences(document, runs.run1!, [runs.run2!]);
  });

  it('--where eval.run_id=… reads one run, and the model is kept as model and eval.model', async () => {
    const one = await passkWide(
      'estimate',
      at('logs-two-runs'),
      '--where',
      'eval.run_id=run2',
      '--where',
      'eval.model=m/x',
      '--where',
      'model=m/x',
      '--k',
      '1',
    );
    expect(one.stderr).toBe('');
    expect(one.stdout).toMatch(/^\S+: 10 attempts over 5 tasks, 2 trials each$/m);
  });
});

describe('Terminal-Bench run folders: run id, agent and model from run_metadata.json', () => {
  const files = ['run-a', 'run-b', 'run-c'].map((run) => at('tb', run, 'results.json'));

  it('two agents of one model are refused naming agent_name; --by agent_name pools the two runs of terminus', async () => {
    expect(await refusal('estimate', ...files)).toMatch(
      /: must hold the results of one system, but column "agent_name" has 2 values \("terminus", "orchestrator"\)/,
    );
    await expectGroups([...files, '--by', 'agent_name'], expected.tb!.agent_name!);
  });

  it('--by model_name is refused: its one value holds two agents', async () => {
    expect(await refusal('estimate', ...files, '--by', 'model_name')).toMatch(
      /: must hold one system per value of --by model_name, but model_name=m1 has 2 values of column "agent_name" \("terminus", "orchestrator"\)/,
    );
  });

  it('--by run_id reads each run; runs of one agent read together as its trials', async () => {
    await expectGroups([...files, '--by', 'run_id'], expected.tb!.run_id!);
    const terminus = await passkWide('estimate', files[0]!, files[2]!, '--k', '1');
    expect(terminus.stderr).toBe('');
    expect(terminus.stdout).toMatch(/20 attempts over 5 tasks, 4 trials each/);
  });
});

describe('τ²-bench results: agent and user models and the domain are kept', () => {
  it('two agent models are refused naming info.agent_info.llm; --by info.agent_info.llm reads each', async () => {
    const files = [at('tau2', 'gpt.json'), at('tau2', 'claude.json')];
    expect(await refusal('estimate', ...files)).toMatch(
      /: must hold the results of one system, but column "info\.agent_info\.llm" has 2 values \("gpt-x", "claude-y"\)/,
    );
    await expectGroups([...files, '--by', 'info.agent_info.llm'], expected.tau2!['info.agent_info.llm']!);
    const one = await passkWide('estimate', ...files, '--where', 'info.agent_info.llm=gpt-x', '--where', 'info.user_info.llm=user-llm', '--k', '1');
    expect(one.stderr).toBe('');
    expect(one.stdout).toMatch(/12 attempts over 4 tasks, 3 trials each/);
  });
});
