import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PER_TASK_LIMIT } from '../../../packages/cli/src/report/estimateFileSection.js';
import { checkResultDocument as checkResult } from '../../../packages/cli/src/results/checkResultDocument.js';
import { sectionFor } from '../../../packages/cli/src/report/sectionFor.js';
import { buildReport } from '../../../packages/cli/src/report/buildReport.js';
import { passk } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

// Report sections built from the CLI's JSON; expected texts are the method the command used
// (its options) and hand counts.
async function result(...args: string[]) {
  const run = await passk(...args, '--json');
  expect(run.code, run.stderr).toBe(0);
  return checkResult(JSON.parse(run.stdout), args.join(' '));
}

const notes = (section: ReturnType<typeof sectionFor>) => Object.fromEntries(section.notes.map((note) => [note.label, String(note.text)]));

describe('report sections', () => {
  it('method notes say which interval, confidence and sidedness were used', async () => {
    const section = sectionFor(await result('estimate', '--n', '30', '--c', '27', '--k', '8', '--interval', 'jeffreys', '--confidence', '0.9', '--sides', '1'));
    expect(notes(section)).toMatchObject({
      Interval: 'Jeffreys interval for p, mapped through 1 − (1 − p)^k and p^k (both increasing in p).',
      Confidence: '90.0%',
      Sidedness: 'one-sided (lower bound)',
    });
    expect(section.body.text).toContain('90% one-sided (lower bound) Jeffreys interval');
  });

  it('a results file of many tasks lists the first PER_TASK_LIMIT of them and says so (hand count: 250 tasks)', async () => {
    const dir = tempDir('report-tasks');
    const file = join(dir, 'many.csv');
    const lines = ['task_id,success'];
    for (let t = 0; t < 250; t++) for (let i = 0; i < 4; i++) lines.push(`task-${t},${(t + i) % 3 === 0 ? 1 : 0}`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const section = sectionFor(await result('estimate', file, '--k', '1,4', '--bootstrap', '50'));
    expect(section.body.text).toContain(`(the first ${PER_TASK_LIMIT} of 250 tasks; all are in the JSON)`);
    expect(section.body.text.match(/<td class="text" data-label="task">task-\d+<\/td>/g)).toHaveLength(PER_TASK_LIMIT);
    expect(notes(section).Bootstrap).toMatch(/; 50 replicates, seed 1\.$/);
  });

  it('escapes the source name and the title of the page', async () => {
    const rate = await result('estimate', '--p', '0.9', '--k', '1,8');
    const page = await buildReport([{ source: 'runs/<img src=x onerror=alert(4)>.json', result: rate }], {
      title: '<script>alert(5)</script>',
      intro: 'a & b',
    });
    expect(page).not.toContain('<img');
    expect(page).toContain('<code>runs/&lt;img src=x onerror=alert(4)&gt;.json</code>');
    expect(page).toContain('<h1>&lt;script&gt;alert(5)&lt;/script&gt;</h1>');
    expect(page).toContain('a &amp; b');
    expect(page.match(/<script/g)).toHaveLength(1);
  });
});
