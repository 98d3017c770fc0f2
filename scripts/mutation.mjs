// `pnpm mutation [SCOPE…]`: Stryker on each scope of mutationScopes.mjs in turn (all when none is
// named), nice'd, one worker; reports in reports/mutation/. Not part of CI (minutes per scope).
import { spawnSync } from 'node:child_process';
import { MUTATION_SCOPES } from '../mutationScopes.mjs';

const scopes = process.argv.slice(2);
for (const scope of scopes) {
  if (!(scope in MUTATION_SCOPES)) {
    console.error(`pnpm mutation: ${scope}: not a scope (one of ${Object.keys(MUTATION_SCOPES).join(', ')})`);
    process.exit(2);
  }
}
let status = 0;
for (const scope of scopes.length > 0 ? scopes : Object.keys(MUTATION_SCOPES)) {
  console.log(`mutation: ${scope}`);
  const run = spawnSync('nice', ['-n', '10', 'pnpm', 'exec', 'stryker', 'run', 'stryker.config.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, PASSK_MUTATION_SCOPE: scope },
  });
  if (run.status !== 0) status = 1;
}
process.exit(status);
