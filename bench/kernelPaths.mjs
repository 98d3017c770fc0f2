import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readScenarioFile } from '../packages/cli/dist/io/readScenarioFile.js';
import { resolveScenario, scenarioToInput, simulatePartial, summarise } from '../packages/sim/dist/internal.js';

/**
 * The `rounds` entry: what-ifs no fast path takes, off the `budget` scenario (same tasks, markov
 * retries, verifier, lognormal costs), simulated by the episode kernel (`rounds`,
 * EpisodeKernelRunner) and by the general episode (`forceGeneral`, the executable definition) on
 * the same stream. Both must simulate the same episodes: the counts are compared exactly.
 */
export const KERNEL_WHAT_IFS = [
  { name: 'batches of 2, cost budget', change: (input) => ({ ...input, policy: { ...input.policy, mode: 'batches', batchSize: 2 } }) },
  {
    name: 'parallel 8, bestScore ≥ 0.5',
    change: (input) => ({
      ...input,
      selector: { kind: 'bestScore', separation: 1, threshold: 0.5 },
      policy: { ...parallel(input.policy), budget: { cost: null, latency: null, mode: 'soft' } },
    }),
  },
  {
    name: 'parallel 8, majorityVote, cost budget',
    change: (input) => ({ ...input, selector: { kind: 'majorityVote', distinctWrong: 3, concentration: 1 }, policy: parallel(input.policy) }),
  },
];

/** The policy in mode parallel (one round of maxAttempts: no batchSize). */
function parallel(policy) {
  const { batchSize: _, ...rest } = policy;
  return { ...rest, mode: 'parallel' };
}

/** Replicates per what-if (T = 1000 tasks: 5·10^5 episodes per run). */
const REPLICATES = 500;
/** Untimed runs of each path first: the kernel is large, and V8 compiles it more than once before it is stable. */
const WARM_UP_RUNS = 2;

/** Summary rows compared exactly between the two paths (sums of the same integers). */
const COUNTS = ['coverage', 'passHatK', 'deliveredCorrect', 'deliveredWrong', 'abstained', 'attempts'];

/**
 * Each what-if in a child process of its own, as one `passk simulate` meets its kernel: the kernel
 * is made once per combination of features, and V8 specialises only a process's first one
 * (`KernelsByFeatures`), so the what-ifs run one after another in one process would time the later
 * ones on generic code.
 */
export async function timeKernelPaths(budgetFile, runs) {
  const results = [];
  for (let index = 0; index < KERNEL_WHAT_IFS.length; index++) {
    const { stdout } = await promisify(execFile)(process.execPath, [fileURLToPath(import.meta.url), budgetFile, String(index), String(runs)], {
      maxBuffer: 1 << 20,
    });
    results.push(JSON.parse(stdout));
  }
  return results;
}

/**
 * One what-if on one thread (simulatePartial + summarise), the kernel and the general path
 * alternating, WARM_UP_RUNS untimed runs of each first (JIT), then the best of `runs`.
 */
async function timeWhatIf(budgetFile, index, runs) {
  const base = scenarioToInput(await readScenarioFile(budgetFile));
  const { name, change } = KERNEL_WHAT_IFS[index];
  const scenario = resolveScenario({ ...change(base), run: { ...base.run, replicates: REPLICATES } });
  const best = { kernel: Infinity, general: Infinity };
  const summaries = {};
  for (let run = 0; run < WARM_UP_RUNS + runs; run++) {
    for (const path of ['kernel', 'general']) {
      const start = performance.now();
      const summary = summarise(scenario, simulatePartial(scenario, { forceGeneral: path === 'general' }));
      const seconds = (performance.now() - start) / 1000;
      if (run >= WARM_UP_RUNS) best[path] = Math.min(best[path], seconds);
      summaries[path] = summary;
    }
  }
  const episodes = scenario.tasks.count * REPLICATES;
  const same = COUNTS.every((metric) => summaries.kernel.rows.every((row, i) => row[metric].value === summaries.general.rows[i][metric].value));
  return {
    name,
    path: summaries.kernel.path,
    episodes,
    kernelSeconds: best.kernel,
    generalSeconds: best.general,
    speedup: best.general / best.kernel,
    sameCounts: same,
  };
}

// As a child process (timeKernelPaths): node bench/kernelPaths.mjs BUDGET_FILE INDEX RUNS, prints the result as JSON.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, index, runs] = process.argv.slice(2);
  process.stdout.write(`${JSON.stringify(await timeWhatIf(file, Number(index), Number(runs)))}\n`);
}
