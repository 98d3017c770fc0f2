// Shared by the scenario tests: reads test/fixtures/scenarios/*.yaml|json the way the CLI will
// (YAML through the `yaml` package, which is a dependency of packages/cli and is resolved from
// there, since test/ has no dependencies of its own).
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const requireFromCli = createRequire(new URL('../../../packages/cli/package.json', import.meta.url));
const yaml = requireFromCli('yaml') as { parse(text: string): unknown; stringify(value: unknown): string };
export const parseYaml = yaml.parse;
export const stringifyYaml = yaml.stringify;

const FIXTURE_DIR = new URL('../../fixtures/scenarios/', import.meta.url);

/** All fixture file names, sorted; `bad-*` ones are invalid on purpose. */
export function fixtureNames(): { valid: string[]; bad: string[] } {
  const names = readdirSync(FIXTURE_DIR)
    .filter((name) => /\.(ya?ml|json)$/.test(name))
    .sort();
  return { valid: names.filter((n) => !n.startsWith('bad-')), bad: names.filter((n) => n.startsWith('bad-')) };
}

/** A fixture parsed as the CLI will parse it (JSON.parse for .json, yaml for .yaml). */
export function readFixture(name: string): unknown {
  const text = readFileSync(new URL(name, FIXTURE_DIR), 'utf8');
  return name.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
}
