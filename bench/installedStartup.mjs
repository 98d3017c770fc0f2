// `pnpm bench:installed`: the start-up target (passk estimate --n 10 --c 3 --k 5 within 2 × `node -e 0`)
// measured on the package as users get it: both packages packed and installed with npm into an empty
// folder (scripts/installedPackages.mjs), the installed bin timed on the build's Node and on the Nodes
// named by --node (fetched from the npm registry), each against its own `node -e 0`, with a code-cache
// folder of its own (bench/startup.mjs: the first start writes the cache and is timed apart).
// Needs the registry. Usage: node bench/installedStartup.mjs [--pairs 15] [--node 20.19.0,26]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { nodeFolder, packAndInstall } from '../scripts/installedPackages.mjs';
import { STARTUP_ARGS, timeStartup } from './startup.mjs';

const TARGET = 2;
const { values } = parseArgs({ options: { pairs: { type: 'string', default: '15' }, node: { type: 'string', default: '20.19.0,26' } } });
const pairs = Number(values.pairs);
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'passk-installed-startup-'));
try {
  process.stderr.write('packing and installing both packages…\n');
  const { bin } = packAndInstall(repoRoot, work);
  const nodes = [{ label: `${process.version} (the build's)`, node: process.execPath }];
  for (const spec of values.node.split(',').filter(Boolean)) {
    const node = join(nodeFolder(spec, work), 'node');
    nodes.push({ label: `node@${spec}`, node });
  }
  console.log(`installed passk ${STARTUP_ARGS.join(' ')} vs node -e 0, ${pairs} paired runs each (median), after a first start that writes the code cache:`);
  for (const { label, node } of nodes) {
    const result = await timeStartup(bin, pairs, { node });
    const met = result.medianRatio <= TARGET ? 'met' : 'MISSED';
    console.log(
      `  ${label.padEnd(26)} ${(result.medianPasskSeconds * 1000).toFixed(0).padStart(4)} ms vs ${(result.medianNodeSeconds * 1000).toFixed(0).padStart(3)} ms:` +
        ` ratio ${result.medianRatio.toFixed(2)} (≤ ${TARGET}: ${met}); first start ${(result.firstSeconds * 1000).toFixed(0)} ms`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
