// The install steps of examples/container/Dockerfile, run here (no Docker engine): both packages
// packed into a build context beside the Dockerfile (`pnpm pack`), the tarballs stage's COPY
// sources taken from that context, and its `npm install -g` run as written but into a temporary
// prefix (`--prefix DIR`, npm's global layout: DIR/bin/passk). The installed `passk`, the image's
// ENTRYPOINT, then runs a sharded simulate and its merge, on this Node and on Node 22 and 24 taken
// from the npm registry (`npx -p node@X`): shards of Node 22 merge with this Node 20's byte for
// byte, shards of Node 24 (whose Math.pow differs) are refused in one line naming both runtimes.
// Needs the registry: `pnpm test:pack` (vitest.pack.config.ts), not `pnpm test`.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCKERFILE, readDockerfile, stagesOfBuild } from '../helpers/dockerfile.js';
import { REPO_ROOT } from '../helpers/runPassk.js';

function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return String(result.stdout);
}

const dockerfile = readDockerfile();
const tarballs = dockerfile.stages.find((stage) => stage.name === 'tarballs')!;
const instruction = (keyword: string) => tarballs.instructions.find((i) => i.keyword === keyword)!.args;

let work: string;
let context: string;
let prefix: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'passk-container-'));
  // The build context: the Dockerfile's folder as the README builds it, the Dockerfile and the two tarballs.
  context = join(work, 'context');
  mkdirSync(context);
  copyFileSync(DOCKERFILE, join(context, 'Dockerfile'));
  for (const pkg of ['sim', 'cli']) run('pnpm', ['pack', '--pack-destination', context], { cwd: join(REPO_ROOT, 'packages', pkg) });
  // COPY <sources> <dest>/: from the context into the "image" (a folder standing for its root).
  const words = instruction('COPY').split(' ');
  const dest = words.pop()!;
  const root = join(work, 'image-root');
  mkdirSync(join(root, dest), { recursive: true });
  for (const source of words) copyFileSync(join(context, source), join(root, dest, source));
  // RUN: its npm install as written, the image's paths under `root`, into a global prefix of its own.
  const install = instruction('RUN').split(' && ')[0]!;
  expect(install).toMatch(/^npm install -g /);
  prefix = join(work, 'prefix');
  const command = install.replace(/^npm install -g /, `npm install -g --prefix ${prefix} `).replaceAll(dest, `${join(root, dest)}/`);
  run('sh', ['-c', command], { cwd: work });
  env = { ...process.env, PATH: `${join(prefix, 'bin')}${delimiter}${process.env.PATH}`, PASSK_CACHE_DIR: join(work, 'cache') };
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The image's command (ENTRYPOINT), found on PATH as in the image, with `nodeFolder` first on PATH when given. */
function passk(args: string[], nodeFolder?: string) {
  const [entrypoint] = JSON.parse(
    stagesOfBuild(dockerfile)
      .at(-1)!
      .instructions.find((i) => i.keyword === 'ENTRYPOINT')!.args,
  ) as string[];
  const path = nodeFolder ? `${nodeFolder}${delimiter}${env.PATH}` : env.PATH;
  const result = spawnSync(entrypoint!, args, { cwd: work, env: { ...env, PATH: path }, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The folder of the `node` of major `major`, fetched from the npm registry by npx. */
function nodeFolder(major: number): string {
  return dirname(run('npx', ['-y', '-p', `node@${major}`, 'node', '-p', 'process.execPath'], { cwd: work }).trim());
}

const cliVersion = JSON.parse(readFileSync(join(REPO_ROOT, 'packages/cli/package.json'), 'utf8')).version as string;

describe("examples/container/Dockerfile's install steps, into a temporary prefix", () => {
  it('the tarballs it COPYs are the ones pnpm pack made, and npm install -g gives the passk command', () => {
    expect(readdirSync(context).sort()).toEqual(['Dockerfile', ...instruction('COPY').split(' ').slice(0, -1)].sort());
    expect(readdirSync(join(prefix, 'bin'))).toEqual(['passk']);
    expect(passk(['--version'])).toEqual({ code: 0, stdout: `passk ${cliVersion}\n`, stderr: '' });
  });

  it('the installed passk runs a sharded simulate and merges it to the single run, byte for byte', () => {
    const scenario = join(REPO_ROOT, 'examples/budget-hard.yaml');
    for (const i of [1, 2]) expect(passk(['simulate', scenario, '--replicates', '640', '--shard', `${i}/2`, '--out', 'parts']).code).toBe(0);
    const merged = passk(['merge', 'parts', '--json']);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toBe(passk(['simulate', scenario, '--replicates', '640', '--json']).stdout);
  });
});

// Measured (README "Running on a cluster"): Node 20 and 22 compute alike, Node 24 and 26 alike,
// the two groups differ in Math.pow (the table of the engine's exponential among its uses).
const ARITHMETIC_GROUP: Record<number, string> = { 20: 'Node 20/22', 22: 'Node 20/22', 24: 'Node 24/26', 26: 'Node 24/26' };

describe('shards from other Node versions: merged when the arithmetic is the same, refused in one line when it differs', () => {
  const ours = Number(process.versions.node.split('.')[0]);
  const scenario = join(REPO_ROOT, 'examples/budget-hard.yaml'); // lognormal costs and latencies: e^x from a table of 2^{j/256}
  const shardOf = (folder: string) => JSON.parse(readFileSync(join(work, folder, 'shard-0002-of-0002.json'), 'utf8'));
  const withoutRuntime = ({ runtime: _r, seconds: _s, checksum: _c, ...rest }: Record<string, unknown>) => rest;

  beforeAll(() => {
    for (const folder of ['n-ours', 'n22', 'n24']) expect(passk(['simulate', scenario, '--replicates', '640', '--shard', '1/2', '--out', folder]).code).toBe(0);
    expect(passk(['simulate', scenario, '--replicates', '640', '--shard', '2/2', '--out', 'n-ours']).code).toBe(0);
    for (const major of [22, 24]) {
      const shard = passk(['simulate', scenario, '--replicates', '640', '--shard', '2/2', '--out', `n${major}`], nodeFolder(major));
      expect(shard.code, shard.stderr).toBe(0);
    }
  }, 240_000);

  it.each([22, 24])('Node %i', (major) => {
    const shard = shardOf(`n${major}`);
    expect(shard.runtime).toMatchObject({ name: 'node', version: expect.stringMatching(new RegExp(`^${major}\\.`)) });
    const same = ARITHMETIC_GROUP[major] === ARITHMETIC_GROUP[ours];
    const mine = shardOf('n-ours');
    // The fingerprint says what the numbers do: the same shard, byte for byte, or other last digits.
    expect(shard.runtime.arithmetic).toEqual(
      same ? mine.runtime.arithmetic : { ...mine.runtime.arithmetic, pow: expect.not.stringMatching(mine.runtime.arithmetic.pow) },
    );
    expect(JSON.stringify(withoutRuntime(shard)) === JSON.stringify(withoutRuntime(mine))).toBe(same);
    const merged = passk(['merge', `n${major}`, '--json']);
    if (same) {
      expect(merged.code).toBe(0);
      expect(merged.stdout).toBe(passk(['merge', 'n-ours', '--json']).stdout);
    } else {
      expect(merged.code).toBe(2);
      expect(merged.stdout).toBe('');
      expect(merged.stderr).toMatch(
        new RegExp(
          `^passk: n${major}/shard-0002-of-0002\\.json: must be computed with the same arithmetic as n${major}/shard-0001-of-0002\\.json, but it was computed on Node ${major}\\.\\d+\\.\\d+ \\(V8 [^)]+\\), whose Math\\.pow gives other last digits than on Node ${process.versions.node.replace(/\./g, '\\.')} \\(V8 [^)]+\\); run it again on the runtime of the other shards\\n$`,
        ),
      );
    }
  });
});
