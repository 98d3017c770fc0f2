import { numberRange, type Field, type FormatNode } from './formatNodes.js';
import { deref, SCENARIO_FORMAT } from './scenarioFormat.js';

/**
 * docs/scenario.md, generated from the declaration (scenarioFormat.ts): every key with what it
 * holds, its default and its meaning, in file order; `pnpm docs:scenario` writes it and a test
 * checks that the committed file is this text.
 */
export function scenarioDocs(): string {
  const rows: string[] = [];
  const row = (path: string, value: string, fallback: string, meaning: string) =>
    rows.push(`| \`${path}\` | ${cell(value)} | ${cell(fallback)} | ${cell(meaning)} |`);

  // A named node met again (latency's amount after cost's) points to where its forms are listed.
  const listedAt = new Map<string, string>();
  const walk = (node: FormatNode, path: string): void => {
    if (node.type === 'ref') {
      const first = listedAt.get(node.name);
      if (first !== undefined) {
        row(`${path}.…`, '', '', `The same forms and keys as \`${first}\`.`);
        return;
      }
      listedAt.set(node.name, path);
    }
    const target = deref(node);
    if (target.type === 'object') {
      for (const [key, field] of Object.entries(target.fields)) {
        const child = path === '' ? key : `${path}.${key}`;
        row(child, nodeValueText(field.node), defaultOf(field), field.doc);
        walk(field.node, child);
      }
    } else if (target.type === 'list') {
      walk(target.item, `${path}[]`);
    } else if (target.type === 'tagged') {
      for (const [key, field] of Object.entries(target.common ?? {})) {
        row(`${path}.${key}`, nodeValueText(field.node), defaultOf(field), field.doc);
      }
      if (target.docsSameAs !== undefined) {
        const tags = Object.keys(target.variants).join(', ');
        row(
          `${path}.${target.tag}`,
          `one of ${tags}`,
          'required',
          `With its keys, inline: as \`${target.docsSameAs}\` (the same ${target.tag}s except fixed).`,
        );
        return;
      }
      if (target.shorthand !== undefined) {
        const { node: number, variant, key } = target.shorthand;
        row(path, numberRange(number), '', `A bare number: short for \`{ ${target.tag}: ${variant}, ${key}: … }\`.`);
      }
      for (const [tag, variant] of Object.entries(target.variants)) {
        const forms = variant.forms === undefined ? '' : ` Give ${variant.forms.map((keys) => keys.join(' and ')).join(', or ')}.`;
        row(`${path}.${target.tag}: ${tag}`, '', '', `${variant.doc}${forms}`);
        for (const [key, field] of Object.entries(variant.fields)) {
          row(`${path}.${key}`, `${nodeValueText(field.node)} (${target.tag} ${tag})`, defaultOf(field), field.doc);
          walk(field.node, `${path}.${key}`);
        }
      }
    }
  };
  walk(SCENARIO_FORMAT, '');

  const rules: string[] = [];
  const collectRules = (node: FormatNode, seen: Set<string>): void => {
    if (node.type === 'ref') {
      if (seen.has(node.name)) return;
      seen.add(node.name);
    }
    const target = deref(node);
    if (target.type === 'object') {
      for (const rule of target.rules ?? []) rules.push(`- ${rule.doc}`);
      for (const field of Object.values(target.fields)) collectRules(field.node, seen);
    }
  };
  collectRules(SCENARIO_FORMAT, new Set());

  return [
    '# Scenario file format',
    '',
    '<!-- Generated from packages/sim/src/scenario/scenarioFormat.ts by `pnpm docs:scenario`; do not edit by hand. -->',
    '',
    `${SCENARIO_FORMAT.doc} A scenario is YAML or JSON; \`passk schema\` prints its JSON Schema and`,
    '`resolveScenario` (in `@passk/sim`) checks it, naming the key path, the rule and the value of the',
    'first problem (`policy.maxAttempts: must be an integer ≥ 1, got 0`), and suggesting the nearest',
    'name for a misspelt key or value. Keys without a default are required (some under a',
    'condition). The model behind the keys: [design.md §3](design.md#3-the-scenario-model) and',
    '[engine-semantics.md](engine-semantics.md).',
    '',
    '| key | value | default | meaning |',
    '|---|---|---|---|',
    ...rows,
    '',
    '## Rules across keys',
    '',
    ...rules,
    '- A `fixed` success rate gives one rate per task: `tasks.count`, if given, must equal the number of values.',
    '- `policy.batchSize` is at most `policy.maxAttempts`.',
    '',
  ].join('\n');
}

function nodeValueText(node: FormatNode): string {
  const target = deref(node);
  switch (target.type) {
    case 'number':
      return `${numberRange(target)}${target.nullable ? ', or null' : ''}`;
    case 'string':
      return `text${target.nullable ? ', or null' : ''}`;
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of ${target.values.join(', ')}`;
    case 'seed':
      return 'an integer ≥ 0 or a non-empty text';
    case 'list':
      return `a non-empty list, each item ${nodeValueText(target.item)}`;
    case 'object':
      return 'an object';
    case 'tagged': {
      const tags = `an object with ${target.tag}: ${Object.keys(target.variants).join(' | ')}`;
      return target.shorthand === undefined ? tags : `a number or ${tags}`;
    }
  }
}

function defaultOf(field: Field): string {
  if (field.required === true) return 'required';
  if (typeof field.required === 'string') return `required ${field.required}${field.defaultDoc ? `; else ${field.defaultDoc}` : ''}`;
  if (field.default !== undefined) return `\`${flow(field.default)}\``;
  if (field.defaultDoc !== undefined) return field.defaultDoc;
  return deref(field.node).type === 'object' ? 'each key at its default' : '(none)';
}

/** A value in YAML flow style: `{ model: independent }`, `null`, `0.5`. */
function flow(value: unknown): string {
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([key, v]) => `${key}: ${flow(v)}`)
      .join(', ')} }`;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Text for a Markdown table cell (a | would end the cell). */
function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}
