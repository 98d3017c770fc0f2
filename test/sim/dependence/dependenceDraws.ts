import { DEPENDENCE_MODELS } from '../../../packages/sim/src/dependence/dependenceModels.js';
import { episodeData } from '../../../packages/sim/src/dependence/episodeData.js';
import { fitDependenceModel } from '../../../packages/sim/src/dependence/fitDependenceModel.js';
import type { TaskEpisodes } from '../../../packages/sim/src/dependence/types.js';
import { beta } from '../../../packages/sim/src/distributions/beta.js';
import { drawOutcomes } from '../../../packages/sim/src/engine/drawOutcomes.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import type { AttemptCorrelation } from '../../../packages/sim/src/scenario/types.js';

// Episodes drawn by the engine for the fitDependence studies (fitDependence.test.ts and
// fitDependence.slow.test.ts).

export /** One episode per task of `length` attempts drawn by the engine (p ~ Beta(mean·s, (1 − mean)·s)), cut at the first success when untilSuccess. */
function drawn(correlation: AttemptCorrelation, tasks: number, length: number, untilSuccess: boolean, mean: number, s: number, stream: string): TaskEpisodes[] {
  const rng = streamRng(11, stream);
  const out = new Uint8Array(length + 1);
  return Array.from({ length: tasks }, () => {
    drawOutcomes(correlation, beta(rng, mean * s, (1 - mean) * s), length, rng, out);
    const episode = Array.from(out.subarray(1), (x) => x === 1);
    const first = episode.indexOf(true);
    return { episodes: [untilSuccess && first >= 0 ? episode.slice(0, first + 1) : episode] };
  });
}

/** The strong dependence of each model that the recovery check draws. */
export const STRONG: AttemptCorrelation[] = [
  { model: 'exchangeable', icc: 0.5 },
  { model: 'markov', stickiness: 0.6 },
  { model: 'feedback', afterFailure: 0.6 },
  { model: 'feedback', afterFailure: -0.6 },
];

/** The model AIC picks among the four fitted to 50 tasks × 4 episodes × 5 fixed attempts drawn with `truth`. */
export function chosenModel(truth: AttemptCorrelation): string {
  const rng = streamRng(12, JSON.stringify(truth));
  const out = new Uint8Array(6);
  const tasks = Array.from({ length: 50 }, () => {
    const p = beta(rng, 1.2, 1.8);
    return {
      episodes: Array.from({ length: 4 }, () => {
        drawOutcomes(truth, p, 5, rng, out);
        return Array.from(out.subarray(1), (x) => x === 1);
      }),
    };
  });
  const data = episodeData(tasks, 'fixed');
  const first = tasks.flatMap((t) => t.episodes).filter((e) => e[0]).length / 200;
  const fits = DEPENDENCE_MODELS.map((m) => fitDependenceModel(data, m, 0.95, first, 'none'));
  const chosen = fits.reduce((a, b) => (b.aic < a.aic ? b : a));
  return chosen.model;
}
