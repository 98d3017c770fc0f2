import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TaskCountsBuilder } from '../../../packages/cli/src/io/taskCountsBuilder.js';
import { passkWide } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

// Task ids are compared after Unicode normalisation (NFC, issue 43): the same id written in NFC in
// one place and in NFD in another is one task, named in NFC, and the output says how many ids came
// in another form. The two forms come from Python's unicodedata (an independent normaliser), not
// from String.prototype.normalize, which passk itself uses.
const forms = JSON.parse(
  spawnSync(
    'python3',
    [
      '-c',
      [
        'import json, unicodedata',
        'ids = ["café-1", "Ångström", "한국어", "naïve/ü"]',
        'print(json.dumps({f: [unicodedata.normalize(f, i) for i in ids] for f in ("NFC", "NFD")}))',
      ].join('\n'),
    ],
    { encoding: 'utf8' },
  ).stdout,
) as { NFC: string[]; NFD: string[] };
const { NFC, NFD } = forms;

describe('the forms are different strings', () => {
  it('every NFD id differs from its NFC form, byte for byte (else the tests below would prove nothing)', () => {
    for (let i = 0; i < NFC.length; i++) expect(Buffer.from(NFD[i]!)).not.toEqual(Buffer.from(NFC[i]!));
  });
});

describe('task ids compared after NFC', () => {
  it('CSV (the byte-level fast path): each id in NFC (success) and NFD (failure) is one task of 2 trials, named in NFC, with a note', async () => {
    const dir = tempDir('id-forms');
    const file = join(dir, 'r.csv');
    writeFileSync(file, `task,success\nascii,1\n${NFC.map((id) => `${id},1`).join('\n')}\n${NFD.map((id) => `${id},0`).join('\n')}\nascii,0\n`);
    const json = JSON.parse((await passkWide('estimate', file, '--json', '--k', '1')).stdout);
    expect(json.tasks).toBe(NFC.length + 1);
    expect(json.perTask.map((task: { task: string; n: number; c: number }) => [task.task, task.n, task.c])).toEqual([
      ['ascii', 2, 1],
      ...NFC.map((id) => [id, 2, 1]),
    ]);
    const text = (await passkWide('estimate', file, '--k', '1')).stdout;
    expect(text).toContain(
      `\n${NFC.length} task ids not in Unicode NFC read as their NFC form (ids are compared after NFC: one id in two forms is one task)\n`,
    );
  });

  it('an id written only in NFD is named in NFC; its note counts one id', async () => {
    const dir = tempDir('id-forms');
    const file = join(dir, 'r.jsonl');
    writeFileSync(file, `${JSON.stringify({ task: NFD[0], success: 1 })}\n${JSON.stringify({ task: 'b', success: 0 })}\n`);
    const run = await passkWide('estimate', file, '--json', '--k', '1');
    expect(JSON.parse(run.stdout).perTask.map((task: { task: string }) => task.task)).toEqual([NFC[0], 'b']);
    expect((await passkWide('estimate', file, '--k', '1')).stdout).toContain('\n1 task id not in Unicode NFC read as its NFC form (');
  });

  it('JSON Lines with a trial column: NFC and NFD with the same trial are a repeated (task, trial) pair', async () => {
    const dir = tempDir('id-forms');
    const file = join(dir, 'r.jsonl');
    writeFileSync(file, `${JSON.stringify({ task: NFC[2], trial: 0, success: 1 })}\n${JSON.stringify({ task: NFD[2], trial: 0, success: 0 })}\n`);
    const run = await passkWide('estimate', file, '--trial-col', 'trial');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`duplicate of task ${JSON.stringify(NFC[2])} trial 0`);
  });

  it('--by: a group value in NFC and in NFD is one group', async () => {
    const dir = tempDir('id-forms');
    const file = join(dir, 'r.csv');
    writeFileSync(file, `task,success,model\nt1,1,${NFC[1]}\nt1,0,${NFD[1]}\nt2,1,${NFD[1]}\n`);
    const json = JSON.parse((await passkWide('estimate', file, '--by', 'model', '--json', '--k', '1')).stdout);
    expect(json.groups.map((group: { group: string; tasks: number; source: { rows: number } }) => [group.group, group.tasks, group.source.rows])).toEqual([
      [NFC[1], 2, 3],
    ]);
  });

  it('compare: a run with NFC ids and one with NFD ids share every task', async () => {
    const dir = tempDir('id-forms');
    writeFileSync(join(dir, 'a.csv'), `task,success\n${NFC.map((id) => `${id},0`).join('\n')}\n`);
    writeFileSync(join(dir, 'b.csv'), `task,success\n${NFD.map((id) => `${id},1`).join('\n')}\n`);
    const run = await passkWide('compare', join(dir, 'a.csv'), join(dir, 'b.csv'), '--json');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    const tasks = json.comparisons[0].perTask.tasks as { task: string; kind: string }[];
    expect(tasks.map((task) => [task.task, task.kind])).toEqual(NFC.map((id) => [id, 'fixed']));
    expect(json.runs[1].read).toContain(
      `${NFC.length} task ids not in Unicode NFC read as their NFC form (ids are compared after NFC: one id in two forms is one task)`,
    );
  });
});

describe('TaskCountsBuilder', () => {
  it('one task for both forms, named in NFC', () => {
    const builder = new TaskCountsBuilder();
    const a = builder.addId(NFD[0]!, 1);
    const b = builder.addId(NFC[0]!, 0);
    expect(b).toBe(a);
    expect(builder.idOf(a)).toBe(NFC[0]);
    expect(builder.normalizedIds).toBe(1);
  });
});
