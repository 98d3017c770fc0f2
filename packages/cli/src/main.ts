#!/usr/bin/env node
import { runCli } from './cli.js';
import { processIo } from './io/cliIo.js';

// Run as `pnpm passk …` (or `npm run passk`), the package manager starts us in the repository root;
// paths on the command line mean what they meant where the user typed them (INIT_CWD).
if (process.env.npm_lifecycle_event === 'passk' && process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

runCli(process.argv.slice(2), processIo()).then((code) => {
  process.exitCode = code;
});
