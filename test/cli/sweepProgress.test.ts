import { describe, expect, it } from 'vitest';
import { fixture, passk } from '../helpers/runPassk.js';

describe('sweep --progress', () => {
  it('counts the replicates done over every grid point on stderr even when it is no terminal; stdout stays the JSON', async () => {
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
    // 3 points × 64 replicates; one line for each tenth reached (progressReporter off a terminal), the last at 100 %.
    const lines = run.stderr.trimEnd().split('\n');
    for (const line of lines) expect(line).toMatch(/^sweep: \d+% \(\d+\/192 replicates, all points\)$/);
    expect(lines.at(-1)).toBe('sweep: 100% (192/192 replicates, all points)');
    expect(JSON.parse(run.stdout).points).toHaveLength(3);
  });
});
