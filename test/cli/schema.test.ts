import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture, passk, REPO_ROOT } from '../helpers/runPassk.js';

// `passk schema`: the JSON Schema of scenario files. Checked against the CLI's own reader (the keys
// it accepts) and, independently, with Python's jsonschema (its Draft 2020-12 validator).
interface JsonSchema {
  $schema: string;
  type: string;
  properties: Record<string, unknown>;
  $defs: Record<string, unknown>;
}

async function schemaText(): Promise<string> {
  const run = await passk('schema');
  expect(run.code).toBe(0);
  expect(run.stderr).toBe('');
  return run.stdout;
}

describe('passk schema', () => {
  it('prints JSON with $schema and properties for tasks, attempts, verifier, selector, policy, run', async () => {
    const schema = JSON.parse(await schemaText()) as JsonSchema;
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.type).toBe('object');
    for (const key of ['tasks', 'attempts', 'verifier', 'selector', 'policy', 'run']) expect(schema.properties).toHaveProperty(key);
    // Every $ref points into $defs and resolves.
    const refs = [...JSON.stringify(schema).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/\$defs\/[^/]+$/);
      expect(schema.$defs).toHaveProperty(ref.slice('#/$defs/'.length));
    }
  });

  it('its top-level properties are exactly the keys the scenario reader allows', async () => {
    const schema = JSON.parse(await schemaText()) as JsonSchema;
    // The reader lists the allowed keys when it meets an unknown one (bad-top-level-key.yaml: colour).
    const run = await passk('simulate', fixture('scenarios-cli/bad-top-level-key.yaml'), '--workers', '1');
    expect(run.code).toBe(2);
    const allowed = /colour: unknown key \(allowed: (.*)\)$/.exec(run.stderr.trimEnd())?.[1]?.split(', ');
    expect(allowed).toBeDefined();
    expect(Object.keys(schema.properties).sort()).toEqual(allowed!.sort());
  });

  it('is a valid Draft 2020-12 schema: accepts the valid fixtures, rejects the invalid ones (python jsonschema)', async () => {
    const text = await schemaText();
    // The scenario files are read by PyYAML, so nothing of passk's own reading is involved.
    const script = [
      'import json, sys, yaml',
      'from jsonschema import Draft202012Validator',
      'schema = json.loads(sys.stdin.read())',
      'Draft202012Validator.check_schema(schema)',
      'validator = Draft202012Validator(schema)',
      'print(json.dumps([validator.is_valid(yaml.safe_load(open(path))) for path in sys.argv[1:]]))',
    ].join('\n');
    // Valid: this file's fixtures, the other valid scenario fixtures and the examples. Invalid:
    // the bad-* files here whose error JSON Schema can express (bad-max-attempts: minimum 1;
    // bad-unknown-key, bad-top-level-key: additionalProperties false).
    const valid = [
      fixture('scenarios-cli/small.yaml'),
      fixture('scenarios-cli/general.yaml'),
      ...readdirSync(fixture('scenarios')).filter((name) => !name.startsWith('bad-')).map((name) => fixture(`scenarios/${name}`)),
      ...readdirSync(`${REPO_ROOT}examples`).filter((name) => name.endsWith('.yaml')).map((name) => `${REPO_ROOT}examples/${name}`),
    ];
    const invalid = ['bad-max-attempts', 'bad-unknown-key', 'bad-top-level-key'].map((name) => fixture(`scenarios-cli/${name}.yaml`));
    const result = spawnSync('python3', ['-c', script, ...valid, ...invalid], { input: text, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    const verdicts = JSON.parse(result.stdout) as boolean[];
    expect(valid.length).toBeGreaterThan(2);
    expect(Object.fromEntries([...valid, ...invalid].map((path, i) => [path.slice(REPO_ROOT.length), verdicts[i]]))).toEqual(
      Object.fromEntries([...valid.map((path) => [path.slice(REPO_ROOT.length), true]), ...invalid.map((path) => [path.slice(REPO_ROOT.length), false])]),
    );
  });
});
