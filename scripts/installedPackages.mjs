// The packages as users get them: both packed (`pnpm pack`) and installed with npm into an empty
// folder (the two tarballs, third-party dependencies from the registry), and a Node of another version
// fetched from the npm registry (the `node` package, through npx) to run them with. Used by the pack
// test (test/pack) and the installed start-up benchmark (bench/installedStartup.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Runs `command`; its stdout, or an error with both streams when it exits non-zero. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return String(result.stdout);
}

/**
 * Packs packages/sim and packages/cli into `work` and installs both tarballs into `work`/app (an ES
 * module package of its own). Returns the tarballs' paths and the app folder.
 */
export function packAndInstall(repoRoot, work) {
  const tarballs = {};
  for (const pkg of ['sim', 'cli']) {
    const before = new Set(readdirSync(work));
    run('pnpm', ['pack', '--pack-destination', work], { cwd: join(repoRoot, 'packages', pkg) });
    const made = readdirSync(work).filter((name) => !before.has(name) && name.endsWith('.tgz'));
    if (made.length !== 1) throw new Error(`pnpm pack of packages/${pkg} made ${made.length} tarballs`);
    tarballs[pkg] = join(work, made[0]);
  }
  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'passk-install-check', private: true, type: 'module' })}\n`);
  run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel', 'error', tarballs.sim, tarballs.cli], { cwd: app });
  return { tarballs, app, bin: join(app, 'node_modules', '.bin', 'passk') };
}

/** The folder of the `node` executable of version `spec` (20.19.0, 26), fetched from the npm registry by npx. */
export function nodeFolder(spec, cwd) {
  return dirname(run('npx', ['-y', '-p', `node@${spec}`, 'node', '-p', 'process.execPath'], { cwd }).trim());
}
