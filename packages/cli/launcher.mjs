#!/usr/bin/env node
// The `passk` bin (dist/bundle/passk.js): the CLI script with its code cache (see cliScript.mjs).
import { loadCliScript, readCliCache } from './cliScript.mjs';

loadCliScript(readCliCache()).cli.startCli();
