import { formatNumber, formatPercent } from '../../format/percent.js';
import { html, trustedHtml, type SafeHtml } from '../html.js';
import { encodeFragment, startState } from './explorerFragment.js';
import { EXPLORER_START } from './explorerPresets.js';
import { policyCurvesSvg } from './policyCurvesSvg.js';
import { POLICY_IDS as ID, valueId } from './policyIds.js';
import { CORRELATIONS, MODES, POLICY_RANGES, POLICY_START, POPULATIONS, strengthRange, type PolicySettings } from './policySettings.js';
import { policyCurves, policyTexts, viewScenario } from './policyValues.js';
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
});

/** A numeric setting's value as its slider's output shows it. */
export function settingText(field: keyof typeof POLICY_RANGES, value: number): string {
  if (field === 'k') return String(value);
  if (field === 'concentration') return String(Number(value.toFixed(1)));
  if (field === 'costPerAttempt') return formatNumber(value, 3);
  if (field === 'costBudget') return value > 0 ? formatNumber(value, 2) : 'none';
  if (field === 'strength') return value.toFixed(2);
  return formatPercent(value);
}

/** Which slider rows a population or correlation uses (the others are hidden). */
export function visibleSettings(settings: PolicySettings): Record<'p' | 'mean' | 'concentration' | 'strength', boolean> {
  return {
    p: settings.population === 'p',
    mean: settings.population === 'beta' || settings.population === 'split',
    concentration: settings.population === 'beta',
    strength: settings.correlation !== 'independent',
  };
}

const SLIDERS: readonly { field: keyof typeof POLICY_RANGES; id: string; label: string }[] = [
  { field: 'p', id: ID.p, label: 'success rate p of every task' },
  { field: 'mean', id: ID.mean, label: 'mean success rate over tasks' },
  { field: 'concentration', id: ID.concentration, label: 'concentration (small: tasks all-or-nothing)' },
  { field: 'strength', id: ID.strength, label: 'retry correlation strength' },
  { field: 'falseAccept', id: ID.falseAccept, label: 'verifier false accept (wrong accepted)' },
  { field: 'falseReject', id: ID.falseReject, label: 'verifier false reject (right rejected)' },
  { field: 'k', id: ID.k, label: 'budget k (attempts allowed)' },
  { field: 'costPerAttempt', id: ID.costPerAttempt, label: 'cost per attempt' },
  { field: 'costBudget', id: ID.costBudget, label: 'cost budget per episode (0: none)' },
];

/**
 * The what-if retry-policy explorer with its first view filled in (the same functions as the page
 * script), so it reads right before and without the script: controls, the readout at k, the curves.
 * With seeds (explorerSeeds: the report's simulate and fit results) it opens on the first of them,
 * with a selector of the others; `initial` overrides the first view (tests).
 */
export function policyMarkup(seeds: readonly ExplorerSeed[] = [], initial?: PolicySettings): SafeHtml {
  const seed = seeds[0] ?? null;
  const settings = initial ?? (seed ? seedSettings(seed) : POLICY_START);
  const populations = seed ? POPULATIONS : POPULATIONS.filter((population) => population !== 'seed');
  const curves = policyCurves(settings, seed);
  const texts = policyTexts(settings, curves);
  const visible = visibleSettings(settings);
  const select = (id: string, label: string, options: readonly string[], value: string) =>
    html`<label for="${id}">${label} <span class="print-value">${CHOICE_LABELS[value] ?? value}</span></label><select id="${id}">${options.map((option) => html`<option value="${option}"${option === value ? trustedHtml(' selected') : ''}>${CHOICE_LABELS[option] ?? option}</option>`)}</select>`;
  const slider = ({ field, id, label }: (typeof SLIDERS)[number]) => {
    const [min, max, step] = field === 'strength' ? strengthRange(settings.correlation) : POLICY_RANGES[field];
    const hidden = field in visible && !visible[field as keyof typeof visible];
    return html`<div class="pe-row" data-setting="${field}"${hidden ? trustedHtml(' hidden') : ''}><label for="${id}">${label} <output id="${valueId(id)}" for="${id}">${settingText(field, settings[field])}</output></label><input type="range" id="${id}" min="${min}" max="${max}" step="${step}" value="${settings[field]}"></div>`;
  };
  const readout = (id: string, label: string, value: string) => html`<div><span class="metric">${label}</span> <output id="${id}">${value}</output></div>`;
  const fragment = encodeFragment({ ...startState(EXPLORER_START), policy: settings });
  // The seeds as JSON in an attribute (escaped like all text): the page keeps one script, the explorer's.
  return html`<div class="explorer" id="${ID.root}"${seeds.length === 0 ? '' : html` data-seeds="${JSON.stringify(seeds)}"`}>
<h3>What if: a retry policy, closed forms against the budget k</h3>
<p>Set a task population, how retries on one task are correlated, the verifier's two errors, the policy and the cost of an attempt: the curves are the library's closed forms for that scenario (the "exact" columns of <code>passk simulate</code>), delivering the first accepted attempt and nothing when no attempt is accepted.</p>
${seedChooser(seeds)}
<div class="agents" role="group" aria-label="Seed 000's two agents"><span>Same mean, different spread (seed 000):</span>
<button type="button" id="${ID.agentA}">Agent A: every task 70 %</button>
<button type="button" id="${ID.agentB}">Agent B: 70 % of tasks always, 30 % never</button>
<button type="button" id="${ID.reset}">A made-up agent (Beta 60 %, icc 0.2, 5 % false accepts)</button></div>
<div class="policy-controls">
<div class="pe-row">${select(ID.population, 'task population', populations, settings.population)}</div>
${SLIDERS.slice(0, 3).map(slider)}
<div class="pe-row">${select(ID.correlation, 'retries on one task', CORRELATIONS, settings.correlation)}</div>
${SLIDERS.slice(3, 4).map(slider)}
${SLIDERS.slice(4, 6).map(slider)}
<div class="pe-row">${select(ID.mode, 'policy', MODES, settings.mode)}</div>
${SLIDERS.slice(6).map(slider)}
</div>
<p class="error" id="${ID.error}" role="alert"></p>
<div class="readout" aria-live="polite"><div><span class="metric">at k =</span> <output id="${ID.readoutK}">${texts.k}</output></div>
${readout(ID.coverage, 'coverage (pass@k)', texts.coverage)}
${readout(ID.passHatK, 'pass^k', texts.passHatK)}
${readout(ID.deliveredCorrect, 'delivered correct', texts.deliveredCorrect)}
${readout(ID.deliveredWrong, 'delivered wrong', texts.deliveredWrong)}
${readout(ID.abstained, 'abstained', texts.abstained)}
${readout(ID.costPerCorrect, 'cost per correct', texts.costPerCorrect)}
${readout(ID.overBudget, 'over budget', texts.overBudget)}
</div>
<p class="pe-other" id="${ID.other}">${otherPolicyText(settings, seed)}</p>
<figure class="policy-curves"><div id="${ID.curves}">${trustedHtml(policyCurvesSvg(curves, settings.k))}</div>
<figcaption>Coverage (some attempt correct) and pass^k (all k correct) describe the attempts; delivered correct and wrong are what users get from the first accepted attempt; the marker is the chosen k. Below: mean cost per episode ÷ delivered correct.</figcaption></figure>
${copyBlock(settings, seed)}
<p class="no-print"><a id="${ID.link}" href="#${fragment}">Link to this view</a> (the settings are kept in the page address).</p>
</div>`;
}

/** "Start from": the report's results that seed the explorer, their data for the page script, and what to compare. */
function seedChooser(seeds: readonly ExplorerSeed[]): SafeHtml {
  if (seeds.length === 0)
    return html`<p class="seed-basis">No simulate, fit or file-estimate result in this report: the explorer starts from a made-up agent.</p>`;
  return html`<div class="pe-row pe-seed"><label for="${ID.seed}">start from</label><select id="${ID.seed}">${seeds.map(
    (seed, i) => html`<option value="${i}"${i === 0 ? trustedHtml(' selected') : ''}>${seed.label}</option>`,
  )}<option value="-1">a made-up agent (no result)</option></select></div>
<p class="seed-basis" id="${ID.seedBasis}">${seedBasis(seeds[0]!)}</p>`;
}

/** Which read-outs equal which of the page's numbers when the view is a seed's. */
export function seedBasis(seed: ExplorerSeed): string {
  return `Opened on ${seed.label}: at k = ${seed.k} the read-outs are ${seed.basis}.`;
}

/** The view as a scenario file and the command that simulates it. */
function copyBlock(settings: PolicySettings, seed: ExplorerSeed | null): SafeHtml {
  return html`<details class="pe-copy"><summary>Copy as scenario / command: this view in <code>passk simulate</code></summary>
<p>Save as <code>explorer.yaml</code> and run <code id="${ID.command}">${VIEW_COMMAND}</code>: its exact columns at k are the read-outs above.</p>
<button type="button" id="${ID.copy}">Copy the scenario</button>
<pre id="${ID.scenario}">${viewYaml(settings, seed)}</pre></details>`;
}

/** The command the copied scenario is run with. */
export const VIEW_COMMAND = 'passk simulate explorer.yaml';

/** The YAML of the current view (policyValues.viewScenario) with a header naming where it came from. */
export function viewYaml(settings: PolicySettings, seed: ExplorerSeed | null): string {
  return scenarioYaml(viewScenario(settings, seed), [
    `The passk report explorer's view${settings.population === 'seed' && seed ? `, from ${seed.label}` : ''}.`,
    `Run: ${VIEW_COMMAND}`,
  ]);
}

/**
 * The other policy side by side: the same scenario with all attempts in parallel instead of
 * sequential retries (or the reverse), read off at the same k.
 */
export function otherPolicyText(settings: PolicySettings, seed: ExplorerSeed | null): string {
  const other: PolicySettings = { ...settings, mode: settings.mode === 'sequential' ? 'parallel' : 'sequential' };
  const texts = policyTexts(other, policyCurves(other, seed));
  return `Side by side, ${CHOICE_LABELS[other.mode]} at k = ${texts.k}: delivered correct ${texts.deliveredCorrect}, wrong ${texts.deliveredWrong}, abstained ${texts.abstained}, cost per correct ${texts.costPerCorrect}.`;
}
