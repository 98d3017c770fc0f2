import { requireKs, requireObject } from '../checkArgs.js';
import { fitDependence } from '../dependence/fitDependence.js';
import { predictDependentPassAtK } from '../dependence/predictDependentPassAtK.js';
import { DEFAULT_PERMUTATIONS } from '../dependence/episodePermutationTest.js';
import type { DependenceFit, EpisodeStopping, TaskEpisodes } from '../dependence/types.js';
import { proportionInterval } from '../intervals/proportionInterval.js';
import type { Seed } from '../rng/streams.js';

/**
 * The defaults of `measureDependence` (and of the dependence part of `passk fit`): 95 % intervals,
 * seed "1" and 9 999 Monte Carlo permutations of the independence test.
 *
 * @category Dependence
 */
export const DEPENDENCE_DEFAULTS = Object.freeze({
  confidence: 0.95,
  seed: '1' as Seed,
  permutations: DEFAULT_PERMUTATIONS,
});

/**
 * Options of `measureDependence`.
 *
 * @category Dependence
 */
export interface MeasureDependenceOptions {
  /** 'fixed': every planned attempt ran; 'untilSuccess': an episode stops at its first success. */
  readonly stopping: EpisodeStopping;
  /** Interval level (default 0.95). */
  readonly confidence?: number;
  /** Seed of the permutation test (default "1"). */
  readonly seed?: Seed;
  /** Permutations of the independence test (default 9 999). */
  readonly permutations?: number;
  /** ks of the model-based pass@k table beyond 1..the longest episode (default: up to twice the longest). */
  readonly ks?: readonly number[];
}

/** How fitDependence's parameter intervals are made (dependence/profileInterval.ts). */
const PARAMETER_INTERVAL_METHOD = 'profile likelihood';

/**
 * The ks of the model-based pass@k table: 1..the longest episode, then the ks asked for, by default
 * up to twice the longest episode.
 */
export function dependenceKs(maxLength: number, asked: readonly number[] | undefined): number[] {
  const ks = new Set<number>();
  for (let k = 1; k <= maxLength; k++) ks.add(k);
  if (asked === undefined) for (let k = maxLength + 1; k <= 2 * maxLength; k++) ks.add(k);
  else for (const k of asked) ks.add(k);
  return [...ks].sort((a, b) => a - b);
}

/**
 * How the attempts of one episode depend on each other (retry dependence, docs/dependence.md), as
 * `passk fit --episode-col … --attempt-col …` measures it: a test of independence, four models
 * (independent, exchangeable, markov, feedback) fitted by maximum likelihood and chosen by AIC, the
 * observed success by attempt after earlier failures (Clopper–Pearson) and each model's pass@k and
 * pass^k.
 *
 * @category Dependence
 * @param tasks - Per task, its episodes: each a list of attempt outcomes in order.
 * @param options - stopping, confidence, seed, permutations, ks (`DEPENDENCE_DEFAULTS`).
 * @returns The measurement (the `dependence` of `passk fit --json` without where it was read from) and the library's fit.
 * @example
 * ```ts
 * import { measureDependence } from '@passk/sim';
 * const tasks = Array.from({ length: 30 }, (_, i) => ({ episodes: [i % 3 === 0 ? [true] : i % 3 === 1 ? [false, true] : [false, false]] }));
 * const { measured } = measureDependence(tasks, { stopping: 'untilSuccess', permutations: 99 });
 * console.log(measured.episodes); // → 30
 * ```
 */
export function measureDependence(tasks: readonly TaskEpisodes[], options: MeasureDependenceOptions) {
  requireObject('options', options);
  if (options.ks !== undefined) requireKs('ks', options.ks);
  const confidence = options.confidence ?? DEPENDENCE_DEFAULTS.confidence;
  const seed = options.seed ?? DEPENDENCE_DEFAULTS.seed;
  const fit = fitDependence(tasks, {
    stopping: options.stopping,
    confidence,
    seed,
    ...(options.permutations === undefined ? {} : { permutations: options.permutations }),
  });
  return { measured: dependenceMeasure(fit, seed, options.ks), fit };
}

/** What `measureDependence` returns. @category Dependence */
export type MeasuredRetryDependence = ReturnType<typeof measureDependence>;

/** The document body of a dependence fit: each interval in the one shape, the observed hazard with its interval, the predictions per k. */
export function dependenceMeasure(fit: DependenceFit, seed: Seed, asked: readonly number[] | undefined) {
  const ks = dependenceKs(fit.maxLength, asked);
  const byModel = fit.models.map((model) => ({ model: model.model, rows: predictDependentPassAtK(fit, model.model, ks) }));
  return {
    stopping: fit.stopping,
    seed,
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
