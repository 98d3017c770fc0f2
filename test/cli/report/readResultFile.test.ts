import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '@passk/sim/internal';
import { readResultFile } from '../../../packages/cli/src/report/readResultFile.js';
import { fixture, passk } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

// Result files for the report: the CLI's own --json output is accepted; anything else is one
// InputError naming the file (the rule is the contract of resultKinds.ts).
describe('readResultFile', () => {
  it('accepts what passk estimate / plan write with --json', async () => {
    const dir = tempDir('report-read');
    const file = join(dir, 'task.json');
    writeFileSync(file, (await passk('estimate', '--n', '30', '--c', '27', '--k', '8', '--json')).stdout);
    const input = await readResultFile(file);
    expect(input.source).toBe(file);
    expect(input.result.kind).toBe('passk.estimate.task');
  });

  const refused: Array<[string, RegExp]> = [
    ['report/unknown-kind.json', /unknown-kind\.json: must be a passk result with a known "kind" \(passk\.estimate\.task, .*\), got "passk\.chart"$/],
    // A shard and a results log are recognised before the schema check (io/fileKind.ts).
    ['report/shard.json', /shard\.json: this is a passk shard file, not a passk result: `passk merge \S+shard\.json …` combines the shards of a run$/],
    ['report/array.json', /array\.json: must be a passk result .*; found an array$/],
    ['report/truncated.json', /truncated\.json: must be a passk result \(written with --json\) in JSON, but it is not valid JSON$/],
    ['report/missing-rows.json', /missing-rows\.json: rows: must be as in a passk\.simulate document \(docs\/results\.md\): expected required property$/],
    ['report/malicious-results.csv', /malicious-results\.csv: this is a results log, not a passk result: `passk estimate /],
    ['report/no-such-file.json', /no-such-file\.json: must exist \(file not found\)$/],
    ['report', /report: must be a file, not a directory$/],
  ];
  it.each(refused)('%s → InputError naming the file', async (name, message) => {
    const error = await readResultFile(fixture(name)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(message);
  });
});
