// Every command's text output at 80 and 120 columns on real-sized inputs: no line wider than the
// terminal (counted in terminal columns by displayWidth, escape codes stripped), and the last line the
// command's verdict; the compact default one screen (at most 40 lines at 80 columns); with colour
// forced, the same text once the escape codes are stripped. Inputs: two generated runs of 80 tasks ×
// 5 trials with terminal-bench-like long task ids and run names (the size of the public
// terminal-bench logs, whose licence keeps them out of the repo), the repo's scenario fixtures, and
// the gate fixtures. The same on the public logs themselves (read in place, when ../shared is present)
// is in terminalWidth.slow.test.ts (the slow suite: `pnpm test:slow`).
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../packages/cli/src/cli.js';
import { displayWidth } from '../../../packages/cli/src/format/displayWidth.js';
import { type CliRun, fixture, REPO_ROOT, runInProcess } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

const dir = tempDir('terminal');

/** A run of 80 tasks × 5 trials: task t succeeds with probability rate(t), drawn by a fixed LCG. */
function writeRun(name: string, shift: number): string {
  let state = 12345 + shift;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const lines = ['task_id,trial,success'];
  for (let t = 0; t < 80; t++) {
    const rate = ((t * 37) % 80) / 80 + shift / 20;
    for (let trial = 0; trial < 5; trial++) lines.push(`configure-git-webserver-with-a-long-name-${t},${trial},${next() < rate ? 1 : 0}`);
  }
  const path = `${dir}/${name}.csv`;
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const A = writeRun('terminal-bench-orchestrator-claude-4-sonnet', 0);
const B = writeRun('terminal-bench-orchestrator-claude-4.1-opus', 2);
const SCENARIO = fixture('scenarios-cli/small.yaml');

/** Runs the CLI in-process as if stdout were a pipe with COLUMNS set (no colour). */
async function at(columns: number, ...args: string[]): Promise<CliRun> {
  return runInProcess({ COLUMNS: String(columns) }, args);
}

/** The compact default fits one screen: at most this many lines at 80 columns. */
const SCREEN = 40;

const CASES: ReadonlyArray<{ name: string; args: string[]; verdict: RegExp; code?: number }> = [
  { name: 'estimate counts', args: ['estimate', '--n', '30', '--c', '27', '--k', '1..8'], verdict: /^estimate: pass\^8 \S+ \[.*\], pass@8 / },
  { name: 'estimate --p', args: ['estimate', '--p', '0.9', '--k', '1,3,8'], verdict: /^estimate: p 90\.0%: pass@8 / },
  { name: 'estimate FILE', args: ['estimate', A], verdict: /^estimate: pass@1 \S+ \[\S+, \S+\] \(CI \(tasks\), 95%; 80 tasks\)$/ },
  { name: 'estimate FILE --bootstrap', args: ['estimate', A, '--bootstrap', '100'], verdict: /^estimate: pass@1 / },
  {
    name: 'compare',
    args: ['compare', A, B, '--bootstrap', '50', '--permutations', '200'],
    verdict: /^verdict: (B better|B worse|no clear difference|not conclusive) on pass\^5 \(/,
  },
  {
    name: 'compare three',
    args: ['compare', A, B, A, '--name', 'a', '--name', 'b', '--name', 'c', '--bootstrap', '0', '--permutations', '200'],
    verdict: /^verdict: 2 runs against A \(Holm\): /,
  },
  {
    name: 'gate',
    args: ['gate', fixture('gate/new.csv'), '--require', 'pass@1 >= 0.3', '--no-design-check'],
    verdict: /^(PASS 1\/1 requirement met|FAIL 1\/1 requirement failed: pass@1 >= 0\.3)$/,
    code: undefined,
  },
  { name: 'simulate', args: ['simulate', SCENARIO, '--workers', '1', '--replicates', '64'], verdict: /^simulate: delivered correct at k=\d+ \S+ ±\S+, wrong / },
  {
    name: 'sweep',
    args: ['sweep', SCENARIO, '--workers', '1', '--replicates', '32', '--vary', 'policy.maxAttempts=1..3'],
    verdict: /^sweep: best policy\.maxAttempts=\d → \d+\.\d\d% correct$/,
  },
  { name: 'fit', args: ['fit', A], verdict: /^fit: \S+ task population of 80 tasks \(ΔAIC / },
];

describe('text output at the width of the terminal, the verdict last', () => {
  for (const columns of [80, 120]) {
    for (const { name, args, verdict } of CASES) {
      it(`${name} at ${columns} columns`, async () => {
        const run = await at(columns, ...args);
        expect(run.code === 0 || run.code === 1, run.stderr).toBe(true);
        const lines = run.stdout.replace(/\n$/, '').split('\n');
        const wide = lines.filter((line) => displayWidth(line) > columns);
        expect(wide).toEqual([]);
        expect(lines[lines.length - 1]).toMatch(verdict);
        // One screen per comparison (compare three: two comparisons against A).
        if (columns === 80) expect(lines.length, run.stdout).toBeLessThanOrEqual(name === 'compare three' ? 2 * SCREEN : SCREEN);
        // No escape codes in a pipe.
        expect(run.stdout).not.toContain('\u001b[');
      }, 120_000);
    }
  }

  // plan's subcommands and verifier: the verdict `<command>: <answer>` last, on one line at 80 columns too.
  const MAIN = fixture('gate/main.csv');
  const NEW = fixture('gate/new.csv');
  const PLANS: ReadonlyArray<{ name: string; args: string[]; verdict: RegExp }> = [
    {
      name: 'plan demonstrate',
      args: ['plan', 'demonstrate', '--target', '0.9', '--k', '8', '--failures', '2'],
      verdict: /^plan demonstrate: 480 runs, ≤ 2 fail: pass\^8 ≥ 90\.0% at 95%, power 80% at \S+%$/,
    },
    {
      name: 'plan precision',
      args: ['plan', 'precision', '--metric', 'passHatK', '--k', '8', '--rate', '0.9', '--half-width', '0.1'],
      verdict: /^plan precision: 524 trials\/task: pass\^8 ± 10\.0% \(95% Wilson, assurance \S+%\)$/,
    },
    {
      name: 'plan precision --pilot',
      args: ['plan', 'precision', '--metric', 'passAtK', '--k', '1', '--pilot', MAIN, '--half-width', '0.05', '--simulations', '20'],
      verdict: /^plan precision: \d+ tasks × \d+ trials?: pass@1 ± 0\.05 \(assurance \S+% ±\S+\)$/,
    },
    {
      name: 'plan compare',
      // Trials 4 and 8 of the default 4, 8, 16, 32: the same lines and verdict (8 needs the fewest
      // attempts), without the two rows whose binomial sums cost the most.
      args: ['plan', 'compare', '--k', '4', '--mean', '0.6', '--delta', '0.05', '--simulations', '0', '--trials', '4,8'],
      verdict: /^plan compare: 316 tasks × 8 trials: Δ \+5\.0 pt on pass\^4 \(power 80\.0%, z-test\)$/,
    },
    {
      name: 'plan compare --pilot',
      // Two rows of trials instead of the default three (k, the pilot's 5, twice that): 1 (drawn from the
      // pilot's trials) and 6 (beyond them, from the posterior), the same lines laid out at two thirds of the CPU.
      // 2 simulations, not 4: the same lines (both rows then print an interval [a, b], the wider form of
      // that cell; at 4 one prints "< MC noise"), 0.3 s of CPU less per width.
      args: ['plan', 'compare', '--k', '1', '--metric', 'passAtK', '--pilot', MAIN, NEW, '--simulations', '2', '--power-draws', '2', '--trials', '1,6'],
      verdict: /^plan compare: \d+ tasks × \d+ trials? \(power \S+% ±\S+\)$/,
    },
    {
      name: 'plan audit',
      args: [
        'plan',
        'audit',
        '--tasks',
        '500',
        '--mean',
        '0.6',
        '--trials',
        '5',
        '--judge-false-accept',
        '0.3',
        '--judge-false-reject',
        '0.1',
        '--half-width',
        '0.03',
      ],
      verdict: /^plan audit: audit 455 of 500 tasks for pass@1 ± 3\.0% \(95% two-sided\)$/,
    },
    {
      name: 'plan gate',
      // 2 simulations, not 10: the same lines (the rates' ± then has two digits before the point, the
      // wider form), 0.5 s of CPU less per width.
      args: ['plan', 'gate', '--pilot', MAIN, '--require', 'delta(pass@1) >= -0.02', '--simulations', '2', '--no-search'],
      verdict: /^plan gate: false FAIL \S+% ± \S+ \(asked ≤ 5\.0%\)(: the design holds|; fix: margin \S+ pt)$/,
    },
    {
      name: 'verifier',
      args: [
        'verifier',
        fixture('verifier/tau2-retail-judges.jsonl'),
        '--verdict-col',
        'judge_verdict',
        '--success-col',
        'tau2_success',
        '--by',
        'judge_prompt_name',
        '--accept',
        'pass,satisfied,success,resolved',
        '--reject',
        'fail,unsatisfied,error,rejected',
      ],
      verdict: /^verifier: false accept \S+% \[\S+%, \S+%\], false reject \S+% \[\S+%, \S+%\]$/,
    },
  ];
  for (const columns of [80, 120]) {
    for (const { name, args, verdict } of PLANS) {
      it(`${name} at ${columns} columns: within the width, its verdict the last line`, async () => {
        const run = await at(columns, ...args);
        expect(run.code, run.stderr).toBe(0);
        const lines = run.stdout.replace(/\n$/, '').split('\n');
        expect(lines.filter((line) => displayWidth(line) > columns)).toEqual([]);
        if (columns === 80) expect(lines.length, run.stdout).toBeLessThanOrEqual(SCREEN);
        expect(lines.at(-2)).toBe('');
        expect(lines.at(-1)).toMatch(verdict);
        expect(run.stdout).toContain('method notes: add --explain');
      }, 120_000);
    }
  }

  it('plan and verifier verdicts carry the numbers of their --json document', async () => {
    const last = async (...args: string[]) => (await at(120, ...args)).stdout.trimEnd().split('\n').at(-1)!;
    const json = async (...args: string[]) => JSON.parse((await at(120, ...args, '--json')).stdout);
    const demonstrate = ['plan', 'demonstrate', '--target', '0.9', '--k', '8', '--failures', '1'];
    expect(await last(...demonstrate)).toContain(`: ${(await json(...demonstrate)).runs} runs, ≤ 1 fail:`);
    const compare = ['plan', 'compare', '--k', '2', '--mean', '0.5', '--delta', '0.1', '--simulations', '0'];
    const rows = (await json(...compare)).rows as Array<{ tasks: number; trials: number; attempts: number }>;
    const fewest = rows.reduce((a, b) => (b.attempts < a.attempts ? b : a));
    expect(await last(...compare)).toContain(`plan compare: ${fewest.tasks} tasks × ${fewest.trials} trials: `);
    const audit = [
      'plan',
      'audit',
      '--tasks',
      '300',
      '--mean',
      '0.5',
      '--trials',
      '3',
      '--judge-false-accept',
      '0.2',
      '--judge-false-reject',
      '0.1',
      '--half-width',
      '0.05',
    ];
    const plan = await json(...audit);
    expect(await last(...audit)).toBe(`plan audit: audit ${plan.audited} of 300 tasks for pass@1 ± 5.0% (95% two-sided)`);
    const verifier = [
      'verifier',
      '--verdicts',
      fixture('verifier/joined-verdicts.csv'),
      '--truth',
      fixture('verifier/joined-truth.csv'),
      '--trial-col',
      'trial',
      '--by',
      'model',
    ];
    const doc = await json(...verifier);
    // With --by the verdict reads the pooled row: 3 of 5 wrong attempts accepted.
    const rate = doc.pooled.falseAccept.rate as number;
    expect(rate).toBe(0.6);
    expect(await last(...verifier)).toMatch(new RegExp(`^verifier: false accept ${(100 * rate).toFixed(1)}% \\[`));
  }, 120_000);

  it('plan and verifier: the method notes with --explain, the verdict still last', async () => {
    const plain = await at(120, 'plan', 'demonstrate', '--target', '0.9', '--k', '8');
    expect(plain.stdout).not.toContain('Clopper–Pearson');
    const explained = await at(120, 'plan', 'demonstrate', '--target', '0.9', '--k', '8', '--explain');
    expect(explained.stdout).toContain('Exact binomial (Clopper–Pearson one-sided)');
    expect(explained.stdout.trimEnd().split('\n').at(-1)).toMatch(/^plan demonstrate: 228 runs, 0 fail: /);
  });
});

describe('compact and --wide', () => {
  it('estimate FILE: compact joins the value and CI (tasks); --wide keeps every column as before', async () => {
    const compact = await at(200, 'estimate', A);
    expect(compact.stdout).toMatch(/pass@k \[CI \(tasks\)\]/);
    expect(compact.stdout).not.toContain('CI (trials)');
    const wide = await at(200, 'estimate', A, '--wide');
    expect(wide.stdout).toMatch(/pass@k +CI \(tasks\) +CI \(trials\) +plug-in/);
  });

  it('--wide at 80 columns folds the table into one block per k, every column kept', async () => {
    const run = await at(80, 'estimate', A, '--wide');
    expect(run.stdout).toMatch(/^k 1\n  tasks 80  pass@k /m);
    expect(run.stdout.match(/CI \(trials\) \[/g)).toHaveLength(2 * 5);
    expect(run.stdout.split('\n').filter((line) => displayWidth(line) > 80)).toEqual([]);
  });

  it('the method notes only with --explain', async () => {
    const plain = await at(120, 'compare', A, B, '--bootstrap', '0', '--permutations', '200');
    expect(plain.stdout).not.toContain('Chen et al. 2021');
    expect(plain.stdout).toContain('method notes: add --explain');
    const explained = await at(120, 'compare', A, B, '--bootstrap', '0', '--permutations', '200', '--explain');
    expect(explained.stdout).toContain('Chen et al. 2021');
    expect(explained.stdout.trimEnd().split('\n').at(-1)).toMatch(/^verdict: /);
  });

  it("compare: the answer comes before the table; the runs read and the other metrics' sentences with --wide", async () => {
    const run = await at(120, 'compare', A, B, '--bootstrap', '0', '--permutations', '200');
    const answer = run.stdout.indexOf('answer:');
    expect(answer).toBeGreaterThanOrEqual(0);
    expect(answer).toBeLessThan(run.stdout.indexOf('k  metric'));
    expect(run.stdout).not.toContain('attempts over 80 tasks');
    expect(run.stdout).toMatch(/^2 more sections and every column: add --wide$/m);
    const wide = await at(120, 'compare', A, B, '--bootstrap', '0', '--permutations', '200', '--wide');
    expect(wide.stdout.indexOf('answer:')).toBeLessThan(wide.stdout.indexOf('k  metric'));
    expect(wide.stdout.indexOf('k  metric')).toBeLessThan(wide.stdout.indexOf('attempts over 80 tasks'));
    expect(wide.stdout.replace(/\n +/g, ' ')).toMatch(/ at mean success per attempt\b/);
    expect(wide.stdout).not.toContain('add --wide');
  });
});

describe('compare: what a gate would conclude', () => {
  it('one sentence after the answer: the one-sided gate delta(pass^K) >= 0 at the headline k, PASS or FAIL with its bound', async () => {
    const run = await at(120, 'compare', A, B, '--bootstrap', '0', '--permutations', '200');
    const json = await at(120, 'compare', A, B, '--bootstrap', '0', '--permutations', '200', '--json');
    const k = JSON.parse(json.stdout).comparisons[0].rows.at(-1).k as number;
    const gate = /^gate: +A gate `delta\(pass\^(\d+)\) >= 0` at 95% \(one-sided, as passk gate judges\) would (PASS|FAIL): its lower bound/m.exec(run.stdout);
    expect(gate, run.stdout).not.toBeNull();
    expect(Number(gate![1])).toBe(k);
    expect(run.stdout.indexOf('gate:')).toBeGreaterThan(run.stdout.indexOf('answer:'));
    expect(run.stdout.indexOf('gate:')).toBeLessThan(run.stdout.indexOf('k  metric'));
  }, 120_000);

  it('the same verdict passk gate gives on the pair', async () => {
    const run = await at(120, 'compare', A, B, '--bootstrap', '0', '--permutations', '200');
    const k = /delta\(pass\^(\d+)\)/.exec(run.stdout)![1];
    const said = /would (PASS|FAIL)/.exec(run.stdout)![1];
    const gate = await at(120, 'gate', B, '--baseline', A, '--require', `delta(pass^${k}) >= 0`, '--no-design-check');
    expect(gate.stdout.trimEnd().split('\n').at(-1)!.split(' ')[0]).toBe(said);
  }, 120_000);
});

describe('colour of the verdict line', () => {
  async function gate(env: Record<string, string>, tty: boolean): Promise<string> {
    let stdout = '';
    await runCli(['gate', fixture('gate/new.csv'), '--require', 'pass@1 >= 0.01', '--no-design-check'], {
      stdout: (text) => void (stdout += text),
      stderr: () => {},
      stderrIsTTY: false,
      stdoutIsTTY: tty,
      stdoutColumns: 100,
      cwd: REPO_ROOT,
      env,
    });
    return stdout;
  }

  it('a TTY gets PASS in green; a pipe none; FORCE_COLOR forces it; NO_COLOR turns it off', async () => {
    const green = '\u001b[32mPASS\u001b[0m 1/1 requirement met\n';
    expect((await gate({}, true)).endsWith(green)).toBe(true);
    expect(await gate({}, false)).not.toContain('\u001b[');
    expect((await gate({ FORCE_COLOR: '1' }, false)).endsWith(green)).toBe(true);
    expect(await gate({ NO_COLOR: '1' }, true)).not.toContain('\u001b[');
    expect(await gate({ NO_COLOR: '1', FORCE_COLOR: '1' }, false)).not.toContain('\u001b[');
  });

  it('FORCE_COLOR and NO_COLOR: the same text once the escape codes are stripped (compare, gate)', async () => {
    for (const args of [
      ['compare', A, B, '--bootstrap', '0', '--permutations', '200'],
      ['gate', B, '--baseline', A, '--require', 'delta(pass^5) >= 0', '--require', 'pass@1 >= 0.5', '--no-design-check'],
    ]) {
      const coloured = await runInProcess({ COLUMNS: '80', FORCE_COLOR: '1' }, args);
      const plain = await runInProcess({ COLUMNS: '80', NO_COLOR: '1', FORCE_COLOR: '1' }, args);
      expect(coloured.stdout).toContain('\u001b[');
      expect(plain.stdout).not.toContain('\u001b[');
      expect(coloured.stdout.replace(/\u001b\[\d+m/g, '')).toBe(plain.stdout);
    }
  }, 120_000);
});
