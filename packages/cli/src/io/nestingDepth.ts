/**
 * How deep a scenario or result document may nest its mappings and lists. Neither format needs a
 * tenth of it; deeper files only exhaust the recursion of the readers and checks that walk them
 * (yaml's parser overflows near a thousand levels, String() of a nested array sooner).
 */
export const MAX_NESTING = 64;

/** The rule a file nested beyond MAX_NESTING breaks. */
export const NESTING_RULE = `must not nest mappings or lists more than ${MAX_NESTING} levels deep (its format needs far fewer)`;

/** Whether a parsed JSON value nests objects or arrays more than `max` levels deep; walks with a stack of its own. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= max) return true;
    for (const child of Object.values(next.value)) if (typeof child === 'object' && child !== null) pending.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}
