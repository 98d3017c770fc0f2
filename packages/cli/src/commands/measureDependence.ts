import { fitDependence, InputError, predictDependentPassAtK, proportionInterval, testRunOrderDrift, type DependenceFit } from '@passk/sim/internal';
import type { ReadEpisodes } from '../io/episodeCollector.js';
import type { TaskCounts } from '../io/readTaskCounts.js';
import type { DependenceDocument, DriftDocument } from '../results/dependenceSchema.js';

/** What `fit` measured of the attempts' order: the dependence within episodes, the drift with run order, or why neither. */
export interface MeasuredDependence {
  readonly dependence: DependenceDocument | null;
  readonly drift: DriftDocument | null;
  readonly note: string | null;
  /** The library's fit, for the scenario `--out` writes and `simulate --tasks-from`. */
  readonly fit: DependenceFit | null;
}

/** How fitDependence's parameter intervals are made (packages/sim/src/dependence/profileInterval.ts). */
const PARAMETER_INTERVAL_METHOD = 'profile likelihood';

/** Said of a log of separate runs (docs/design.md §1: its trials show the spread between tasks only). */
export const SEPARATE_RUNS_NOTE =
  'a log of separate runs (each trial its own episode) shows how tasks differ, not how the retries of one episode depend on each other: ' +
  'within-episode dependence cannot be measured from it (name the episodes with --episode-col and --attempt-col)';

/** The ks of the model-based pass@k table: 1..the longest episode, then the ks asked for (`--k`), by default up to twice the longest episode. */
export function dependenceKs(maxLength: number, asked: readonly number[] | undefined): number[] {
  const ks = new Set<number>();
  for (let k = 1; k <= maxLength; k++) ks.add(k);
  if (asked === undefined) for (let k = maxLength + 1; k <= 2 * maxLength; k++) ks.add(k);
  else for (const k of asked) ks.add(k);
  return [...ks].sort((a, b) => a - b);
}

/** The library's InputError about the episodes names the file (`tasks: …` → `FILE: …`). */
function naming<T>(file: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof InputError && (error.where === 'tasks' || error.where === 'episodes')) throw new InputError(file, error.rule, error.value);
    throw error;
  }
}

/**
 * Measures what the read's attempt order allows: with episodes, the independence test and the four
 * fitted models (fitDependence) with the observed success by attempt after earlier failures
 * (Clopper–Pearson at `confidence`) and each model's pass@k / pass^k (dependenceKs); with a run order, the
 * drift test; else the note that a log of separate runs cannot show within-episode dependence.
 */
export function measureDependence(
  counts: Pick<TaskCounts, 'attemptOrder'>,
  options: { confidence: number; seed: number | string; ks: readonly number[] | undefined; file: string },
): MeasuredDependence {
  const order = counts.attemptOrder;
  const episodes = order?.episodes;
  if (episodes !== undefined) {
    const fit = naming(options.file, () => fitDependence(episodes.tasks, { stopping: episodes.stopping, confidence: options.confidence, seed: options.seed }));
    return { dependence: dependenceDocument(episodes, fit, options), drift: null, note: null, fit };
  }
  const runOrder = order?.runOrder;
  if (runOrder !== undefined) {
    const test = naming(options.file, () => testRunOrderDrift(runOrder.trials, { seed: options.seed }));
    return { dependence: null, drift: { from: runOrder.from, test }, note: SEPARATE_RUNS_NOTE, fit: null };
  }
  const missing = order?.runOrderMissing === undefined ? '' : ` (no run order either: ${order.runOrderMissing})`;
  return { dependence: null, drift: null, note: `${SEPARATE_RUNS_NOTE}${missing}`, fit: null };
}

function dependenceDocument(
  episodes: ReadEpisodes,
  fit: DependenceFit,
  options: { confidence: number; seed: number | string; ks: readonly number[] | undefined },
): DependenceDocument {
  const ks = dependenceKs(fit.maxLength, options.ks);
  const byModel = fit.models.map((model) => ({ model: model.model, rows: predictDependentPassAtK(fit, model.model, ks) }));
  return {
    stopping: fit.stopping,
    stoppingFrom: episodes.stoppingFrom,
    from: episodes.from,
    seed: options.seed,
    confidence: fit.confidence,
    tasks: fit.tasks,
    episodes: fit.episodes,
    attempts: fit.attempts,
    maxLength: fit.maxLength,
    test: fit.test,
    testReason: fit.test === null ? (fit.testReason ?? 'no test applies') : null,
    models: fit.models.map((model) => ({
      model: model.model,
      // Each interval in the documents' one shape, {lower, upper, level, method}, beside its estimate.
      parameters: Object.fromEntries(
        Object.entries(model.parameters).map(([name, p]) => [
          name,
          { estimate: p.estimate, lower: p.lower, upper: p.upper, level: fit.confidence, method: PARAMETER_INTERVAL_METHOD },
        ]),
      ),
      correlation: { ...model.correlation },
      population: model.population,
      logLikelihood: model.logLikelihood,
      aic: model.aic,
      parametersCount: model.parametersCount,
      hazard: model.hazard,
    })),
    chosen: fit.chosen,
    evidence: fit.evidence,
    hazard: fit.hazard.map((row) => {
      if (row.atRisk === 0) return { ...row, observed: null, interval: null };
      const interval = proportionInterval(row.atRisk, row.successes, { method: 'clopper-pearson', confidence: fit.confidence, sides: 2 });
      return {
        ...row,
        observed: row.successes / row.atRisk,
        interval: { lower: interval.lower, upper: interval.upper, level: fit.confidence, method: 'clopper-pearson' },
      };
    }),
    predicted: ks.map((k, i) => ({
      k,
      passAtK: Object.fromEntries(byModel.map(({ model, rows }) => [model, rows[i]!.passAtK])),
      passHatK: Object.fromEntries(byModel.map(({ model, rows }) => [model, rows[i]!.passHatK])),
    })),
  };
}
