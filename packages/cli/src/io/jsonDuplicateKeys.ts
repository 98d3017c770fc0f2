import { InputError } from '@passk/sim/errors';

/** A key repeated in one object of a JSON text: the key, the object's path (`rows[3].meta`, '' at the top) and the line of the repeat (1-based). */
export interface DuplicateKey {
  readonly key: string;
  readonly path: string;
  readonly line: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const LF = 0x0a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Refuses a JSON text `JSON.parse` read into `value` when one of its objects repeats a key, which
 * JSON.parse collapses silently (the last wins; RFC 8259 §4 leaves repeats to the reader). One
 * InputError naming `where(line)` (file:line), the rule, the object (`top` when it is the outermost) and the key. Cheap for the usual record:
 * every colon outside a string separates a key from its value, so when the text has no escaped
 * colon (\u003a) and its colons number the parsed keys plus the colons inside parsed strings, no key was dropped
 * (a dropped key takes at least its own colon with it; only an escaped colon could make up for it),
 * and the text is not scanned again; otherwise `findDuplicateKey` scans it.
 */
export function refuseDuplicateKeys(text: string, value: unknown, where: (line: number) => string, top = 'the top-level object'): void {
  if (typeof value !== 'object' || value === null) return;
  if (!ESCAPED_COLON.test(text) && countColons(text) === parsedColons(value)) return;
  const repeat = findDuplicateKey(text);
  if (repeat === undefined) return;
  const at = repeat.path === '' ? top : repeat.path;
  throw new InputError(where(repeat.line), `must not repeat a key in one object (in ${at}; JSON readers would keep only the last)`, repeat.key);
}

/** An escaped colon, the one thing that adds a colon to the parsed strings without one in the text. */
const ESCAPED_COLON = /\\u003a/i;

function countColons(text: string): number {
  let count = 0;
  for (let at = text.indexOf(':'); at >= 0; at = text.indexOf(':', at + 1)) count++;
  return count;
}

/** Keys of every object in a parsed value plus the colons inside its strings (keys and values); iterative, so deep nesting is safe. */
function parsedColons(root: object): number {
  let count = 0;
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes(':')) count += countColons(value);
    } else if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' || typeof item === 'string') pending.push(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        count += 1 + (key.includes(':') ? countColons(key) : 0);
        const item = (value as Record<string, unknown>)[key];
        if (typeof item === 'object' || typeof item === 'string') pending.push(item);
      }
    }
  }
  return count;
}

/**
 * The first key repeated in one object of a valid JSON text, or undefined: one pass that keeps the
 * keys of each open object (a stack, no recursion) and the path to it for the message.
 */
export function findDuplicateKey(text: string): DuplicateKey | undefined {
  // Per open container: its keys (objects) or null (arrays), and where in it the scan is (key or index).
  const stack: Array<{ keys: Set<string> | null; at: string | number }> = [];
  let line = 1;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === LF) line++;
    else if (ch === QUOTE) {
      let escaped = false;
      let end = i + 1;
      for (let c = text.charCodeAt(end); c !== QUOTE; c = text.charCodeAt(++end)) {
        if (c === BACKSLASH) {
          escaped = true;
          end++;
        }
      }
      const top = stack.at(-1);
      if (expectKey && top?.keys) {
        const key = escaped ? (JSON.parse(text.slice(i, end + 1)) as string) : text.slice(i + 1, end);
        if (top.keys.has(key)) return { key, path: pathOf(stack), line };
        top.keys.add(key);
        top.at = key;
        expectKey = false;
      }
      i = end;
    } else if (ch === OPEN_BRACE) {
      stack.push({ keys: new Set(), at: '' });
      expectKey = true;
    } else if (ch === OPEN_BRACKET) {
      stack.push({ keys: null, at: 0 });
      expectKey = false;
    } else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) {
      stack.pop();
      expectKey = false;
    } else if (ch === COMMA) {
      const top = stack.at(-1)!;
      if (top.keys) expectKey = true;
      else (top.at as number)++;
    } else if (ch === COLON) expectKey = false;
  }
  return undefined;
}

/** The path of the innermost open object: `.key` per object level (`["odd key"]` when not a plain name), `[i]` per array level. */
function pathOf(stack: ReadonlyArray<{ keys: Set<string> | null; at: string | number }>): string {
  let path = '';
  for (const frame of stack.slice(0, -1)) {
    if (frame.keys === null) path += `[${frame.at}]`;
    else path += /^[A-Za-z_$][\w$]*$/.test(frame.at as string) ? `.${frame.at}` : `[${JSON.stringify(frame.at)}]`;
  }
  return path.startsWith('.') ? path.slice(1) : path;
}
