// `pnpm docs:scenario`: writes docs/scenario.md from the scenario declaration
// (packages/sim/src/scenario/scenarioFormat.ts, built first). test/docs/scenarioDocs.test.ts fails
// when the committed file is not what this writes.
import { writeFileSync } from 'node:fs';
import { scenarioDocs } from '../packages/sim/dist/scenario/scenarioDocs.js';

const target = new URL('../docs/scenario.md', import.meta.url);
writeFileSync(target, scenarioDocs());
console.log(`wrote ${target.pathname}`);
