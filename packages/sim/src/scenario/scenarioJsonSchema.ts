import type { Field, FormatNode, NumberNode, ObjectNode, TaggedNode, Variant } from './formatNodes.js';
import { SCENARIO_DEFS, SCENARIO_FORMAT } from './scenarioFormat.js';

/** A JSON Schema document or subschema (plain JSON data). */
export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * A JSON Schema (draft 2020-12) of the scenario FILE format, generated from its declaration
 * (scenarioFormat.ts), with descriptions and defaults, for editors to complete and check
 * scenario files (YAML via the YAML language server, JSON via `"$schema"`). It accepts the same
 * input forms as `resolveScenario`; rules a schema cannot state (batchSize ≤ maxAttempts,
 * tasks.count = number of fixed values, batchSize = maxAttempts in mode parallel, NaN) are only
 * checked by `resolveScenario`. Returns a fresh object.
 */
export function scenarioJsonSchema(): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'passk scenario',
    ...nodeSchema(SCENARIO_FORMAT),
    $defs: Object.fromEntries(Object.entries(SCENARIO_DEFS).map(([name, node]) => [name, nodeSchema(node)])),
  };
}

function nodeSchema(node: FormatNode): JsonSchema {
  switch (node.type) {
    case 'ref':
      return { $ref: `#/$defs/${node.name}` };
    case 'number':
      return numberSchema(node);
    case 'string':
      return { type: node.nullable ? ['string', 'null'] : 'string', ...(node.minLength === undefined ? {} : { minLength: node.minLength }) };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { enum: [...node.values] };
    case 'seed':
      return {
        oneOf: [
          { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
          { type: 'string', minLength: 1 },
        ],
      };
    case 'list':
      return { type: 'array', minItems: 1, items: nodeSchema(node.item) };
    case 'object':
      return objectSchema(node);
    case 'tagged':
      return taggedSchema(node);
  }
}

function numberSchema(node: NumberNode): JsonSchema {
  const type = node.integer ? 'integer' : 'number';
  return {
    type: node.nullable ? [type, 'null'] : type,
    ...(node.min === undefined ? {} : node.minExclusive ? { exclusiveMinimum: node.min } : { minimum: node.min }),
    ...(node.max === undefined ? {} : node.maxExclusive ? { exclusiveMaximum: node.max } : { maximum: node.max }),
  };
}

function fieldSchema(field: Field): JsonSchema {
  return { ...nodeSchema(field.node), description: field.doc, ...(field.default === undefined ? {} : { default: field.default }) };
}

function objectSchema(node: ObjectNode): JsonSchema {
  const required = Object.entries(node.fields)
    .filter(([, field]) => field.required === true)
    .map(([key]) => key);
  return {
    type: 'object',
    description: node.doc,
    additionalProperties: false,
    ...(required.length > 0 ? { required } : {}),
    properties: Object.fromEntries(Object.entries(node.fields).map(([key, field]) => [key, fieldSchema(field)])),
    ...(node.rules === undefined ? {} : { allOf: node.rules.map((rule) => ({ description: rule.doc, ...rule.schema })) }),
  };
}

function taggedSchema(node: TaggedNode): JsonSchema {
  const forms: JsonSchema[] = [];
  if (node.shorthand !== undefined) {
    forms.push({ ...numberSchema(node.shorthand.node), description: `Short for { ${node.tag}: ${node.shorthand.variant}, ${node.shorthand.key}: … }.` });
  }
  for (const [tag, variant] of Object.entries(node.variants)) {
    for (const keys of variant.forms ?? [Object.keys(variant.fields)]) forms.push(variantSchema(node, tag, variant, keys));
  }
  return { description: `${node.doc} ${node.tag}: ${Object.keys(node.variants).join(', ')}.`, oneOf: forms };
}

/** One form of a variant: exactly the common keys, the tag and `keys` (required unless they have a default). */
function variantSchema(node: TaggedNode, tag: string, variant: Variant, keys: readonly string[]): JsonSchema {
  const common = Object.entries(node.common ?? {});
  const own = keys.map((key) => [key, variant.fields[key]!] as const);
  const required = [
    ...common.filter(([, field]) => field.default === undefined).map(([key]) => key),
    node.tag,
    ...own.filter(([, field]) => field.default === undefined).map(([key]) => key),
  ];
  return {
    type: 'object',
    description: variant.doc,
    additionalProperties: false,
    required,
    properties: {
      ...Object.fromEntries(common.map(([key, field]) => [key, fieldSchema(field)])),
      [node.tag]: { const: tag },
      ...Object.fromEntries(own.map(([key, field]) => [key, fieldSchema(field)])),
    },
  };
}
