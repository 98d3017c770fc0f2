import { formatNumber, formatPercent } from '../../format/percent.js';
import { html, trustedHtml, type SafeHtml } from '../html.js';
import { encodeFragment, startState } from './explorerFragment.js';
import { EXPLORER_START } from './explorerPresets.js';
import { policyCurvesSvg } from './policyCurvesSvg.js';
import { POLICY_IDS as ID, sideId, valueId } from './policyIds.js';
import {
  CORRELATIONS,
  MODES,
  POLICY_RANGES,
  POLICY_START,
  POPULATIONS,
  SELECTORS,
  strengthRange,
  type PolicySettings,
  type PolicySide,
  policyOf,
} from './policySettings.js';
import { viewScenario } from './policyValues.js';
import { differenceTexts, policyColumn, READOUT_ROWS, seId, splitSe, type PolicyColumn } from './policyView.js';
import { seedSettings, type ExplorerSeed } from './explorerSeed.js';
import { scenarioYaml } from './scenarioYaml.js';

/** How each choice reads in its select. */
export const CHOICE_LABELS: Readonly<Record<string, string>> = Object.freeze({
  seed: 'the tasks of the result chosen above',
  p: 'every task the same p',
  beta: 'Beta population (mean, concentration)',
  split: 'a share always solved, the rest never',
  independent: 'independent',
  exchangeable: 'exchangeable (icc)',
  markov: 'Markov (stickiness)',
  feedback: 'feedback (after a failure)',
  sequential: 'sequential (stop at the first accepted)',
  parallel: 'parallel (all k at once)',
  firstAccepted: 'first accepted by the verifier',
  majorityVote: 'majority vote among the accepted',
  bestScore: 'best reward-model score',
  random: 'a random accepted attempt',
  oracle: 'oracle (a correct one if any)',
});

/** The id of a select's printed value (print hides the select and shows this text). */
export function printId(id: string): string {
  return `${id}-print`;
}

/** A numeric setting's value as its slider's output shows it. */
export function settingText(field: keyof typeof POLICY_RANGES, value: number): string {
  if (field === 'k' || field === 'kB') return String(value);
  if (field === 'concentration' || field === 'latencyPerAttempt') return String(Number(value.toFixed(1)));
  if (field === 'costPerAttempt') return formatNumber(value, 3);
  if (field === 'costBudget' || field === 'costBudgetB') return value > 0 ? formatNumber(value, 2) : 'none';
  if (field === 'latencyBudget' || field === 'latencyBudgetB') return value > 0 ? String(Number(value.toFixed(1))) : 'none';
  if (field === 'strength') return value.toFixed(2);
  return formatPercent(value);
}

/** Which rows a population, correlation or mode uses (the others are hidden): a selector only picks among a parallel round. */
export function visibleSettings(settings: PolicySettings): Record<'p' | 'mean' | 'concentration' | 'strength' | 'selector' | 'selectorB', boolean> {
  return {
    p: settings.population === 'p',
    mean: settings.population === 'beta' || settings.population === 'split',
    concentration: settings.population === 'beta',
    strength: settings.correlation !== 'independent',
    selector: settings.mode === 'parallel',
    selectorB: settings.modeB === 'parallel',
  };
}

/** A numeric control (a slider over POLICY_RANGES) or a choice (a select), by the setting it holds. */
export type Control =
  | { readonly kind: 'slider'; readonly field: keyof typeof POLICY_RANGES; readonly id: string; readonly label: string }
  | {
      readonly kind: 'select';
      readonly field: 'population' | 'correlation' | 'mode' | 'selector' | 'modeB' | 'selectorB';
      readonly id: string;
      readonly label: string;
    };

/** The agent's controls (both policies run the same agent). */
export const AGENT_CONTROLS: readonly Control[] = [
  { kind: 'select', field: 'population', id: ID.population, label: 'task population' },
  { kind: 'slider', field: 'p', id: ID.p, label: 'success rate p of every task' },
  { kind: 'slider', field: 'mean', id: ID.mean, label: 'mean success rate over tasks' },
  { kind: 'slider', field: 'concentration', id: ID.concentration, label: 'concentration (small: tasks all-or-nothing)' },
  { kind: 'select', field: 'correlation', id: ID.correlation, label: 'retries on one task' },
  { kind: 'slider', field: 'strength', id: ID.strength, label: 'retry correlation strength' },
  { kind: 'slider', field: 'falseAccept', id: ID.falseAccept, label: 'verifier false accept (wrong accepted)' },
  { kind: 'slider', field: 'falseReject', id: ID.falseReject, label: 'verifier false reject (right rejected)' },
  { kind: 'slider', field: 'costPerAttempt', id: ID.costPerAttempt, label: 'cost per attempt' },
  { kind: 'slider', field: 'latencyPerAttempt', id: ID.latencyPerAttempt, label: 'latency per attempt' },
];

/** Each policy's controls: mode, selector, budget k, cost and latency budgets. */
export const POLICY_CONTROLS: Readonly<Record<PolicySide, readonly Control[]>> = {
  A: [
    { kind: 'select', field: 'mode', id: ID.mode, label: 'policy' },
    { kind: 'select', field: 'selector', id: ID.selector, label: 'deliver' },
    { kind: 'slider', field: 'k', id: ID.k, label: 'budget k (attempts allowed)' },
    { kind: 'slider', field: 'costBudget', id: ID.costBudget, label: 'cost budget per episode (0: none)' },
    { kind: 'slider', field: 'latencyBudget', id: ID.latencyBudget, label: 'latency budget per episode (0: none)' },
  ],
  B: [
    { kind: 'select', field: 'modeB', id: ID.modeB, label: 'policy' },
    { kind: 'select', field: 'selectorB', id: ID.selectorB, label: 'deliver' },
    { kind: 'slider', field: 'kB', id: ID.kB, label: 'budget k (attempts allowed)' },
    { kind: 'slider', field: 'costBudgetB', id: ID.costBudgetB, label: 'cost budget per episode (0: none)' },
    { kind: 'slider', field: 'latencyBudgetB', id: ID.latencyBudgetB, label: 'latency budget per episode (0: none)' },
  ],
};

/** Every control, agent first. */
export const ALL_CONTROLS: readonly Control[] = [...AGENT_CONTROLS, ...POLICY_CONTROLS.A, ...POLICY_CONTROLS.B];

/** The options of a select. */
export function controlOptions(field: Extract<Control, { kind: 'select' }>['field'], withSeed: boolean): readonly string[] {
  if (field === 'population') return withSeed ? POPULATIONS : POPULATIONS.filter((population) => population !== 'seed');
  if (field === 'correlation') return CORRELATIONS;
  if (field === 'mode' || field === 'modeB') return MODES;
  return SELECTORS;
}

/** A slider's (min, max, step): the strength's by its correlation, the others' POLICY_RANGES. */
export function sliderRange(field: keyof typeof POLICY_RANGES, settings: PolicySettings): readonly [number, number, number] {
  return field === 'strength' ? strengthRange(settings.correlation) : POLICY_RANGES[field];
}

/**
 * The what-if retry-policy explorer with its first view filled in (the same functions as the page
 * script), so it reads right before and without the script: the agent's controls, policy A's and
 * B's, the read-outs of both at their k with B − A, policy A's curves, and each policy as a
 * scenario for `passk simulate`. With seeds (explorerSeeds: the report's simulate, fit and estimate
 * results) it opens on the first of them, with a selector of the others; `initial` overrides the
 * first view (tests).
 */
export function policyMarkup(seeds: readonly ExplorerSeed[] = [], initial?: PolicySettings): SafeHtml {
  const seed = seeds[0] ?? null;
  const settings = initial ?? (seed ? seedSettings(seed) : POLICY_START);
  const a = policyColumn(settings, 'A', seed);
  const b = policyColumn(settings, 'B', seed);
  const visible = visibleSettings(settings);
  const control = (item: Control) => {
    const hidden = item.field in visible && !visible[item.field as keyof typeof visible];
    const row = (inner: SafeHtml) => html`<div class="pe-row" data-setting="${item.field}"${hidden ? trustedHtml(' hidden') : ''}>${inner}</div>`;
    if (item.kind === 'select') {
      const value = settings[item.field];
      return row(
        html`<label for="${item.id}">${item.label} <span class="print-value" id="${printId(item.id)}">${CHOICE_LABELS[value] ?? value}</span></label><select id="${item.id}">${controlOptions(item.field, seed !== null).map((option) => html`<option value="${option}"${option === value ? trustedHtml(' selected') : ''}>${CHOICE_LABELS[option] ?? option}</option>`)}</select>`,
      );
    }
    const [min, max, step] = sliderRange(item.field, settings);
    return row(
      html`<label for="${item.id}">${item.label} <output id="${valueId(item.id)}" for="${item.id}">${settingText(item.field, settings[item.field])}</output></label><input type="range" id="${item.id}" min="${min}" max="${max}" step="${step}" value="${settings[item.field]}">`,
    );
  };
  const fragment = encodeFragment({ ...startState(EXPLORER_START), policy: settings });
  // The seeds as JSON in an attribute (escaped like all text): the page keeps one script, the explorer's.
  return html`<div class="explorer" id="${ID.root}"${seeds.length === 0 ? '' : html` data-seeds="${JSON.stringify(seeds)}"`}>
<h3>What if: two retry policies side by side</h3>
<p>Set the agent — a task population, how retries on one task are correlated, the verifier's two errors, the cost and latency of an attempt — and two policies to run it with: sequential retries or a parallel round, how the answer is picked, the budget k and caps on spend and wall-clock time (sequential attempts add their latencies, a parallel round takes its slowest). The read-outs are the library's closed forms for each policy's scenario (the "exact" columns of <code>passk simulate</code>); where none exists (a vote or score over an imperfectly verified round, a latency cap on parallel rounds) they are its simulation, marked ≈ with the standard error.</p>
${seedChooser(seeds)}
<div class="agents" role="group" aria-label="Seed 000's two agents"><span>Same mean, different spread (seed 000):</span>
<button type="button" id="${ID.agentA}">Agent A: every task 70 %</button>
<button type="button" id="${ID.agentB}">Agent B: 70 % of tasks always, 30 % never</button>
<button type="button" id="${ID.reset}">A made-up agent (Beta 60 %, icc 0.2, 5 % false accepts)</button></div>
<fieldset class="pe-agent"><legend>The agent (both policies)</legend><div class="policy-controls">
${AGENT_CONTROLS.map(control)}
</div></fieldset>
<div class="pe-policies">
<fieldset class="pe-policy pe-policy-a"><legend>Policy A</legend>${POLICY_CONTROLS.A.map(control)}</fieldset>
<fieldset class="pe-policy pe-policy-b"><legend>Policy B</legend>${POLICY_CONTROLS.B.map(control)}</fieldset>
</div>
<p class="error" id="${ID.error}" role="alert"></p>
${readoutTable(a, b)}
<figure class="policy-curves"><div id="${ID.curves}">${trustedHtml(policyCurvesSvg(a.curves, settings.k))}</div>
<figcaption>Policy A against its budget k: coverage (some attempt correct) and pass^k (all k correct) describe the attempts; delivered correct and wrong are what users get; the marker is the chosen k. Below: mean cost per episode ÷ delivered correct. A curve without a closed form is not drawn.</figcaption></figure>
${copyBlock(settings, seed)}
<p class="no-print"><a id="${ID.link}" href="#${fragment}">Link to this view</a> (the settings are kept in the page address).</p>
</div>`;
}

/** The read-out table: one row per metric, policy A, policy B and B − A (cells carry data-value and data-se). */
function readoutTable(a: PolicyColumn, b: PolicyColumn): SafeHtml {
  const differences = differenceTexts(a, b);
  const cell = (column: PolicyColumn, id: string, text: keyof PolicyColumn['texts'], metric: (typeof READOUT_ROWS)[number]['metric']) => {
    const value = metric === null ? null : column.readout[metric];
    const { main, se } = splitSe(column.texts[text]);
    return html`<td><output id="${id}"${value?.value === null || value === null ? '' : html` data-value="${value.value}"`}${value?.se === null || value === null || value.se === undefined ? '' : html` data-se="${value.se}"`}>${main}</output><small class="pe-se" id="${seId(id)}">${se}</small></td>`;
  };
  const difference = (id: string) => {
    const { main, se } = splitSe(differences[id] ?? '');
    return html`<td><output id="${sideId(id, 'difference')}">${main}</output><small class="pe-se" id="${seId(sideId(id, 'difference'))}">${se}</small></td>`;
  };
  return html`<div class="table-wrap pe-readout-wrap" aria-live="polite"><table class="pe-readout"><thead><tr><th scope="col">read-out</th><th scope="col">policy A</th><th scope="col">policy B</th><th scope="col">B − A</th></tr></thead><tbody>
${READOUT_ROWS.map(
  (row) =>
    html`<tr><th scope="row">${row.label}</th>${cell(a, sideId(row.id, 'A'), row.text, row.metric)}${cell(b, sideId(row.id, 'B'), row.text, row.metric)}${difference(row.id)}</tr>
`,
)}</tbody></table></div>`;
}

/** "Start from": the report's results that seed the explorer, their data for the page script, and what to compare. */
function seedChooser(seeds: readonly ExplorerSeed[]): SafeHtml {
  if (seeds.length === 0)
    return html`<p class="seed-basis">No simulate, fit or file-estimate result in this report: the explorer starts from a made-up agent.</p>`;
  return html`<div class="pe-row pe-seed"><label for="${ID.seed}">start from <span class="print-value" id="${printId(ID.seed)}">${seeds[0]!.label}</span></label><select id="${ID.seed}">${seeds.map(
    (seed, i) => html`<option value="${i}"${i === 0 ? trustedHtml(' selected') : ''}>${seed.label}</option>`,
  )}<option value="-1">a made-up agent (no result)</option></select></div>
<p class="seed-basis" id="${ID.seedBasis}">${seedBasis(seeds[0]!)}</p>`;
}

/** Which read-outs equal which of the page's numbers when the view is a seed's. */
export function seedBasis(seed: ExplorerSeed): string {
  return `Opened on ${seed.label}: at k = ${seed.k} the read-outs are ${seed.basis}.`;
}

/** The command that simulates policy A's (B's) copied scenario. */
export function viewCommand(side: PolicySide): string {
  return `passk simulate policy-${side.toLowerCase()}.yaml`;
}

/** Each policy as a scenario file and the command that simulates it. */
function copyBlock(settings: PolicySettings, seed: ExplorerSeed | null): SafeHtml {
  const side = (
    name: PolicySide,
  ) => html`<div class="pe-copy-side"><p><strong>Policy ${name}</strong>: save as <code>policy-${name.toLowerCase()}.yaml</code> and run <code id="${sideId(ID.command, name)}">${viewCommand(name)}</code>.</p>
<button type="button" id="${sideId(ID.copy, name)}">Copy policy ${name}'s scenario</button>
<pre id="${sideId(ID.scenario, name)}">${viewYaml(settings, seed, name)}</pre></div>`;
  return html`<details class="pe-copy"><summary>Copy as scenario / command: each policy in <code>passk simulate</code></summary>
<p>Its exact columns at k are the read-outs above; where a read-out is simulated (≈), the file carries the explorer's seed and replicates, and the command's Monte Carlo column estimates the same mean.</p>
${side('A')}
${side('B')}</details>`;
}

/** The YAML of policy A's or B's view (policyValues.viewScenario) with a header naming where it came from. */
export function viewYaml(settings: PolicySettings, seed: ExplorerSeed | null, side: PolicySide = 'A'): string {
  return scenarioYaml(viewScenario(policyOf(settings, side), seed), [
    `The passk report explorer's policy ${side}${settings.population === 'seed' && seed ? `, from ${seed.label}` : ''}.`,
    `Run: ${viewCommand(side)}`,
  ]);
}
