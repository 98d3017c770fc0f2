// Child process of bench/run.mjs: runs one scenario file through the engine with the CLI's runner at a
// given replicate count and prints one JSON line with this process's peak RSS (all threads).
// Usage: node bench/memoryProbe.mjs SCENARIO_FILE REPLICATES WORKERS
import { readScenarioFile } from '../packages/cli/dist/io/readScenarioFile.js';
import { resolveScenario, scenarioToInput } from '../packages/sim/dist/internal.js';
import { timeEngine } from './engine.mjs';

const [file, replicatesText, workersText] = process.argv.slice(2);
const replicates = Number(replicatesText);
const workers = Number(workersText);
const base = await readScenarioFile(file);
const scenario = resolveScenario({ ...scenarioToInput(base), run: { replicates } }, { source: file });
// This process's first and only run: no worker started before the timer.
const { seconds, summary } = await timeEngine(scenario, workers, { prestart: false });
process.stdout.write(
  `${JSON.stringify({ maxRssKB: process.resourceUsage().maxRSS, seconds, episodes: summary.episodes, replicates: summary.replicates.done, workers })}\n`,
);
