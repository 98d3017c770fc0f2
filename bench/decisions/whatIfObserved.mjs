// The intervals a what-if takes from a log of episodes within the episode (observedEpisodeInterval,
// issue #41), measured alone: no simulation, so thousands of logs in seconds. Per run a log drawn
// from each dependent truth of whatIfCoverage.mjs (DEPENDENT_TRUTHS, T of each as there), and per
// k ≤ the episode length the log's interval of coverage@k, pass^k and delivered correct through the
// study's known verifier (fa 0.05, fr 0.1, sequential, abstain); the truth is the closed form under the
// true Beta and feedback (dependentTruthExact). Prints a Markdown table: coverage ± binomial SE, where
// the truth fell outside (below the interval / above it), mean half-width; a cell is counted below
// when more than 2 binomial SE under 95 %. A cell the log does not observe (pass^k, k ≥ 2, of a log
// that stops at the first success) is left out.
// Options: --runs N (default 2000), --seed S (default 2026), --dependent-tasks T,T (default 100,200).
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { streamRng } from '../../packages/sim/dist/internal.js';
import { observedEpisodeInterval } from '../../packages/sim/dist/uncertainty/observedEpisodeInterval.js';
import { DEPENDENT_TRUTHS, dependentTruthExact, drawDependentLog, episodesMeasurement } from './whatIfCoverage.mjs';

/** The study's known verifier on a sequential policy that abstains when nothing is accepted. */
const KNOWN_VERIFIER = { falseAccept: 0.05, falseReject: 0.1, onNoAccept: 'abstain' };

/** Per metric@k: covered, truth below / above the interval, summed half-width and the logs with an interval. */
export function observedCoverage({ truth, tasks, runs, seed }) {
  const known = DEPENDENT_TRUTHS[truth];
  const exact = dependentTruthExact(known, tasks, { maxAttempts: known.length });
  const rng = streamRng(seed, 'what-if-observed', truth, tasks);
  const tally = {};
  for (let run = 0; run < runs; run++) {
    const { episodes } = episodesMeasurement(drawDependentLog(rng, known, tasks), known.stopping, 'aic');
    for (const [metric, rate, verifier] of [
      ['coverage', 'coverage', null],
      ['passHatK', 'passHatK', null],
      ['deliveredCorrect', 'coverage', KNOWN_VERIFIER],
    ]) {
      for (let k = 1; k <= known.length; k++) {
        const interval = observedEpisodeInterval(episodes, k, rate, true, verifier);
        if (interval === null) continue;
        const t = exact[metric][k - 1];
        const cell = (tally[`${metric}@${k}`] ??= { covered: 0, below: 0, above: 0, width: 0, runs: 0 });
        cell.runs++;
        cell.width += (interval.upper - interval.lower) / 2;
        if (t < interval.lower) cell.below++;
        else if (t > interval.upper) cell.above++;
        else cell.covered++;
      }
    }
  }
  return tally;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '2000' },
      seed: { type: 'string', default: '2026' },
      'dependent-tasks': { type: 'string', default: '100,200' },
    },
  });
  const runs = Number(values.runs);
  const seed = Number(values.seed);
  const started = performance.now();
  const sizes = values['dependent-tasks'].split(',').map(Number);
  process.stdout.write(
    `what-if intervals from the log's episodes alone: ${runs} logs per truth, verifier fa ${KNOWN_VERIFIER.falseAccept} ` +
      `fr ${KNOWN_VERIFIER.falseReject} (sequential, abstain) for delivered correct; seed ${seed}\n\n`,
  );
  process.stdout.write('| truth | T | metric@k | coverage (± SE) | truth below / above | mean half-width |\n| --- | --- | --- | --- | --- | --- |\n');
  let cells = 0;
  let below = 0;
  for (const [i, truth] of Object.keys(DEPENDENT_TRUTHS).entries()) {
    const tally = observedCoverage({ truth, tasks: sizes[i], runs, seed });
    for (const [key, cell] of Object.entries(tally)) {
      const p = cell.covered / cell.runs;
      const se = Math.sqrt((p * (1 - p)) / cell.runs);
      cells++;
      if (p + 2 * Math.sqrt((0.95 * 0.05) / cell.runs) < 0.95) below++;
      process.stdout.write(
        `| ${truth} | ${sizes[i]} | ${key} | ${(100 * p).toFixed(1)} % ± ${(100 * se).toFixed(1)} | ${cell.below} / ${cell.above} | ` +
          `${((100 * cell.width) / cell.runs).toFixed(2)} pp |\n`,
      );
    }
  }
  process.stdout.write(
    `\n${cells} cells; below 95 % by more than 2 binomial SE of the nominal rate: ${below}; ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
}
