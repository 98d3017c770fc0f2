// `pnpm passk …` from a clone: builds (tsc -b, then packages/cli/bundle.mjs) only when a file the
// build reads is newer than the bundle it writes, then runs the built bin with the arguments, in the
// folder the command was typed in (the bin reads INIT_CWD). A start when nothing changed costs a walk
// over the sources' modification times (a few ms) beside the bin's own start.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'packages', 'cli');
const sim = join(root, 'packages', 'sim');
const bin = join(cli, 'dist', 'bundle', 'passk.cjs');
/** What the build reads: the two packages' sources and manifests, their TypeScript settings, and the bundle's scripts. */
const BUILD_INPUTS = [
  join(sim, 'src'),
  join(cli, 'src'),
  ...['package.json', 'tsconfig.json', 'tsconfig.node.json'].map((name) => join(sim, name)),
  ...['package.json', 'tsconfig.json', 'bundle.mjs', 'cliScript.cjs', 'launcher.cjs', 'copyFonts.mjs', 'thirdPartyNotices.mjs'].map((name) => join(cli, name)),
  join(root, 'tsconfig.base.json'),
  join(root, 'pnpm-lock.yaml'),
];

/** The newest modification time (ms) of a file or of the files below a folder; 0 when it does not exist. */
function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs; // a file removed changes its folder
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function built() {
  try {
    return statSync(join(cli, 'dist', 'bundle', 'cli.cjs')).mtimeMs;
  } catch {
    return -1;
  }
}

if (Math.max(...BUILD_INPUTS.map(newest)) > built()) {
  process.stderr.write('passk: sources changed since the last build: building (pnpm build)…\n');
  for (const [command, args] of [
    [join(root, 'node_modules', '.bin', 'tsc'), ['-b', 'packages/sim', 'packages/cli']],
    [process.execPath, [join(cli, 'bundle.mjs')]],
  ]) {
    const step = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    if (step.status !== 0) process.exit(step.status ?? 1);
  }
}
const run = spawnSync(process.execPath, [bin, ...process.argv.slice(2)], { stdio: 'inherit' });
if (run.signal) process.kill(process.pid, run.signal);
process.exit(run.status ?? 1);
