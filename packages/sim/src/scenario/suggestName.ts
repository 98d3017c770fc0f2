/**
 * The allowed name closest to a misspelt one, for "did you mean …?" hints; undefined when
 * nothing is close. Distance: optimal string alignment (Levenshtein plus adjacent
 * transpositions, Damerau 1964), case-insensitive. A name counts as close when at most
 * max(1, ⌊length/4⌋) edits away (capped at 3) and not every character changed; ties go to the
 * earlier allowed name.
 *
 * Example: suggestName('maxAtempts', ['maxAttempts', 'mode']) === 'maxAttempts'.
 */
export function suggestName(given: string, allowed: readonly string[]): string | undefined {
  const target = given.toLowerCase();
  const limit = Math.min(3, Math.max(1, Math.floor(target.length / 4)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const name of allowed) {
    const distance = editDistance(target, name.toLowerCase());
    if (distance < bestDistance && distance < Math.max(target.length, name.length)) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance between two strings (dynamic programme over three rows). */
function editDistance(s: string, t: string): number {
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = new Array<number>(t.length + 1);
    current[0] = i;
    for (let j = 1; j <= t.length; j++) {
      const substitution = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current[j] = d;
    }
    before = previous;
    previous = current;
  }
  return previous[t.length];
}
