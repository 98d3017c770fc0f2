import { formatPercent } from '../format/percent.js';
import { formatPoints } from '../format/points.js';
import type { GateDocument } from '../results/gateSchema.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultSection } from './resultSection.js';

/** `gate --json`: the verdict, then each requirement with its estimate and the one-sided bound that judged it. */
export function gateSection(result: GateDocument): ResultSection {
  const level = formatPercent(result.confidence);
  const value = (delta: boolean, x: number) => (delta ? formatPoints(x) : formatPercent(x));
  const against = result.baseline === null ? '' : ` against ${result.baseline}`;
  const verdict = result.verdict === 'pass' ? `PASS: all ${result.passed} met` : `FAIL: ${result.failed} of ${result.requirements.length} not met`;
  const body = html`<p class="lead">${result.file}${against}: <strong>${verdict}</strong>, each requirement judged by its one-sided ${level} confidence bound.</p>
${htmlTable(
  [
    { header: 'result', align: 'left' },
    { header: 'requirement', align: 'left' },
    { header: 'estimate' },
    { header: `${level} bound` },
    { header: 'bound from', align: 'left' },
  ],
  result.requirements.map((requirement) => [
    requirement.pass ? 'PASS' : 'FAIL',
    requirement.requirement.trim(),
    value(requirement.delta, requirement.value),
    `${requirement.side} ${value(requirement.delta, requirement.bound)}`,
    requirement.interval.method,
  ]),
  'Requirements',
)}`;
  return {
    title: `Gate: ${result.file}`,
    body,
    notes: [
      {
        label: 'Rule',
        text: 'a requirement passes when its one-sided confidence bound meets the threshold: the lower bound for ≥ and >, the upper for ≤ and <.',
      },
      {
        label: 'Estimand',
        text:
          result.estimand === 'population'
            ? 'the task population: which tasks were sampled and the trials (CI (tasks)).'
            : 'this benchmark: the same tasks rerun, only the trials random (CI (trials)).',
      },
      ...(result.design === null
        ? []
        : [
            {
              label: 'Design',
              text: `with no change this gate FAILs ${formatPercent(result.design.falseFail)} ± ${formatPercent(result.design.se)} of runs (${result.design.simulations} simulations; passk plan gate finds a margin, tasks or trials that lower it, docs/gates.md).`,
            },
          ]),
    ],
    scenario: null,
  };
}
