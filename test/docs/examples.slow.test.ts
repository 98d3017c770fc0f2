import * as vitest from 'vitest';
import { describeExamples, docPages } from './docExamples.js';

// Every passk command shown in README.md and docs/*.md is run and its output compared (the rules:
// docExamples.ts). One file, so a command shown on several pages runs once. Re-record the pages
// after an intended change of output: UPDATE_DOCS=1 pnpm exec vitest run --config vitest.slow.config.ts test/docs/examples.slow.test.ts
describeExamples('the examples of README.md and docs/*.md print what the pages show', docPages(), vitest);
