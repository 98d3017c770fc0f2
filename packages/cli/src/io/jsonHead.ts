/** What the first bytes of a JSON value say about it (as far as they go). */
export interface JsonValueHead {
  readonly type: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';
  /** An object's keys in order, or an array's first element's keys (when it is an object), as far as read. */
  keys: string[];
  /** A string's text, cut at 200 characters. */
  text?: string;
  /** An array whose elements, as far as read, are all booleans, numbers or null (a list of outcomes). */
  outcomes?: boolean;
}

/**
 * The start of a JSON document read without parsing it whole: the root's type; for an object each
 * member's value (type, text, its keys or its first element's keys); for an array its first
 * element; and whether the document ended within the bytes read. A harness's file says what it is
 * in its first keys (Terminal-Bench `results[0].trial_name`, τ²-bench `info.agent_info`, …), so a
 * few kilobytes tell a results file from the files written beside it.
 */
export interface JsonHead {
  /** The root value; undefined when the bytes do not start a JSON value. */
  readonly root: JsonValueHead | undefined;
  /** The root object's members in order, as far as read (empty for other roots). */
  readonly members: Map<string, JsonValueHead>;
  /** The root array's first element, when read. */
  first?: JsonValueHead;
  /** True when the root value ended within the bytes read. */
  complete: boolean;
  /** False when the bytes read are not the start of JSON (the reader says why). */
  valid: boolean;
  /** The root value's text, when it ended within the bytes read. */
  text?: string;
  /** True when more than blanks follow the root value within the bytes read (JSON Lines). */
  more?: boolean;
}

const TEXT_CHARS = 200;

/** Thrown (and caught below) when the bytes end inside the value being read. */
const ENDED = Symbol('ended');

/** Reads a JSON prefix: `bytes` may end anywhere, even inside a UTF-8 sequence. */
export function readJsonHead(bytes: Uint8Array): JsonHead {
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  const scan = new Scanner(text);
  const members = new Map<string, JsonValueHead>();
  const head: { -readonly [K in keyof JsonHead]: JsonHead[K] } = { root: undefined, members, complete: false, valid: true };
  try {
    const c = scan.peek();
    if (c === '{') {
      const root: JsonValueHead = { type: 'object', keys: [] };
      head.root = root;
      scan.members((key) => {
        root.keys.push(key);
        scan.member((value) => members.set(key, value));
      });
    } else if (c === '[') {
      const root: JsonValueHead = { type: 'array', keys: [] };
      head.root = root;
      let index = 0;
      scan.elements(() => {
        if (index++ > 0) scan.skip();
        else
          scan.element((first) => {
            head.first = first;
            first.keys = root.keys;
          });
      });
    } else {
      head.root = scan.scalar();
    }
    head.complete = true;
    head.text = scan.readSoFar();
    head.more = scan.more();
  } catch (error) {
    if (error instanceof SyntaxError) head.valid = false;
    else if (error !== ENDED) throw error;
  }
  return head;
}

/** A cursor over JSON text that throws ENDED at the end of the text and gives up (root undefined) on what is not JSON. */
class Scanner {
  private pos = 0;

  constructor(private readonly text: string) {}

  /** The text read so far. */
  readSoFar(): string {
    return this.text.slice(0, this.pos);
  }

  /** True when anything but blanks follows. */
  more(): boolean {
    try {
      this.peek();
      return true;
    } catch {
      return false;
    }
  }

  /** The next non-blank character, not consumed. */
  peek(): string {
    const text = this.text;
    while (this.pos < text.length) {
      const c = text[this.pos]!;
      if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') return c;
      this.pos++;
    }
    throw ENDED;
  }

  private expect(c: string): void {
    if (this.peek() !== c) throw new SyntaxError(`expected ${c}`);
    this.pos++;
  }

  /** Calls `member` at each key of the object here (after its colon); the callback reads the value. */
  members(member: (key: string) => void): void {
    this.expect('{');
    if (this.peek() === '}') {
      this.pos++;
      return;
    }
    for (;;) {
      if (this.peek() !== '"') throw new SyntaxError('expected a key');
      const key = this.string(Number.POSITIVE_INFINITY);
      this.expect(':');
      member(key);
      const c = this.peek();
      this.pos++;
      if (c === '}') return;
      if (c !== ',') throw new SyntaxError('expected , or }');
    }
  }

  /** Calls `element` at each element of the array here; the callback reads it. */
  elements(element: () => void): void {
    this.expect('[');
    if (this.peek() === ']') {
      this.pos++;
      return;
    }
    for (;;) {
      element();
      const c = this.peek();
      this.pos++;
      if (c === ']') return;
      if (c !== ',') throw new SyntaxError('expected , or ]');
    }
  }

  /**
   * A member of the root object, handed to `found` as soon as its type is known and filled in as it
   * is read (so a document cut short still tells what it had): its text, its keys, or its first
   * element's keys and whether it lists outcomes.
   */
  member(found: (value: JsonValueHead) => void): void {
    const c = this.peek();
    if (c === '[') {
      const value: JsonValueHead = { type: 'array', keys: [], outcomes: true };
      found(value);
      let index = 0;
      this.elements(() => {
        const first = index++ === 0;
        const e = this.peek();
        if (e === '{' || e === '[' || e === '"') value.outcomes = false;
        if (first) this.element((element) => void (element.keys = value.keys));
        else this.skip();
      });
    } else if (c === '"') {
      const value: JsonValueHead = { type: 'string', keys: [] };
      found(value);
      value.text = this.string(TEXT_CHARS);
    } else this.element(found); // an object (its keys) or a scalar, as an element
  }

  /** An element, handed to `found` as soon as its type is known: an object's keys (values skipped), or just the type. */
  element(found: (value: JsonValueHead) => void): void {
    const c = this.peek();
    if (c === '{') {
      const value: JsonValueHead = { type: 'object', keys: [] };
      found(value);
      this.members((key) => {
        value.keys.push(key);
        this.skip();
      });
    } else if (c === '[') {
      found({ type: 'array', keys: [] });
      this.skip();
    } else found(this.scalar());
  }

  /** A string, number, true, false or null. */
  scalar(): JsonValueHead {
    const c = this.peek();
    if (c === '"') return { type: 'string', keys: [], text: this.string(TEXT_CHARS) };
    const start = this.pos;
    while (this.pos < this.text.length && !',}] \t\n\r'.includes(this.text[this.pos]!)) this.pos++;
    if (this.pos === this.text.length) throw ENDED;
    const word = this.text.slice(start, this.pos);
    if (word === 'true' || word === 'false') return { type: 'boolean', keys: [] };
    if (word === 'null') return { type: 'null', keys: [] };
    if (word !== '' && Number.isFinite(Number(word))) return { type: 'number', keys: [] };
    throw new SyntaxError('not a JSON value');
  }

  /** The string starting here (escapes decoded), its first `keep` characters kept. */
  private string(keep: number): string {
    const text = this.text;
    this.pos++;
    let out = '';
    for (;;) {
      const quote = text.indexOf('"', this.pos);
      const backslash = text.indexOf('\\', this.pos);
      if (quote < 0) throw ENDED;
      if (backslash < 0 || quote < backslash) {
        if (out.length < keep) out += text.slice(this.pos, quote);
        this.pos = quote + 1;
        return out.length > keep ? out.slice(0, keep) : out;
      }
      if (out.length < keep) out += text.slice(this.pos, backslash);
      const next = text[backslash + 1];
      if (next === undefined) throw ENDED;
      if (next === 'u') {
        if (backslash + 6 > text.length) throw ENDED;
        if (out.length < keep) out += String.fromCharCode(Number.parseInt(text.slice(backslash + 2, backslash + 6), 16));
        this.pos = backslash + 6;
      } else {
        if (out.length < keep) out += ESCAPES[next] ?? next;
        this.pos = backslash + 2;
      }
    }
  }

  /** Skips the value here, however deep (counting brackets outside strings). */
  skip(): void {
    const c = this.peek();
    if (c === '"') {
      this.string(0);
      return;
    }
    if (c !== '{' && c !== '[') {
      this.scalar();
      return;
    }
    const text = this.text;
    let depth = 0;
    while (this.pos < text.length) {
      const ch = text[this.pos]!;
      if (ch === '"') {
        this.string(0);
        continue;
      }
      this.pos++;
      if (ch === '{' || ch === '[') depth++;
      else if (ch === '}' || ch === ']') {
        depth--;
        if (depth === 0) return;
      }
    }
    throw ENDED;
  }
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
