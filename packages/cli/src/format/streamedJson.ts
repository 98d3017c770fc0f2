/**
 * An array whose items are made one at a time while it is written by `writeJson`, never all at
 * once: `estimate --json`'s per-task entries (400 000 tasks made the whole document 1.1 GB of
 * objects and one string before; issue 43).
 */
export class LazyArray<T> {
  constructor(
    readonly length: number,
    readonly item: (index: number) => T,
  ) {}
}

/** Pieces are gathered into writes of about this many characters. */
const WRITE_CHARS = 1 << 16;

/**
 * Writes `value` as `JSON.stringify(value, null, 2)` followed by a newline would, byte for byte, in
 * pieces of about 64 KiB through `write`: plain objects and arrays are walked, a `LazyArray` is
 * written item by item (each item made, stringified and dropped in turn), anything else (and each
 * lazy item, which holds no LazyArray) goes through JSON.stringify with its lines indented to their
 * place. So memory holds one item and one piece, not the document.
 */
export function writeJson(value: unknown, write: (text: string) => void): void {
  let pending = '';
  const emit = (text: string) => {
    pending += text;
    if (pending.length >= WRITE_CHARS) {
      write(pending);
      pending = '';
    }
  };
  writeValue(value, '', emit);
  write(`${pending}\n`);
}

/** Values JSON.stringify leaves out of an object (and writes as null in an array). */
function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** JSON.stringify(value, null, 2) at indentation `indent`: its line breaks followed by `indent`. */
function stringified(value: unknown, indent: string): string {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return indent === '' ? text : text.replaceAll('\n', `\n${indent}`);
}

function writeValue(value: unknown, indent: string, emit: (text: string) => void): void {
  const inner = `${indent}  `;
  if (value instanceof LazyArray) {
    if (value.length === 0) return emit('[]');
    emit('[\n');
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value.item(i);
      emit(`${inner}${isSkipped(item) ? 'null' : stringified(item, inner)}${i + 1 < value.length ? ',\n' : '\n'}`);
    }
    return emit(`${indent}]`);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return emit('[]');
    emit('[\n');
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      emit(inner);
      if (isSkipped(item)) emit('null');
      else writeValue(item, inner, emit);
      emit(i + 1 < value.length ? ',\n' : '\n');
    }
    return emit(`${indent}]`);
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value).filter((key) => !isSkipped(value[key]));
    if (keys.length === 0) return emit('{}');
    emit('{\n');
    keys.forEach((key, i) => {
      emit(`${inner}${JSON.stringify(key)}: `);
      writeValue(value[key], inner, emit);
      emit(i + 1 < keys.length ? ',\n' : '\n');
    });
    return emit(`${indent}}`);
  }
  emit(stringified(value, indent));
}
