#!/usr/bin/env node
// The `passk` bin (dist/bundle/passk.cjs): the CLI script with its code cache (see cliScript.cjs).
'use strict';
const { loadCliScript, readCliCache } = require('./cliScript.cjs');

loadCliScript(readCliCache()).cli.startCli();
