import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { runCli } from '../../packages/cli/src/cli.js';
import { readDockerfile, stagesOfBuild } from '../helpers/dockerfile.js';
import { fixture, passk, REPO_ROOT } from '../helpers/runPassk.js';

// examples/kubernetes/ cannot run on a cluster here, so it is checked three ways:
// 1. against the Kubernetes API schema: kubernetes-models (validators generated from the official
//    OpenAPI spec, compiled with ajv): types, required fields, enums;
// 2. for unknown fields (which kubectl's strict field validation rejects and the schema above lets
//    through): each manifest as a TypeScript object literal typed with kubernetes-types (generated
//    from the same spec), compiled by tsc, whose excess-property check names any unknown field;
// 3. by running each pod's command line through the CLI with the variables Kubernetes gives an
//    Indexed Job's pods (JOB_COMPLETION_INDEX 0..completions − 1), its paths mapped to a temporary
//    folder, then the merge Job's: the result must be the single run's, byte for byte;
// 4. against the image: every container runs `passk` (the CLI package's bin, which
//    examples/container/Dockerfile installs from the package) in that image, as its user.
const DIR = join(REPO_ROOT, 'examples/kubernetes');
const root = mkdtempSync(join(tmpdir(), 'passk-k8s-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; spec: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const manifests: Array<{ file: string; doc: Manifest }> = readdirSync(DIR)
  .filter((name) => name.endsWith('.yaml'))
  .sort()
  .flatMap((file) => parseAllDocuments(readFileSync(join(DIR, file), 'utf8')).map((doc) => ({ file, doc: doc.toJS() as Manifest })));
const MODELS = { 'batch/v1 Job': Job, 'v1 PersistentVolumeClaim': PersistentVolumeClaim } as const;
const TYPES = {
  'batch/v1 Job': ['Job', 'kubernetes-types/batch/v1'],
  'v1 PersistentVolumeClaim': ['PersistentVolumeClaim', 'kubernetes-types/core/v1'],
} as const;
const kindOf = (doc: Manifest) => `${doc.apiVersion} ${doc.kind}` as keyof typeof MODELS;

/** Validates a manifest against the Kubernetes schema; the validator's message, or null. */
function schemaError(doc: Manifest): string | null {
  const Model = MODELS[kindOf(doc)];
  if (Model === undefined) return `no schema for ${kindOf(doc)}`;
  try {
    new Model(doc as never).validate();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Compiles each set of manifests as typed object literals, one file per set, in one tsc program (one
 * start of tsc); each set's errors (tsc reports them per file), or '' when none.
 */
function unknownFieldErrors(sets: Readonly<Record<string, readonly Manifest[]>>): Record<string, string> {
  const dir = join(root, 'typed');
  mkdirSync(dir, { recursive: true });
  const names = Object.keys(sets);
  for (const name of names) {
    const lines = sets[name]!.map((doc, i) => {
      const [type, module] = TYPES[kindOf(doc)];
      return `import type { ${type} as T${i} } from '${module}';\nexport const doc${i}: T${i} = ${JSON.stringify(doc)};`;
    });
    writeFileSync(join(dir, `${name}.ts`), `${lines.join('\n')}\n`);
  }
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        types: [],
        paths: { 'kubernetes-types/*': [join(REPO_ROOT, 'node_modules/kubernetes-types/*')] },
      },
      files: names.map((name) => `${name}.ts`),
    }),
  );
  const run = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json'), '--pretty', 'false'], {
    encoding: 'utf8',
  });
  // Without --pretty each diagnostic is a line starting with its file's path, its continuation lines
  // indented; a line naming no set's file (tsc failing for another reason) goes to every set.
  const errors: Record<string, string> = Object.fromEntries(names.map((name) => [name, '']));
  let owners = names;
  for (const line of `${run.stdout}${run.stderr}`.split('\n').filter((line) => line !== '')) {
    if (!/^\s/.test(line)) owners = names.filter((name) => line.includes(`${name}.ts(`)).slice(0, 1);
    if (owners.length === 0) owners = names;
    for (const name of owners) errors[name] += `${line}\n`;
  }
  // tsc failing with nothing said fails every set.
  if (run.status !== 0 && names.every((name) => errors[name] === '')) for (const name of names) errors[name] = `tsc exited ${run.status}\n`;
  return errors;
}

const indexedJob = manifests.find(({ doc }) => doc.kind === 'Job' && doc.spec.completionMode === 'Indexed')!.doc;
const mergeJob = manifests.find(({ doc }) => doc.kind === 'Job' && doc !== indexedJob)!.doc;
const volume = manifests.find(({ doc }) => doc.kind === 'PersistentVolumeClaim')!.doc;

describe('examples/kubernetes', () => {
  it('has a volume claim, an Indexed Job and a merge Job', () => {
    expect(manifests.map(({ file, doc }) => `${file}: ${doc.kind} ${doc.metadata.name}`)).toEqual([
      'merge-job.yaml: Job passk-merge',
      'simulate-job.yaml: Job passk-simulate',
      'volume.yaml: PersistentVolumeClaim passk-results',
    ]);
  });

  it.each(manifests.map(({ file, doc }) => [file, doc] as const))('%s is valid against the Kubernetes schema', (_file, doc) => {
    expect(schemaError(doc)).toBeNull();
  });

  it('the schema check catches a wrong type, a wrong enum value and a missing required field', () => {
    expect(schemaError({ ...indexedJob, spec: { ...indexedJob.spec, completions: '16' } })).toMatch(/spec\/completions must be integer/);
    expect(schemaError({ ...indexedJob, spec: { ...indexedJob.spec, completionMode: 'Index' } })).toMatch(
      /spec\/completionMode must be equal to one of the allowed values/,
    );
    const { name: _name, ...nameless } = indexedJob.spec.template.spec.containers[0];
    expect(
      schemaError({ ...indexedJob, spec: { ...indexedJob.spec, template: { spec: { ...indexedJob.spec.template.spec, containers: [nameless] } } } }),
    ).toMatch(/containers\/0 must have required property name/);
  });

  it('no manifest has an unknown field; a misspelt one is caught', () => {
    const misspelt = { ...indexedJob, spec: { ...indexedJob.spec, completionsMode: 'Indexed' } };
    const errors = unknownFieldErrors({ examples: manifests.map(({ doc }) => doc), misspelt: [misspelt] });
    expect(errors.examples).toBe('');
    expect(errors.misspelt).toMatch(/'"completionsMode"' does not exist in type 'JobSpec'/);
  }, 30_000);

  it('the pieces fit: JOB_COMPLETIONS is spec.completions, both Jobs mount the claim, merge reads what the shards write', () => {
    const pod = indexedJob.spec.template.spec;
    const container = pod.containers[0];
    expect(pod.restartPolicy).toBe('Never');
    expect(container.env).toContainEqual({ name: 'JOB_COMPLETIONS', value: String(indexedJob.spec.completions) });
    expect(container.args.join(' ')).toContain('--shard auto');
    for (const job of [indexedJob, mergeJob]) {
      expect(job.spec.template.spec.volumes).toContainEqual({ name: 'results', persistentVolumeClaim: { claimName: volume.metadata.name } });
      expect(job.spec.template.spec.containers[0].command).toEqual(container.command);
    }
    const out = container.args[container.args.indexOf('--out') + 1];
    expect(mergeJob.spec.template.spec.containers[0].args[1]).toBe(out);
  });

  it("both Jobs run passk, the package's bin, in examples/container/Dockerfile's image (passk:VERSION), as its user node", () => {
    const cli = JSON.parse(readFileSync(join(REPO_ROOT, 'packages/cli/package.json'), 'utf8')) as { version: string; bin: Record<string, string> };
    const dockerfile = readDockerfile();
    const final = stagesOfBuild(dockerfile).at(-1)!;
    const entrypoint = JSON.parse(final.instructions.find((i) => i.keyword === 'ENTRYPOINT')!.args) as string[];
    expect(Object.keys(cli.bin)).toEqual(entrypoint);
    expect(readFileSync(join(REPO_ROOT, 'examples/container/Dockerfile'), 'utf8')).toContain(`docker build -t passk:${dockerfile.args.PASSK_VERSION} `);
    for (const job of [indexedJob, mergeJob]) {
      const pod = job.spec.template.spec;
      const container = pod.containers[0];
      expect(container.image).toBe(`passk:${cli.version}`);
      expect(container.command).toEqual(entrypoint);
      // The Dockerfile's USER node is uid 1000 in the node images; fsGroup lets it write to the volume.
      expect(pod.securityContext).toEqual({ runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000 });
    }
  });

  it("each pod's command line, then the merge Job's, give the single run's result byte for byte", async () => {
    const results = join(root, 'results');
    const map = (args: string[]) =>
      args.map((arg) => arg.replace('/scenario/scenario.yaml', fixture('scenarios-cli/small.yaml')).replace(/^\/results/, results));
    const env = indexedJob.spec.template.spec.containers[0].env as Array<{ name: string; value: string }>;
    for (let index = 0; index < indexedJob.spec.completions; index++) {
      let stderr = '';
      const code = await runCli(map(indexedJob.spec.template.spec.containers[0].args), {
        stdout: () => undefined,
        stderr: (text) => void (stderr += text),
        stderrIsTTY: false,
        cwd: REPO_ROOT,
        env: { JOB_COMPLETION_INDEX: String(index), ...Object.fromEntries(env.map(({ name, value }) => [name, value])) },
      });
      // --progress: the shard's episodes in the pod's log.
      expect(stderr).toMatch(new RegExp(`^shard ${index + 1}/16: \\d+% \\(\\d+/\\d+ episodes\\)\n`));
      expect(stderr).toMatch(new RegExp(`shard ${index + 1}/16: 100% \\((\\d+)/\\1 episodes\\)\n`));
      expect(code).toBe(0);
    }
    expect(readdirSync(join(results, 'parts'))).toHaveLength(16);
    const merged = await passk(...map(mergeJob.spec.template.spec.containers[0].args));
    expect(merged.code).toBe(0);
    expect(merged.stderr).toMatch(/^passk merge: 16 of 16 shards of a passk simulate run/);
    const single = await passk('simulate', fixture('scenarios-cli/small.yaml'), '--json', '--workers', '1');
    expect(readFileSync(join(results, 'result', 'summary.json'), 'utf8')).toBe(single.stdout);
  });
});
