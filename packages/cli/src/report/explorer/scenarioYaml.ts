/**
 * A scenario (plain JSON data) as YAML block text for `passk simulate FILE`: mappings and sequences
 * in block style, numbers as JavaScript prints them, strings double-quoted (JSON escapes are valid
 * YAML double-quoted scalars), empty collections as {} and []. Small enough for the page script,
 * where the CLI's YAML library is not bundled; the CLI reads the text back with its scenario reader.
 */
export function scenarioYaml(value: unknown, header: readonly string[] = []): string {
  const lines = header.map((line) => `# ${line}`);
  emit(value, 0, lines);
  return `${lines.join('\n')}\n`;
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : value > 0 ? '.inf' : value < 0 ? '-.inf' : '.nan';
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(String(value));
}

function isCollection(value: unknown): value is Record<string, unknown> | unknown[] {
  return value !== null && typeof value === 'object' && (Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0);
}

function emit(value: unknown, indent: number, lines: string[]): void {
  const pad = ' '.repeat(indent);
  if (Array.isArray(value)) {
    for (const item of value) {
      if (!isCollection(item)) {
        lines.push(`${pad}- ${emptyOrScalar(item)}`);
        continue;
      }
      // "- " then the item's first line on the same line, the rest indented under it.
      const inner: string[] = [];
      emit(item, indent + 2, inner);
      lines.push(`${pad}- ${inner[0]!.slice(indent + 2)}`, ...inner.slice(1));
    }
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item === undefined) continue;
      const name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? key : JSON.stringify(key);
      if (isCollection(item)) {
        lines.push(`${pad}${name}:`);
        emit(item, indent + 2, lines);
      } else lines.push(`${pad}${name}: ${emptyOrScalar(item)}`);
    }
    return;
  }
  lines.push(`${pad}${scalar(value)}`);
}

function emptyOrScalar(value: unknown): string {
  if (Array.isArray(value)) return '[]';
  if (value !== null && typeof value === 'object') return '{}';
  return scalar(value);
}
