import { basename } from 'node:path';
import { benchmarkTasks, InputError, resolveScenario, scenarioToInput, type Scenario } from '@passk/sim';
import { formatPercent } from '../format/percent.js';
import { RESULT_KINDS } from '../format/resultKinds.js';
import type { ChartSpec } from './chartsFor.js';
import { isObject, listAt, numberAt, optionalStringAt, resultKindOf, valueAt } from './resultFields.js';
import { simulationName } from './simulationName.js';
import type { Bin } from './vegaLiteTypes.js';
import { ANNOTATION_GREY, CHART_HEIGHT, CHART_WIDTH, OKABE_ITO, PERCENT_FORMAT, themedSpec } from './theme.js';

interface TaskRate {
  readonly task: string;
  readonly rate: number;
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

/** Bars of five points: 0–5 %, …, 95–100 % (100 % falls in the last bar). */
function bin(): Bin {
  return { extent: [0, 1], step: 0.05 };
}

/**
 * How single-attempt success rates spread over tasks: the observed c/n of each task of a results
 * file, or the benchmark's drawn rates p_t of a simulation. The spread, not the mean, is what
 * separates pass^k from (mean p)^k.
 */
export function taskRatesChart(result: object): ChartSpec {
  const rates = resultKindOf(result) === RESULT_KINDS.estimateFile ? observedRates(result) : drawnRates(result);
  const count = rates.tasks.length;
  const mean = rates.tasks.reduce((sum, task) => sum + task.rate, 0) / count;
  const never = rates.tasks.filter((task) => task.rate === 0).length;
  const always = rates.tasks.filter((task) => task.rate === 1).length;
  const share = (n: number) => `${n} of ${count} tasks (${formatPercent(n / count)})`;
  const extremes = [...(never > 0 ? [`${share(never)} ${rates.zero}`] : []), ...(always > 0 ? [`${share(always)} ${rates.one}`] : [])];
  const power = rates.symbol.length > 1 ? `(${rates.symbol})^k` : `${rates.symbol}^k`;
  const caption =
    `${extremes.length === 0 ? `Every task ${rates.neither}` : extremes.join(' and ')}; mean ${rates.symbol} ${formatPercent(mean)}. pass^k averages each task's ${power} over this spread, so it is not (mean ${rates.symbol})^k.`;
  const spec = themedSpec(rates.title, caption, {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    layer: [
      {
        data: { values: rates.tasks.map((task) => ({ ...task })) },
        mark: { type: 'bar', color: OKABE_ITO.blue, stroke: 'white', strokeWidth: 0.5 },
        encoding: {
          x: { field: 'rate', type: 'quantitative', bin: bin(), title: rates.axis, axis: { format: PERCENT_FORMAT } },
          y: { aggregate: 'count', type: 'quantitative', title: 'tasks', axis: { tickMinStep: 1, format: 'd' } },
          tooltip: [
            { field: 'rate', type: 'quantitative', bin: bin(), title: rates.symbol, format: PERCENT_FORMAT },
            { aggregate: 'count', type: 'quantitative', title: 'tasks' },
          ],
        },
      },
      {
        data: { values: [{ mean, label: `mean ${formatPercent(mean)}` }] },
        mark: { type: 'rule', strokeDash: [5, 3], strokeWidth: 1.5, color: OKABE_ITO.vermillion },
        encoding: { x: { field: 'mean', type: 'quantitative' } },
      },
      {
        data: { values: [{ mean, label: `mean ${formatPercent(mean)}` }] },
        mark: { type: 'text', align: 'center', y: -5, baseline: 'bottom', color: ANNOTATION_GREY },
        encoding: { x: { field: 'mean', type: 'quantitative' }, text: { field: 'label', type: 'nominal' } },
      },
    ],
  });
  return { kind: 'task-rates', title: rates.title, caption, spec };
}

/** `estimate FILE`: each task's c/n. */
function observedRates(result: object): Rates {
  const tasks = listAt(result, ['perTask']).map((_, i) => {
    const n = numberAt(result, ['perTask', i, 'n']);
    const c = numberAt(result, ['perTask', i, 'c']);
    const task = valueAt(result, ['perTask', i, 'task']);
    return { task: String(task), n, c, rate: n === 0 ? 0 : c / n };
  });
  const file = optionalStringAt(result, ['source', 'file']);
  return {
    title: `Per-task success rates of ${tasks.length} tasks${file === null ? '' : ` in ${basename(file)}`}`,
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
function drawnRates(result: object): Rates {
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

/** The result's resolved scenario, validated again; a damaged one is one InputError. */
function resultScenario(result: object): Scenario {
  const scenario = valueAt(result, ['scenario']);
  if (!isObject(scenario) || !isObject(scenario.tasks)) {
    throw new InputError('--from', 'must have the resolved scenario at scenario', scenario ?? null);
  }
  try {
    return resolveScenario(scenarioToInput(scenario as unknown as Scenario));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InputError('--from', `must have a valid resolved scenario at scenario (${reason})`);
  }
}
