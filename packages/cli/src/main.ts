#!/usr/bin/env node
import { runCli } from './cli.js';
import { processIo } from './io/cliIo.js';

// Flush stdout before exiting so piped output is never cut short.
runCli(process.argv.slice(2), processIo()).then((code) => {
  process.exitCode = code;
});
