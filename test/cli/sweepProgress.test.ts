import { describe, expect, it } from 'vitest';
import { fixture, passk } from '../helpers/runPassk.js';

describe('sweep --progress', () => {
  it('counts the grid points done on stderr even when it is no terminal; stdout stays the JSON', async () => {
    const run = await passk(
      'sweep',
      fixture('scenarios-cli/small.yaml'),
      '--vary',
      'policy.maxAttempts=1..3',
      '--replicates',
      '64',
      '--workers',
      '1',
      '--json',
      '--progress',
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('\rsweep: 1/3 points\rsweep: 2/3 points\rsweep: 3/3 points\n');
    expect(JSON.parse(run.stdout).points).toHaveLength(3);
  });
});
