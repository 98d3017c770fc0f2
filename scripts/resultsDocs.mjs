// Writes docs/results.md from the result schemas (packages/cli/src/results/), after a build.
import { writeFileSync } from 'node:fs';
import { resultsMarkdown } from '../packages/cli/dist/results/resultsMarkdown.js';

writeFileSync(new URL('../docs/results.md', import.meta.url), resultsMarkdown());
console.log('wrote docs/results.md');
