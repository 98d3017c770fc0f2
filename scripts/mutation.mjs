// `pnpm mutation [SCOPE…] [--force]`: Stryker on each scope of mutationScopes.mjs in turn (all when
// none is named), nice'd, one worker; reports in reports/mutation/. Incremental: a mutant whose code
// and covering tests did not change since the scope's last run keeps its result; --force retests all.
// Not part of CI (minutes per scope).
import { spawnSync } from 'node:child_process';
import { MUTATION_SCOPES } from '../mutationScopes.mjs';

const args = process.argv.slice(2);
const force = args.includes('--force');
const scopes = args.filter((arg) => arg !== '--force');
for (const scope of scopes) {
  if (!(scope in MUTATION_SCOPES)) {
    console.error(`pnpm mutation: ${scope}: not a scope (one of ${Object.keys(MUTATION_SCOPES).join(', ')})`);
    process.exit(2);
  }
}
let status = 0;
for (const scope of scopes.length > 0 ? scopes : Object.keys(MUTATION_SCOPES)) {
  console.log(`mutation: ${scope}`);
  const run = spawnSync('nice', ['-n', '10', 'pnpm', 'exec', 'stryker', 'run', 'stryker.config.mjs', ...(force ? ['--force'] : [])], {
    stdio: 'inherit',
    env: { ...process.env, PASSK_MUTATION_SCOPE: scope },
  });
  if (run.status !== 0) status = 1;
}
process.exit(status);
