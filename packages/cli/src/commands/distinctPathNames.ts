import { extname, resolve, sep } from 'node:path';
import { RESULTS_EXTENSIONS } from '../io/resultsExtensions.js';

/** A path's last part without a results extension (`runs/b.jsonl` → `b`; a folder `core@0.1.1` keeps its dots). */
function baseOf(parts: readonly string[]): string {
  const last = parts[parts.length - 1] ?? '';
  const extension = extname(last);
  return RESULTS_EXTENSIONS.includes(extension.toLowerCase()) && extension.length < last.length ? last.slice(0, -extension.length) : last;
}

/** The parts of a path resolved against the working folder, the last without a results extension. */
function partsOf(path: string): string[] {
  const parts = resolve(path)
    .split(sep)
    .filter((part) => part !== '');
  if (parts.length > 0) parts[parts.length - 1] = baseOf(parts);
  return parts;
}

/**
 * Names for inputs that tell them apart, not the file name they share: each input's base name
 * without a results extension (`runs/b.jsonl` → `b`, a folder by its name); where several share
 * it, the shortest run of folders that differs between them, the shared tail left off
 * (`a/20250902_orchestrator_claude-4-sonnet/results.json` and `a/20250902_orchestrator_qwen-3-coder-480B/results.json`
 * → `20250902_orchestrator_claude-4-sonnet`, `20250902_orchestrator_qwen-3-coder-480B`; two
 * `runs/` folders → the folders above them), paths taken from the working folder. Where that still
 * leaves two names alike (the same path twice, or a name another input has), those inputs are
 * named by the path as given.
 */
export function distinctPathNames(paths: readonly string[]): string[] {
  const parts = paths.map(partsOf);
  const bases = parts.map((p, i) => (p.length > 0 ? p[p.length - 1]! : paths[i]!));
  const names = [...bases];
  const groups = new Map<string, number[]>();
  bases.forEach((base, i) => groups.set(base, [...(groups.get(base) ?? []), i]));
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    // Leave off the tail every member shares (at least the base name).
    let shared = 0;
    const shortest = Math.min(...members.map((i) => parts[i]!.length));
    while (shared < shortest && members.every((i) => parts[i]![parts[i]!.length - 1 - shared] === parts[members[0]!]![parts[members[0]!]!.length - 1 - shared]))
      shared++;
    const heads = members.map((i) => parts[i]!.slice(0, parts[i]!.length - shared));
    if (heads.some((head) => head.length === 0)) {
      for (const i of members) names[i] = paths[i]!;
      continue;
    }
    // For each, the fewest trailing folders of what is left that no other member ends with.
    const suffix = (head: readonly string[], k: number) => head.slice(Math.max(0, head.length - k)).join('/');
    members.forEach((i, m) => {
      const head = heads[m]!;
      for (let k = 1; k <= head.length; k++) {
        const name = suffix(head, k);
        if (heads.every((other, o) => o === m || suffix(other, k) !== name)) {
          names[i] = name;
          return;
        }
      }
      names[i] = paths[i]!;
    });
  }
  // A name that another input already has (its base, or another group's folders): those inputs go by their paths.
  return names.map((name, i) => (names.indexOf(name) !== names.lastIndexOf(name) ? paths[i]! : name));
}
