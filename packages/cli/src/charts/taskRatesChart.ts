import { basename } from 'node:path';
import { benchmarkTasks, InputError, resolveScenario, scenarioToInput, type Scenario } from '@passk/sim/internal';
import { formatPercent } from '../format/percent.js';
import { RESULT_KINDS } from '../format/resultKinds.js';
import type { ChartSpec } from './chartSpec.js';
import type { EstimateFileDocument } from '../results/estimateFileSchema.js';
import type { SimulateDocument } from '../results/simulateSchema.js';
import { simulationName } from './simulationName.js';
import type { Channel, Layer } from './vegaLiteTypes.js';
import { ANNOTATION_GREY, CHART_HEIGHT, CHART_WIDTH, OKABE_ITO, PERCENT_FORMAT, themedSpec } from './theme.js';

interface TaskRate {
  readonly task: string;
  readonly rate: number;
  /** Trials of the task (observed rates only). */
  readonly n?: number;
}

interface Rates {
  readonly title: string;
  readonly axis: string;
  /** "c/n" or "p". */
  readonly symbol: string;
  /** How to say that a task's rate is 0, 1, or neither ("never succeed", …). */
  readonly zero: string;
  readonly one: string;
  readonly neither: string;
  readonly tasks: readonly TaskRate[];
}

/** Width of a histogram bar: five points (0–5 %, …, 95–100 %; 100 % falls in the last bar). */
const BIN_STEP = 0.05;
/** Up to this many trials per task (all tasks alike), observed rates get one bar per value c/n. */
const MAX_DISCRETE_N = 20;

/** One drawn bar or spike: the tasks with rates in [from, to) (a spike or a value bar: from = to = rate). */
interface RateBar {
  readonly from: number;
  readonly to: number;
  readonly rate: number;
  readonly tasks: number;
  readonly label: string;
}

/**
 * How single-attempt success rates spread over tasks: the observed c/n of each task of a results
 * file, or the benchmark's drawn rates p_t of a simulation. The spread, not the mean, is what
 * separates pass^k from (mean p)^k. Observed rates with few trials per task (the same n ≤ 20 for
 * every task) take only the values 0, 1/n, …, 1: one bar per value. Otherwise a histogram of 5-point
 * bins, except that rates shared by several tasks exactly (point masses such as "never solved",
 * p = 0, and "always", p = 1) are drawn as spikes at their value, not hidden in an edge bin.
 */
export function taskRatesChart(result: EstimateFileDocument | SimulateDocument): ChartSpec {
  const rates = result.kind === RESULT_KINDS.estimateFile ? observedRates(result) : drawnRates(result);
  const count = rates.tasks.length;
  const mean = rates.tasks.reduce((sum, task) => sum + task.rate, 0) / count;
  const never = rates.tasks.filter((task) => task.rate === 0).length;
  const always = rates.tasks.filter((task) => task.rate === 1).length;
  const share = (n: number) => `${n} of ${count} tasks (${formatPercent(n / count)})`;
  const extremes = [...(never > 0 ? [`${share(never)} ${rates.zero}`] : []), ...(always > 0 ? [`${share(always)} ${rates.one}`] : [])];
  const power = rates.symbol.length > 1 ? `(${rates.symbol})^k` : `${rates.symbol}^k`;
  const { bins, values, spikes } = rateBars(rates);
  const drawing =
    values.length > 0
      ? `one bar per value of ${rates.symbol}`
      : spikes.length > 0
        ? 'bars of 5 points; spikes: rates shared by several tasks exactly'
        : 'bars of 5 points';
  const caption = `${extremes.length === 0 ? `Every task ${rates.neither}` : extremes.join(' and ')}; mean ${rates.symbol} ${formatPercent(mean)}. pass^k averages each task's ${power} over this spread, so it is not (mean ${rates.symbol})^k. Drawn: ${drawing}.`;
  const x = (field: string): Channel<'x'> => ({
    field,
    type: 'quantitative',
    title: rates.axis,
    scale: { domain: [0, 1], nice: false, padding: 8 },
    axis: { format: PERCENT_FORMAT },
  });
  const y: Channel<'y'> = { field: 'tasks', type: 'quantitative', title: 'tasks', scale: { domainMin: 0, padding: 0 }, axis: { tickMinStep: 1, format: 'd' } };
  const tooltip: Channel<'tooltip'> = [
    { field: 'label', type: 'nominal', title: rates.symbol },
    { field: 'tasks', type: 'quantitative', title: 'tasks' },
  ];
  const valueWidth = Math.max(3, Math.min(24, (0.6 * CHART_WIDTH) / Math.max(1, values.length)));
  const spec = themedSpec(rates.title, caption, {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    layer: [
      ...(bins.length === 0
        ? []
        : [
            {
              data: { values: bins.map((bar) => ({ ...bar })) },
              mark: { type: 'bar' as const, color: OKABE_ITO.blue, stroke: 'white', strokeWidth: 0.5 },
              encoding: { x: x('from'), x2: { field: 'to' }, y, y2: { datum: 0 }, tooltip },
            },
          ]),
      ...(values.length === 0
        ? []
        : [
            {
              data: { values: values.map((bar) => ({ ...bar })) },
              mark: { type: 'bar' as const, color: OKABE_ITO.blue, width: valueWidth },
              encoding: { x: x('rate'), y, tooltip },
            },
          ]),
      ...(spikes.length === 0
        ? []
        : [
            {
              data: { values: spikes.map((bar) => ({ ...bar })) },
              mark: { type: 'rule' as const, color: OKABE_ITO.blue, strokeWidth: 3 },
              encoding: { x: x('rate'), y: { field: 'zero', type: 'quantitative' }, y2: { field: 'tasks' }, tooltip },
              transform: [{ calculate: '0', as: 'zero' }],
            } satisfies Layer,
            {
              data: { values: spikes.map((bar) => ({ ...bar })) },
              mark: { type: 'point' as const, filled: true, color: OKABE_ITO.blue, size: 60 },
              encoding: { x: x('rate'), y, tooltip },
            },
          ]),
      {
        data: { values: [{ mean, label: `mean ${formatPercent(mean)}` }] },
        mark: { type: 'rule', strokeDash: [5, 3], strokeWidth: 1.5, color: OKABE_ITO.vermillion },
        encoding: { x: x('mean') },
      },
      {
        data: { values: [{ mean, label: `mean ${formatPercent(mean)}` }] },
        mark: { type: 'text', align: 'center', y: -5, baseline: 'bottom', color: ANNOTATION_GREY },
        encoding: { x: x('mean'), text: { field: 'label', type: 'nominal' } },
      },
    ],
  });
  return { kind: 'task-rates', title: rates.title, caption, spec };
}

/**
 * The bars of a chart of rates: `values` (one per value c/n) when every task has the same small
 * n; else `spikes` for rates several tasks share exactly and `bins` (5 points) for the rest.
 */
function rateBars(rates: Rates): { bins: RateBar[]; values: RateBar[]; spikes: RateBar[] } {
  const counts = new Map<number, number>();
  for (const task of rates.tasks) counts.set(task.rate, (counts.get(task.rate) ?? 0) + 1);
  const ns = new Set(rates.tasks.map((task) => task.n ?? null));
  const [n] = [...ns];
  if (ns.size === 1 && typeof n === 'number' && n <= MAX_DISCRETE_N) {
    const values = Array.from({ length: n + 1 }, (_, c) => ({ from: c / n, to: c / n, rate: c / n, tasks: counts.get(c / n) ?? 0, label: `${c}/${n}` }));
    return { bins: [], values, spikes: [] };
  }
  const spikes = [...counts]
    .filter(([, tasks]) => tasks > 1)
    .sort(([a], [b]) => a - b)
    .map(([rate, tasks]) => ({ from: rate, to: rate, rate, tasks, label: formatPercent(rate) }));
  const shared = new Set(spikes.map((spike) => spike.rate));
  const binCount = Math.round(1 / BIN_STEP);
  const inBin = new Array<number>(binCount).fill(0);
  for (const task of rates.tasks) if (!shared.has(task.rate)) inBin[Math.min(binCount - 1, Math.floor(task.rate / BIN_STEP + 1e-9))]! += 1;
  const bins = inBin.flatMap((tasks, i) => {
    if (tasks === 0) return [];
    const from = Number((i * BIN_STEP).toFixed(4));
    const to = Number(((i + 1) * BIN_STEP).toFixed(4));
    return [{ from, to, rate: (from + to) / 2, tasks, label: `${formatPercent(from, 0)}–${formatPercent(to, 0)}` }];
  });
  return { bins, values: [], spikes };
}

/** `estimate FILE`: each task's c/n. */
function observedRates(result: EstimateFileDocument): Rates {
  if (result.perTask === undefined) throw new InputError('--from', 'must have the per-task counts at perTask (estimate FILE --json writes them)');
  const tasks = result.perTask.map(({ task, n, c }) => ({ task, n, c, rate: n === 0 ? 0 : c / n }));
  return {
    title: `Per-task success rates of ${tasks.length} tasks in ${basename(result.source.file)}`,
    axis: 'observed success rate c/n of a task',
    symbol: 'c/n',
    zero: 'had no correct trial',
    one: 'had no failed trial',
    neither: 'had both correct and failed trials',
    tasks,
  };
}

/**
 * `simulate`: the benchmark's rates p_t as the engine draws them (`benchmarkTasks` of the resolved
 * scenario). With resample the engine draws fresh tasks every replicate; the chart then shows one
 * such draw of the scenario's distribution, not the tasks of a particular replicate.
 */
function drawnRates(result: SimulateDocument): Rates {
  const scenario = resultScenario(result);
  const tasks = Array.from(benchmarkTasks(scenario).successRate, (rate, t) => ({ task: `task ${t + 1}`, rate }));
  const title = scenario.tasks.resample
    ? `Success rates p of ${tasks.length} tasks drawn from the scenario (fresh tasks every replicate): ${simulationName(result)}`
    : `Success rates p of the ${tasks.length} tasks of the benchmark: ${simulationName(result)}`;
  return {
    title,
    axis: 'single-attempt success rate p of a task',
    symbol: 'p',
    zero: 'never succeed',
    one: 'always succeed',
    neither: 'succeeds sometimes',
    tasks,
  };
}

/**
 * The result's resolved scenario, resolved again: the result's schema checks only that it is an
 * object (its contract is the scenario declaration, docs/scenario.md); a damaged one is one InputError.
 */
function resultScenario(result: SimulateDocument): Scenario {
  try {
    return resolveScenario(scenarioToInput(result.scenario));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InputError('--from', `must have a valid resolved scenario at scenario (${reason})`);
  }
}
