#!/usr/bin/env node
// The `passk` bin (dist/bundle/passk.cjs). On a Node outside the package's `engines` it says so in one
// line and exits 2, before loading anything an older Node cannot parse; otherwise it runs the CLI
// script with this runtime's code cache (cliScript.cjs). ES2015 syntax only (no ?. or ??): this file
// must parse on any Node that a user may still have on the PATH.
'use strict';
/** package.json's engines.node, written here by bundle.mjs. */
const ENGINES = '>=20';

if (require.main === module) {
  if (nodeSatisfies(process.versions.node, ENGINES)) require('./cliScript.cjs').loadCli(process.env).startCli();
  else {
    process.stderr.write(`passk: needs Node.js ${ENGINES} (package.json engines), this is ${process.version}\n`);
    process.exitCode = 2;
  }
}

/**
 * Whether version `x.y.z` is in `range`: alternatives joined by `||`, each a caret (`^20.19.0`: the
 * same major, at least that version) or a lower bound (`>=23`, `>=20.19.0`) - the forms engines uses.
 * An alternative in any other form throws (test/cli/codeCache.test.ts checks it against semver).
 */
function nodeSatisfies(version, range) {
  const have = version.split('.').map(Number);
  return range.split('||').some((alternative) => {
    const match = /^\s*(\^|>=)\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(alternative);
    if (!match) throw new Error(`launcher: engines alternative not understood: ${alternative}`);
    const want = [Number(match[2]), Number(match[3] || 0), Number(match[4] || 0)];
    if (match[1] === '^' && have[0] !== want[0]) return false;
    for (let i = 0; i < 3; i++) if (have[i] !== want[i]) return have[i] > want[i];
    return true;
  });
}

module.exports = { ENGINES, nodeSatisfies };
