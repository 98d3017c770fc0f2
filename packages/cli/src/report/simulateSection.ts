import { formatPercent } from '../format/percent.js';
import { budgetTable, deliveryTable, pilotTable, processTable, spendTable } from '../format/summaryTables.js';
import { tasksFromNote, tasksFromTable } from '../format/tasksFromTable.js';
import { measuredDeliveryTable, measuredTasksLines, measuredVerifierLines, perfectVerifierTable } from '../format/summaryMeasured.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import type { ResultSection } from './resultSection.js';

/**
 * How a what-if's interval is built (`drawInterval`): for a rate with a closed form at each block's
 * draw, normal on the logit scale from the draws' logits; otherwise the value ± t·√(between-draw +
 * Monte Carlo variance), carried to the logit scale for a rate by the delta method.
 */
const INTERVAL_RULE =
  "an interval is normal on the logit scale for a rate: from the mean and variance of the draws' logits where a closed form exists, " +
  'else the value ± t·√(variance between draws + Monte Carlo variance) carried there by the delta method (the two variances split by a ' +
  'random-effects ANOVA of the blocks)';

/** `simulate --json` (or merge): what users get, what it costs, and, with a pilot, what the estimators would have said. */
export function simulateSection(result: ResultDocumentOf<'passk.simulate'>): ResultSection {
  const summary = result;
  const { scenario } = summary;
  const name = scenario.name ?? 'scenario';
  const partial = summary.complete ? '' : ` — PARTIAL: ${summary.replicates.done} of ${summary.replicates.requested} replicates`;
  const policy = scenario.policy;
  const pilotView = summary.pilot ? pilotTable(summary.pilot) : null;
  const observedView = summary.observed ? tasksFromTable(summary.observed, summary.rows) : null;
  // A measured verifier: its counts in the lead, then the answer with intervals and the judge beside a perfect one.
  const measuredLines = measuredVerifierLines(scenario);
  // Tasks fitted to a log (tasks.measured): what they rest on, and the answer with intervals; k* model-based.
  const tasksLines = measuredTasksLines(scenario);
  const measuredViews =
    measuredLines !== null
      ? [measuredDeliveryTable(summary.rows, tasksLines === null ? 'verifier' : 'both'), perfectVerifierTable(scenario, summary.rows)]
      : tasksLines !== null
        ? [measuredDeliveryTable(summary.rows, 'tasks')]
        : [];
  const body = html`<p class="lead">${name}: ${summary.tasks} tasks × ${summary.replicates.done} replicates = ${summary.episodes} episodes, seed ${String(summary.seed)}${partial}.
Policy ${policy.mode}${policy.mode === 'batches' ? ` of ${policy.batchSize}` : ''} with up to ${policy.maxAttempts} attempts, selector ${scenario.selector.kind}, retries ${scenario.attempts.correlation.model}, verifier ${scenario.verifier.perfect ? 'perfect' : measuredLines ? 'measured' : 'imperfect'}.${measuredLines ? `\n${measuredLines.join(' ')}` : ''}${tasksLines ? `\n${tasksLines.join(' ')}` : ''}</p>
${[...measuredViews, processTable(summary.rows), deliveryTable(summary.rows), spendTable(summary.rows), budgetTable(summary.rows, summary.scenario.policy.budget)].filter((table) => table !== null).map((table) => html`${htmlTable(table.columns, table.rows, table.title)}\n`)}${
  pilotView ? htmlTable(pilotView.columns, pilotView.rows, pilotView.title) : ''
}${observedView ? htmlTable(observedView.columns, observedView.rows, observedView.title) : ''}`;
  const notes = [
    {
      label: 'Method',
      text: `Monte Carlo (${summary.method}, ${summary.path} sampler): ${summary.replicates.done} replicates of ${summary.tasks} tasks; values are simulated ±1 SE over replicates.`,
    },
    { label: 'Exact', text: '"exact" is the closed form for the very tasks simulated; — where none exists.' },
    { label: 'Seed', text: `${String(summary.seed)} (the same seed gives the same numbers for any number of workers or shards)` },
  ];
  if (summary.pilot) {
    const pilot = summary.pilot;
    notes.push(
      {
        label: 'Pilot',
        text: `${pilot.trials} trials per task as ${pilot.design === 'separateEpisodes' ? 'separate runs' : 'the attempts of one episode'}, seed ${String(pilot.seed)}; mean rate ${formatPercent(pilot.meanRate)}.`,
      },
      {
        label: 'Pilot estimators',
        text: 'unbiased: per-task C-ratio estimators averaged (±1 SE over tasks); plug-in: (c/n)^k per task; from mean p: the pooled rate put into 1 − (1 − p)^k and p^k.',
      },
    );
  }
  if (summary.observed) notes.push({ label: 'The log', text: tasksFromNote(scenario).replaceAll('\n', ' ') });
  if (measuredLines) {
    notes.push({
      label: 'Measured verifier',
      text:
        'each block of 64 replicates simulates one draw of the false-accept and false-reject rates from Beta(x + ½, n − x + ½); ' +
        `${INTERVAL_RULE}; its coverage is measured in docs/verifiers.md. A perfect judge delivers a correct answer exactly when one of ` +
        "the first k attempts is correct: its column is the run's coverage@k.",
    });
  }
  if (tasksLines && scenario.tasks.measured?.episodes !== undefined) {
    notes.push({
      label: 'Fitted retry dependence',
      text:
        "each block of 64 replicates simulates the dependence model and task population refitted to a bootstrap resample of the log's " +
        `tasks, each with all its episodes (${scenario.tasks.measured.episodes.model === 'aic' ? 'the four models by maximum likelihood, the lowest AIC kept' : `${scenario.tasks.measured.episodes.model} by maximum likelihood`}); ` +
        `${INTERVAL_RULE}; k* beyond the longest episode of the log is ` +
        'model-based. Its coverage is measured in docs/what-ifs.md.',
    });
  } else if (tasksLines) {
    notes.push({
      label: 'Fitted tasks',
      text:
        "each block of 64 replicates simulates the task population refitted to a bootstrap resample of the log's tasks (both models by " +
        `maximum likelihood, the lower AIC kept); ${INTERVAL_RULE}; ` +
        'k* beyond the fewest trials of the log is model-based. Its coverage is measured in docs/what-ifs.md.',
    });
  }
  return { title: `Simulation: ${name}`, body, notes, scenario };
}
