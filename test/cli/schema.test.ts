import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { InputError, resolveScenario } from '@passk/sim/internal';
import { fixture, passk, REPO_ROOT } from '../helpers/runPassk.js';
import { parseYaml } from '../sim/scenario/scenarioFixtures.js';

// `passk schema`: the JSON Schema of scenario files. Checked against the CLI's own reader (the keys
// it accepts) and with ajv (draft 2020-12) against every scenario file in the repository.
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

  it('ajv (draft 2020-12, strict) accepts every scenario file of the repo and rejects every invalid fixture, as the resolver does', async () => {
    const validate = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true }).compile(JSON.parse(await schemaText()));
    // Every YAML file with a policy (the scenarios: examples, bench, fixtures) and the JSON scenario fixtures.
    const files = [...walk(`${REPO_ROOT}examples`), ...walk(`${REPO_ROOT}bench`), ...walk(`${REPO_ROOT}test/fixtures`)]
      .filter((path) => /\.ya?ml$/.test(path) && /^policy:/m.test(readFileSync(path, 'utf8')))
      .concat(
        readdirSync(fixture('scenarios'))
          .filter((name) => name.endsWith('.json'))
          .map((name) => fixture(`scenarios/${name}`)),
      )
      .filter((path) => !path.endsWith('bad-syntax.yaml')); // not YAML at all (the reader's own test)
    const invalid = files.filter((path) => /\/bad-[^/]+$/.test(path));
    const valid = files.filter((path) => !invalid.includes(path));
    expect(valid.length).toBeGreaterThan(20);
    expect(invalid.length).toBeGreaterThanOrEqual(7);
    const verdicts = (paths: string[]) =>
      Object.fromEntries(
        paths.map((path) => {
          const text = readFileSync(path, 'utf8');
          const value = path.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
          let resolved = true;
          try {
            resolveScenario(value);
          } catch (error) {
            if (!(error instanceof InputError)) throw error;
            resolved = false;
          }
          return [path.slice(REPO_ROOT.length), { ajv: validate(value), resolver: resolved }];
        }),
      );
    const all = (paths: string[], verdict: boolean) =>
      Object.fromEntries(paths.map((path) => [path.slice(REPO_ROOT.length), { ajv: verdict, resolver: verdict }]));
    expect(verdicts(valid)).toEqual(all(valid, true));
    expect(verdicts(invalid)).toEqual(all(invalid, false));
  });
});

/** Every file under `dir`, recursively. */
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
}
