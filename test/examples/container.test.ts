import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { readDockerfile, stagesOfBuild, type Stage } from '../helpers/dockerfile.js';
import { REPO_ROOT } from '../helpers/runPassk.js';

// examples/container/Dockerfile cannot be built here (no Docker engine), so it is read
// (test/helpers/dockerfile.ts) and checked against what it installs: the tarballs `pnpm pack`
// makes (their names and files, from `pnpm pack --dry-run --json`) or the package on the registry,
// and the command it runs, the CLI package's bin. test/pack/container.test.ts runs its install
// steps (npm install -g of the tarballs, into a temporary prefix) and the installed passk.

interface Packed {
  name: string;
  version: string;
  filename: string;
  files: Array<{ path: string }>;
}
const packed = (pkg: 'cli' | 'sim'): Packed =>
  JSON.parse(spawnSync('pnpm', ['pack', '--dry-run', '--json'], { cwd: join(REPO_ROOT, 'packages', pkg), encoding: 'utf8' }).stdout);
const manifest = (pkg: 'cli' | 'sim') => JSON.parse(readFileSync(join(REPO_ROOT, 'packages', pkg, 'package.json'), 'utf8'));

const cli = packed('cli');
const sim = packed('sim');
const args = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

describe('examples/container/Dockerfile', () => {
  const dockerfile = readDockerfile();

  it('builds from the tarballs by default, from the registry with PASSK_SOURCE=registry; PASSK_VERSION is the packages’ version', () => {
    expect(dockerfile.args.PASSK_VERSION).toBe(manifest('cli').version);
    expect(manifest('sim').version).toBe(manifest('cli').version);
    expect(stagesOfBuild(dockerfile).map((stage) => stage.name ?? stage.from)).toEqual(['base', 'tarballs', 'tarballs']);
    expect(stagesOfBuild(readDockerfile({ PASSK_SOURCE: 'registry' })).map((stage) => stage.name ?? stage.from)).toEqual(['base', 'registry', 'registry']);
  });

  it('is built FROM a Node image whose major the CLI’s engines admit', () => {
    const base = dockerfile.stages.find((stage) => stage.name === 'base')!;
    const [, major] = /^node:(\d+)-[a-z]+-slim$/.exec(base.from) ?? [];
    expect(major, base.from).toBeDefined();
    expect(semver.satisfies(`${major}.99.0`, manifest('cli').engines.node)).toBe(true);
    expect(Number(major)).toBeGreaterThan(20); // Node 20 left maintenance in April 2026
  });

  it('COPYs exactly the two tarballs pnpm pack makes, installs them with npm install -g, and removes them', () => {
    const tarballs = dockerfile.stages.find((stage) => stage.name === 'tarballs')!;
    const [copy, ...more] = args(tarballs, 'COPY');
    expect(more).toEqual([]);
    const words = copy!.split(' ');
    expect(words.slice(0, -1).sort()).toEqual([cli.filename, sim.filename].sort());
    const into = words[words.length - 1]!;
    expect(into).toMatch(/\/$/);
    const [run, ...moreRuns] = args(tarballs, 'RUN');
    expect(moreRuns).toEqual([]);
    const [install, ...rest] = run!.split(' && ');
    const installed = install!.split(' ').filter((word) => !word.startsWith('-'));
    expect(installed.slice(0, 2)).toEqual(['npm', 'install']);
    expect(install).toMatch(/^npm install -g /);
    expect(installed.slice(2).sort()).toEqual([`${into}${cli.filename}`, `${into}${sim.filename}`].sort());
    expect(rest).toEqual([`rm -rf ${into.replace(/\/$/, '')} /root/.npm`]);
  });

  it('from the registry: npm install -g of the CLI package at PASSK_VERSION', () => {
    const registry = dockerfile.stages.find((stage) => stage.name === 'registry')!;
    expect(args(registry, 'COPY')).toEqual([]);
    const [run] = args(registry, 'RUN');
    expect(run!.split(' && ')[0]).toMatch(new RegExp(`^npm install -g (--\\S+ )*${manifest('cli').name}@${manifest('cli').version}$`));
  });

  it('runs passk, the CLI package’s bin (a file the tarball ships), as the user node', () => {
    const final = stagesOfBuild(dockerfile).at(-1)!;
    const [entrypoint] = args(final, 'ENTRYPOINT');
    expect(JSON.parse(entrypoint!)).toEqual(['passk']);
    const bin = manifest('cli').bin as Record<string, string>;
    expect(Object.keys(bin)).toEqual(['passk']);
    expect(cli.files.map((file) => file.path)).toContain(bin.passk!.replace(/^\.\//, ''));
    expect(args(final, 'USER')).toEqual(['node']);
  });
});
