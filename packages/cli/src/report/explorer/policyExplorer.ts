import { InputError } from '@passk/sim/internal';
import type { ExplorerDocument, ExplorerElement } from './explorerDom.js';
import { policyCurvesSvg } from './policyCurvesSvg.js';
import { POLICY_IDS as ID, valueId } from './policyIds.js';
import { settingText, visibleSettings } from './policyMarkup.js';
import { AGENTS, POLICY_RANGES, POLICY_START, strengthRange, type PolicySettings } from './policySettings.js';
import { policyCurves, policyTexts } from './policyValues.js';
import { seedSettings, type ExplorerSeed } from './explorerSeed.js';
import { otherPolicyText, seedBasis, viewYaml } from './policyMarkup.js';

const SLIDER_IDS: Readonly<Record<keyof typeof POLICY_RANGES, string>> = {
  p: ID.p,
  mean: ID.mean,
  concentration: ID.concentration,
  k: ID.k,
  strength: ID.strength,
  falseAccept: ID.falseAccept,
  falseReject: ID.falseReject,
  costPerAttempt: ID.costPerAttempt,
  costBudget: ID.costBudget,
};

/** The policy explorer's live controls: read, set, and a callback after every change. */
export interface PolicyExplorer {
  settings(): PolicySettings;
  set(settings: PolicySettings): void;
}

/**
 * Wires the what-if policy explorer (when the page has one): every control recomputes the curves
 * and the readout with the library (policyCurves → exactMetrics) and calls `changed`; the agent
 * buttons load seed 000's Agent A or B, the made-up agent button POLICY_START; "start from" a result of the page (seeds). A setting
 * the library rejects shows its message and keeps the last curves. Returns null without the markup.
 */
export function startPolicyExplorer(
  doc: ExplorerDocument,
  initial: PolicySettings,
  changed: () => void,
  seeds: readonly ExplorerSeed[] = [],
): PolicyExplorer | null {
  if (!doc.getElementById(ID.root)) return null;
  // The result the view starts from ("start from"), or null for a made-up agent.
  const seedSelect = seeds.length > 0 ? doc.getElementById(ID.seed) : null;
  const currentSeed = (): ExplorerSeed | null => seeds[Number(seedSelect?.value ?? -1)] ?? null;
  const element = (id: string): ExplorerElement => {
    const found = doc.getElementById(id);
    if (!found) throw new Error(`explorer: element #${id} is missing`);
    return found;
  };
  const read = (): PolicySettings => {
    const numbers = Object.fromEntries(Object.entries(SLIDER_IDS).map(([field, id]) => [field, Number(element(id).value)])) as Record<
      keyof typeof POLICY_RANGES,
      number
    >;
    const correlation = element(ID.correlation).value as PolicySettings['correlation'];
    // As the slider's own bounds do in a browser: the strength within its correlation's range.
    const [low, high] = strengthRange(correlation);
    return {
      ...numbers,
      strength: Math.min(high, Math.max(low, numbers.strength)),
      population: element(ID.population).value as PolicySettings['population'],
      correlation,
      mode: element(ID.mode).value as PolicySettings['mode'],
    };
  };
  const show = (settings: PolicySettings) => {
    for (const [field, id] of Object.entries(SLIDER_IDS) as [keyof typeof POLICY_RANGES, string][])
      element(valueId(id)).textContent = settingText(field, settings[field]);
    const visible = visibleSettings(settings);
    for (const [field, shown] of Object.entries(visible)) {
      const row = element(SLIDER_IDS[field as keyof typeof visible]).parentElement;
      if (row) row.hidden = !shown;
    }
    try {
      const seed = currentSeed();
      const curves = policyCurves(settings, seed);
      const texts = policyTexts(settings, curves);
      element(ID.error).textContent = '';
      element(ID.readoutK).textContent = texts.k;
      element(ID.coverage).textContent = texts.coverage;
      element(ID.passHatK).textContent = texts.passHatK;
      element(ID.deliveredCorrect).textContent = texts.deliveredCorrect;
      element(ID.deliveredWrong).textContent = texts.deliveredWrong;
      element(ID.abstained).textContent = texts.abstained;
      element(ID.costPerCorrect).textContent = texts.costPerCorrect;
      element(ID.overBudget).textContent = texts.overBudget;
      const box = element(ID.curves);
      const width = box.clientWidth && box.clientWidth > 0 ? Math.min(640, box.clientWidth) : 560;
      box.innerHTML = policyCurvesSvg(curves, settings.k, width);
      const other = doc.getElementById(ID.other);
      if (other) other.textContent = otherPolicyText(settings, seed);
      const scenario = doc.getElementById(ID.scenario);
      if (scenario) scenario.textContent = viewYaml(settings, seed);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      element(ID.error).textContent = error.message;
    }
  };
  /** The strength slider's bounds for the chosen correlation (the browser clamps its value into them). */
  const strengthBounds = () => {
    const [min, max] = strengthRange(element(ID.correlation).value as PolicySettings['correlation']);
    const slider = element(ID.strength);
    slider.setAttribute?.('min', String(min));
    slider.setAttribute?.('max', String(max));
  };
  const set = (settings: PolicySettings) => {
    element(ID.correlation).value = settings.correlation;
    strengthBounds();
    for (const [field, id] of Object.entries(SLIDER_IDS) as [keyof typeof POLICY_RANGES, string][]) element(id).value = String(settings[field]);
    element(ID.population).value = settings.population;
    element(ID.correlation).value = settings.correlation;
    element(ID.mode).value = settings.mode;
    show(settings);
  };
  const update = () => {
    strengthBounds();
    show(read());
    changed();
  };
  for (const id of [...Object.values(SLIDER_IDS), ID.population, ID.correlation, ID.mode]) {
    element(id).addEventListener('input', update);
    element(id).addEventListener('change', update);
  }
  const load = (settings: PolicySettings) => () => {
    set(settings);
    changed();
  };
  element(ID.agentA).addEventListener('click', load(AGENTS.A));
  element(ID.agentB).addEventListener('click', load(AGENTS.B));
  element(ID.reset).addEventListener('click', () => {
    if (seedSelect) seedSelect.value = '-1';
    load(POLICY_START)();
  });
  seedSelect?.addEventListener('change', () => {
    const seed = currentSeed();
    const basis = doc.getElementById(ID.seedBasis);
    if (basis) basis.textContent = seed ? seedBasis(seed) : 'A made-up agent: no result of this page to compare with.';
    load(seed ? seedSettings(seed) : POLICY_START)();
  });
  const copy = doc.getElementById(ID.copy);
  copy?.addEventListener('click', () => {
    const text = doc.getElementById(ID.scenario)?.textContent ?? '';
    const clipboard = (globalThis as { navigator?: { clipboard?: { writeText(text: string): Promise<void> } } }).navigator?.clipboard;
    clipboard?.writeText(text).then(
      () => (copy.textContent = 'Copied'),
      () => (copy.textContent = 'Select the text below to copy it'),
    );
  });
  set(initial);
  return { settings: read, set };
}
