import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../packages/cli/src/cli.js';
import { resolveScenario, scenarioToInput, simulatePartial, type ScenarioInput } from '../../packages/sim/src/internal.js';
import { withChecksum } from '../../packages/cli/src/run/shardChecksum.js';
import { fixture, passk, REPO_ROOT, type CliRun } from '../helpers/runPassk.js';

/** A shard edited in a test, with its checksum recomputed (as a deliberate editor would): merge's other checks must still catch it. */
const sealed = (shard: object) => JSON.stringify(withChecksum(shard));

// Sharded simulate and sweep through the CLI (in-process, --workers 1): --shard auto with scheduler
// variables, sweep shards merged to the single sweep's bytes, and every kind of bad shard set —
// one line on stderr, exit 2, nothing written.
const SMALL = fixture('scenarios-cli/small.yaml'); // 2 100 replicates, 33 blocks
const SWEEP = ['--vary', 'policy.maxAttempts=1..3', '--vary', 'verifier.falseAccept=0,0.2', '--replicates', '300', '--max-wrong-delivery', '0.1'];
const root = mkdtempSync(join(tmpdir(), 'passk-shards-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The CLI in-process with these environment variables (and only them) for --shard auto. */
async function passkEnv(env: Record<string, string>, ...args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), stderrIsTTY: false, cwd: REPO_ROOT, env });
  return { code, stdout, stderr };
}

function expectOneLineError(run: CliRun, message: RegExp): void {
  expect(run.stdout).toBe('');
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stderr.trimEnd()).toMatch(message);
  expect(run.stderr).not.toMatch(/\n\s+at |internal error/);
  expect(run.code).toBe(2);
}

const name = (i: number, n: number) => `shard-${String(i).padStart(4, '0')}-of-${String(n).padStart(4, '0')}.json`;
/** Task `id` of sbatch --array=1-N (the task ID is the shard number, of --shards N). */
const slurmTask = (id: number, count: number) => ({
  SLURM_ARRAY_TASK_ID: String(id),
  SLURM_ARRAY_TASK_COUNT: String(count),
  SLURM_ARRAY_TASK_MIN: '1',
  SLURM_ARRAY_TASK_MAX: String(count),
  SLURM_ARRAY_TASK_STEP: '1',
});

let sweepParts: string;
let simParts: string;
beforeAll(async () => {
  sweepParts = join(root, 'sweep-parts');
  simParts = join(root, 'sim-parts');
  for (let i = 1; i <= 3; i++) {
    const run = await passkEnv(slurmTask(i, 3), 'sweep', SMALL, ...SWEEP, '--shard', 'auto', '--shards', '3', '--workers', '1', '--out', sweepParts);
    expect(run.stderr).toMatch(new RegExp(`^passk: wrote \\S*${name(i, 3)} \\(shard ${i}/3: \\d+ episodes in`));
    expect(run.code).toBe(0);
  }
  for (let i = 0; i < 4; i++) {
    const run = await passkEnv({ JOB_COMPLETION_INDEX: String(i) }, 'simulate', SMALL, '--shard', 'auto', '--shards', '4', '--workers', '1', '--out', simParts);
    expect(run.code).toBe(0);
  }
});

describe('--shard auto', () => {
  it('a Slurm array of sweep shards and a Kubernetes Indexed Job of simulate shards merge to the single runs, byte for byte', async () => {
    expect(readdirSync(sweepParts)).toEqual([name(1, 3), name(2, 3), name(3, 3)]);
    const single = await passk('sweep', SMALL, ...SWEEP, '--workers', '1', '--json');
    const merged = await passk('merge', sweepParts, '--json');
    expect(merged.stderr).toBe('');
    expect(merged.stdout).toBe(single.stdout);
    expect(JSON.parse(merged.stdout).best).not.toBeNull();
    const text = await passk('merge', sweepParts);
    expect(text.stdout).toBe((await passk('sweep', SMALL, ...SWEEP, '--workers', '1')).stdout);
    expect((await passk('merge', simParts, '--json')).stdout).toBe((await passk('simulate', SMALL, '--workers', '1', '--json')).stdout);
  });

  it("merge --chart draws the single run's chart (sweep frontier, simulate curves)", async () => {
    const charts = join(root, 'charts');
    expect((await passk('merge', sweepParts, '--json', '--chart', join(charts, 'merged-sweep.vl.json'))).code).toBe(0);
    expect((await passk('sweep', SMALL, ...SWEEP, '--workers', '1', '--json', '--chart', join(charts, 'single-sweep.vl.json'))).code).toBe(0);
    expect(readFileSync(join(charts, 'merged-sweep.vl.json'), 'utf8')).toBe(readFileSync(join(charts, 'single-sweep.vl.json'), 'utf8'));
    expect((await passk('merge', simParts, '--json', '--chart', join(charts, 'merged-simulate.vl.json'))).code).toBe(0);
    expect((await passk('simulate', SMALL, '--workers', '1', '--json', '--chart', join(charts, 'single-simulate.vl.json'))).code).toBe(0);
    expect(readFileSync(join(charts, 'merged-simulate.vl.json'), 'utf8')).toBe(readFileSync(join(charts, 'single-simulate.vl.json'), 'utf8'));
  });

  it('AWS Batch variables pick the shard too', async () => {
    const run = await passkEnv({ AWS_BATCH_JOB_ARRAY_INDEX: '1', AWS_BATCH_JOB_ARRAY_SIZE: '4' }, 'simulate', SMALL, '--shard', 'auto', '--workers', '1');
    expect(run.code).toBe(0);
    const shard = JSON.parse(run.stdout);
    expect(shard.shard).toEqual({ index: 2, count: 4 });
    expect({ ...shard, seconds: 0 }).toEqual({ ...JSON.parse(readFileSync(join(simParts, name(2, 4)), 'utf8')), seconds: 0 });
  });

  it.each([
    [
      'simulate',
      [SMALL],
      {},
      /^passk: --shard auto: needs a job-array index in the environment, but none of SLURM_ARRAY_TASK_ID \(Slurm\), JOB_COMPLETION_INDEX \(Kubernetes\), AWS_BATCH_JOB_ARRAY_INDEX \(AWS Batch\) is set/,
    ],
    ['sweep', [SMALL, ...SWEEP], {}, /^passk: --shard auto: needs a job-array index in the environment/],
    ['simulate', [SMALL], slurmTask(1, 4), /^passk: --shard auto: in a Slurm array needs --shards N, the run's number of shards/],
    ['simulate', [SMALL, '--shards', '3'], slurmTask(1, 4), /^passk: SLURM_ARRAY_TASK_MAX: must be at most 3: with --shards 3 the array task IDs are/],
    [
      'simulate',
      [SMALL, '--shards', '8'],
      { JOB_COMPLETION_INDEX: '1', JOB_COMPLETIONS: '4' },
      /^passk: --shards: must equal the job array's size \(JOB_COMPLETIONS=4\), got 8$/,
    ],
    [
      'sweep',
      [SMALL, ...SWEEP],
      { JOB_COMPLETION_INDEX: '1' },
      /^passk: JOB_COMPLETION_INDEX: needs the number of shards: give --shards N or set JOB_COMPLETIONS/,
    ],
  ])('%s --shard auto with bad scheduler variables: one line, exit 2, nothing written (%#)', async (command, args, env, message) => {
    const out = join(root, `never-${command}`);
    expectOneLineError(
      await passkEnv(env as Record<string, string>, command as string, ...(args as string[]), '--shard', 'auto', '--workers', '1', '--out', out),
      message as RegExp,
    );
    expect(existsSync(out)).toBe(false);
  });
});

describe('passk merge checks what it merges', () => {
  const result = () => join(root, 'never-result');
  async function mergeFails(message: RegExp, ...parts: string[]): Promise<void> {
    expectOneLineError(await passk('merge', ...parts, '--json', '--out', result()), message);
    expect(existsSync(result())).toBe(false);
  }

  it('a missing shard: named, with its file name', async () => {
    await mergeFails(
      /^passk: merge: must have every shard of the run once, but shard 2 of 4 is missing \(shard-0002-of-0004\.json\); merge them all, or pass --allow-partial$/,
      join(simParts, name(1, 4)),
      join(simParts, name(3, 4)),
      join(simParts, name(4, 4)),
    );
    await mergeFails(
      /but shards 1, 2 and 4 of 4 are missing \(shard-0001-of-0004\.json, shard-0002-of-0004\.json, shard-0004-of-0004\.json\)/,
      join(simParts, name(3, 4)),
    );
  });

  it('a duplicate shard (the same file twice, or a copy)', async () => {
    const copy = join(root, 'copy-of-2.json');
    writeFileSync(copy, readFileSync(join(simParts, name(2, 4))));
    await mergeFails(/^passk: \S*copy-of-2\.json: must be merged once: it is shard 2 of 4, as is \S*shard-0002-of-0004\.json$/, simParts, copy);
  });

  it('a foreign shard: another command, scenario, seed, replicates or passk version', async () => {
    const first = join(simParts, name(1, 4));
    await mergeFails(
      /^passk: \S*sweep-parts\/shard-0002-of-0003\.json: must be a shard of the same run as \S*shard-0001-of-0004\.json: its command is passk sweep, not passk simulate$/,
      first,
      join(sweepParts, name(2, 3)),
    );
    const other = join(root, 'other');
    await passk('simulate', SMALL, '--shard', '2/4', '--replicates', '2000', '--workers', '1', '--out', join(other, 'replicates'));
    await mergeFails(/: its replicates is 2000, not 2100$/, first, join(other, 'replicates', name(2, 4)));
    await passk(
      'simulate',
      fixture('scenarios-cli/general.yaml'),
      '--shard',
      '2/4',
      '--seed',
      '7',
      '--replicates',
      '2100',
      '--workers',
      '1',
      '--out',
      join(other, 'scenario'),
    );
    await mergeFails(/: its scenario fingerprint is [0-9a-f]{16}, not [0-9a-f]{16}$/, first, join(other, 'scenario', name(2, 4)));
    const version = join(root, 'older.json');
    writeFileSync(version, sealed({ ...JSON.parse(readFileSync(join(simParts, name(2, 4)), 'utf8')), passk: '0.0.9' }));
    await mergeFails(/^passk: \S*older\.json: must be a shard of the same run as \S*: its passk version is 0\.0\.9, not \d+\.\d+\.\d+$/, first, version);
  });

  it('a sweep shard whose settings were edited: its fingerprint no longer matches', async () => {
    const edited = join(root, 'edited');
    for (const i of [1, 2, 3]) {
      const shard = JSON.parse(readFileSync(join(sweepParts, name(i, 3)), 'utf8'));
      writeFileSync(join(root, `edited-${i}.json`), sealed({ ...shard, sweep: { ...shard.sweep, constraints: { maxCost: null, maxWrongDelivery: 0.5 } } }));
    }
    expectOneLineError(
      await passk('merge', ...[1, 2, 3].map((i) => join(root, `edited-${i}.json`)), '--out', edited),
      /^passk: \S*edited-1\.json: must be a shard file as passk wrote it, but its scenario and sweep settings give the fingerprint [0-9a-f]{16}, not [0-9a-f]{16}$/,
    );
    expect(existsSync(edited)).toBe(false);
    const shard = JSON.parse(readFileSync(join(simParts, name(1, 4)), 'utf8'));
    writeFileSync(join(root, 'edited-sim.json'), sealed({ ...shard, scenario: { ...shard.scenario, seed: 8 } }));
    expectOneLineError(
      await passk('merge', join(root, 'edited-sim.json'), '--allow-partial'),
      /^passk: \S*edited-sim\.json: must be a shard file as passk wrote it, but its scenario gives the fingerprint [0-9a-f]{16}, not [0-9a-f]{16}$/,
    );
  });

  it('a shard count mismatch', async () => {
    await passk('simulate', SMALL, '--shard', '2/3', '--workers', '1', '--out', join(root, 'thirds'));
    await mergeFails(
      /^passk: \S*shard-0002-of-0003\.json: must be split like \S*shard-0001-of-0004\.json: it is shard 2 of 3, not of 4$/,
      join(simParts, name(1, 4)),
      join(root, 'thirds', name(2, 3)),
    );
  });

  it('shards from runtimes whose arithmetic differs: refused in one line naming both runtimes and the functions; the same arithmetic on another runtime merges', async () => {
    // Node 24's Math.pow differs from Node 20's (one ulp on ≈ 10 % of inputs; README "Running on a
    // cluster"): a shard computed there records another `pow` entry, as a Bun shard records others.
    const shard = JSON.parse(readFileSync(join(simParts, name(2, 4)), 'utf8'));
    expect(shard.runtime).toMatchObject({ name: 'node', version: process.versions.node, engine: `V8 ${process.versions.v8}` });
    const ours = shard.runtime.arithmetic as Record<string, string>;
    const node24 = { name: 'node', version: '24.21.0', engine: 'V8 13.6.233.17-node.53', arithmetic: { ...ours, pow: '8dd9dd341b03ec90' } };
    writeFileSync(join(root, 'node24.json'), sealed({ ...shard, runtime: node24 }));
    const parts = [1, 3, 4].map((i) => join(simParts, name(i, 4)));
    await mergeFails(
      new RegExp(
        `^passk: \\S*node24\\.json: must be computed with the same arithmetic as \\S*shard-0001-of-0004\\.json, but it was computed on Node 24\\.21\\.0 \\(V8 13\\.6\\.233\\.17-node\\.53\\), whose Math\\.pow gives other last digits than on Node ${process.versions.node.replace(/\./g, '\\.')} \\(V8 [^)]+\\); run it again on the runtime of the other shards$`,
      ),
      ...parts,
      join(root, 'node24.json'),
    );
    const bun = { name: 'bun', version: '1.4.4', engine: 'JavaScriptCore, WebKit d6375c72affe', arithmetic: { ...ours, exp: '0', log: '0' } };
    writeFileSync(join(root, 'bun.json'), sealed({ ...shard, runtime: bun }));
    await mergeFails(
      /computed on Bun 1\.4\.4 \(JavaScriptCore, WebKit d6375c72affe\), whose Math\.exp, Math\.log give other last digits than on Node /,
      ...parts,
      join(root, 'bun.json'),
    );
    // Node 22 computes like Node 20 (the same fingerprint): its shard merges, to the same bytes.
    const node22 = join(root, 'node22');
    for (const i of [1, 2, 3, 4]) {
      const own = JSON.parse(readFileSync(join(simParts, name(i, 4)), 'utf8'));
      const runtime = i === 2 ? { ...own.runtime, version: '22.23.3', engine: 'V8 12.4.254.21-node.57' } : own.runtime;
      mkdirSync(node22, { recursive: true });
      writeFileSync(join(node22, name(i, 4)), sealed({ ...own, runtime }));
    }
    const merged = await passk('merge', node22, '--json');
    expect(merged.code).toBe(0);
    expect(merged.stdout).toBe((await passk('merge', simParts, '--json')).stdout);
    // The runtime is under the checksum: edited without resealing, the shard is refused.
    writeFileSync(join(root, 'unsealed.json'), JSON.stringify({ ...shard, runtime: node24 }));
    await mergeFails(/unsealed\.json: checksum: must match the shard’s content/, ...parts, join(root, 'unsealed.json'));
  });

  it('an interrupted shard: refused, or with --allow-partial merged and listed', async () => {
    // Shard 3 of 4 (blocks 16..23) stopped after 2 of its 8 blocks, as Ctrl-C would leave it.
    const shard = JSON.parse(readFileSync(join(simParts, name(3, 4)), 'utf8'));
    const scenario = resolveScenario(shard.scenario as ScenarioInput);
    let blocks = 0;
    const partial = simulatePartial(scenario, { replicates: { start: 16 * 64, end: 24 * 64 }, shouldStop: () => blocks++ >= 2 });
    expect(partial).toMatchObject({ stopped: true, done: 128 });
    const dir = join(root, 'interrupted');
    for (const i of [1, 2, 4]) writeFileSync(join(root, `i-${i}.json`), readFileSync(join(simParts, name(i, 4))));
    writeFileSync(join(root, 'i-3.json'), sealed({ ...shard, episodes: partial.done * partial.tasks, partial, scenario: scenarioToInput(scenario) }));
    const parts = [1, 2, 3, 4].map((i) => join(root, `i-${i}.json`));
    await mergeFails(/^passk: \S*i-3\.json: must be a complete shard, but shard 3 of 4 was interrupted; run it again, or pass --allow-partial$/, ...parts);
    const run = await passk('merge', ...parts, '--json', '--allow-partial', '--out', dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^passk: partial result \(--allow-partial\): interrupted shards 3 of 4\n/);
    const doc = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    expect(doc).toMatchObject({
      complete: false,
      stopped: true,
      replicates: { requested: 2100, done: 2100 - 6 * 64 },
      shards: { count: 4, missing: [], incomplete: [3] },
    });
  });

  it('a shard whose replicates are not its share of the run', async () => {
    const shard = JSON.parse(readFileSync(join(simParts, name(2, 4)), 'utf8'));
    const moved = join(root, 'moved.json');
    writeFileSync(moved, sealed({ ...shard, shard: { index: 3, count: 4 } }));
    await mergeFails(
      /^passk: \S*moved\.json: must cover its share of the run \(shard 3 of 4\), but covers replicates 512\.\.1023, not 1024\.\.1535$/,
      join(simParts, name(1, 4)),
      join(simParts, name(2, 4)),
      moved,
      join(simParts, name(4, 4)),
    );
  });

  it('sweep: --allow-partial marks the result and lists the missing shards; --csv is refused', async () => {
    const run = await passk('merge', join(sweepParts, name(1, 3)), join(sweepParts, name(3, 3)), '--json', '--allow-partial');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('passk: partial result (--allow-partial): missing shards 2 of 3\n');
    const doc = JSON.parse(run.stdout);
    expect(doc).toMatchObject({ kind: 'passk.sweep', complete: false, shards: { count: 3, missing: [2], incomplete: [] } });
    // 6 points × 5 blocks = 30 units: shard 2 of 3 is units 10..19, points 3 and 4 whole; they have no replicates.
    expect(doc.points.map((point: { outcome: { deliveredCorrect: { value: number | null } } }) => point.outcome.deliveredCorrect.value === null)).toEqual([
      false,
      false,
      true,
      true,
      false,
      false,
    ]);
    expectOneLineError(
      await passk('merge', sweepParts, '--csv', '--out', result()),
      /^passk: --csv: is for simulate results; a sweep prints a table or --json$/,
    );
    expect(existsSync(result())).toBe(false);
  });

  it("--progress lists each shard's episodes and seconds on stderr, the slowest named", async () => {
    const run = await passk('merge', simParts, '--json', '--progress');
    expect(run.code).toBe(0);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('passk merge: 4 of 4 shards of a passk simulate run (seed 7, 2100 replicates)');
    // 33 blocks over 4 shards: 8, 8, 8, 9 blocks; the last block has 52 replicates; 5 tasks.
    expect(lines.slice(3, 7).map((line) => line.split(/\s+/).slice(0, 2))).toEqual([
      ['1/4', '2560'],
      ['2/4', '2560'],
      ['3/4', '2560'],
      ['4/4', `${(8 * 64 + 52) * 5}`],
    ]);
    expect(lines[7]).toMatch(/^slowest: shard [1-4]\/4, \d+\.\d\d s$/);
  });

  it('an empty folder, an old shard format', async () => {
    const empty = join(root, 'empty');
    writeFileSync(join(root, 'placeholder'), '');
    rmSync(empty, { recursive: true, force: true });
    await import('node:fs').then((fs) => fs.mkdirSync(empty));
    await mergeFails(/^passk: \S*empty: must hold shard files \(shard-0001-of-0004\.json, …\), but has none$/, empty);
    const old = join(root, 'old.json');
    writeFileSync(old, JSON.stringify({ format: 'passk-shard/1', shard: { index: 1, count: 1 } }));
    await mergeFails(/this one is passk-shard\/1, from an older passk: run that shard again$/, old);
  });
});
