#!/usr/bin/env node
// Import cycles among the source modules of packages/*/src (`pnpm cycles`; .ci/run requires zero, counting imports of types only).
// The graph: every relative `import … from`, `export … from`, `import '…'` and `import('…')` of a
// .ts file (a './x.js' specifier names ./x.ts, as NodeNext resolution writes it); imports of other
// packages (@passk/sim from the CLI included) are edges between packages, not modules, and are left out.
// Imports of types only (`import type`, `export type`, `import { type A, type B }`) vanish from the
// JavaScript, so cycles through them are counted apart; they fail too: two modules that need each
// other's types are one concept split in two (move the shared types into a module of their own).
// A cycle is a strongly connected component of two or more modules (Tarjan 1972), or a module
// importing itself. Prints the count and each cycle; exits 1 when there is any, runtime or types only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// PASSK_CYCLES_ROOT: another tree with packages/*/src (the script's own test uses one).
const root = process.env.PASSK_CYCLES_ROOT ?? resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = readdirSync(join(root, 'packages')).flatMap((pkg) => {
  try {
    return sourceFiles(join(root, 'packages', pkg, 'src'));
  } catch {
    return [];
  }
});
const known = new Set(files);
const STATEMENT =
  /\b(import|export)\s*(type\s+)?(\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+(?:\s*,\s*\{[^}]*\})?)?\s*(?:from\s*)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Whether an import or export statement brings types only. */
function typeOnly(typeKeyword, clause) {
  if (typeKeyword) return true;
  if (!clause?.startsWith('{')) return false;
  const names = clause
    .slice(1, -1)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** module → the modules it imports (all imports, and runtime ones only) */
const allImports = new Map();
const runtimeImports = new Map();
for (const file of files) {
  // Comments may quote import lines; drop them first (line and block comments, not inside strings: good enough for this code base).
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const all = new Set();
  const runtime = new Set();
  for (const [, , typeKeyword, clause, specifier, dynamicSpecifier] of text.matchAll(STATEMENT)) {
    const target = resolve(dirname(file), (specifier ?? dynamicSpecifier).replace(/\.js$/, '.ts'));
    if (!known.has(target)) continue;
    all.add(target);
    if (dynamicSpecifier || !typeOnly(typeKeyword, clause)) runtime.add(target);
  }
  allImports.set(file, [...all]);
  runtimeImports.set(file, [...runtime]);
}

// Tarjan's strongly connected components (iterative, so deep chains cannot overflow the stack).
function cyclesOf(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const enter = (node, work) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    work.push([node, 0]);
  };
  for (const start of files) {
    if (index.has(start)) continue;
    const work = [];
    enter(start, work);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const targets = graph.get(node);
      if (i < targets.length) {
        frame[1]++;
        const to = targets[i];
        if (!index.has(to)) enter(to, work);
        else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || targets.includes(node)) cycles.push(component.map((path) => relative(root, path)).sort());
      }
    }
  }
  return cycles;
}

const count = (graph) => [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
const runtime = cyclesOf(runtimeImports);
const withTypes = cyclesOf(allImports);
console.log(
  `import cycles: ${runtime.length} at run time, ${withTypes.length} counting imports of types only (${files.length} modules in packages/*/src; ${count(runtimeImports)} runtime imports of ${count(allImports)})`,
);
for (const cycle of runtime) console.log(`  runtime cycle of ${cycle.length}: ${cycle.join(' ↔ ')}`);
for (const cycle of withTypes) console.log(`  counting types, cycle of ${cycle.length}: ${cycle.join(' ↔ ')}`);
// A runtime cycle is also a cycle of all imports: withTypes counts both kinds.
process.exit(withTypes.length > 0 ? 1 : 0);
