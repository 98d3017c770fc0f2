import { InputError } from '@passk/sim/internal';
import type { ExplorerDocument, ExplorerElement } from './explorerDom.js';
import { policyCurvesSvg } from './policyCurvesSvg.js';
import { POLICY_IDS as ID, sideId, valueId } from './policyIds.js';
import { ALL_CONTROLS, CHOICE_LABELS, printId, settingText, visibleSettings } from './policyMarkup.js';
import { AGENTS, POLICY_START, strengthRange, type PolicySettings, type PolicySide } from './policySettings.js';
import { differenceTexts, policyColumn, READOUT_ROWS, seId, splitSe } from './policyView.js';
import { seedSettings, type ExplorerSeed } from './explorerSeed.js';
import { seedBasis, viewYaml } from './policyMarkup.js';

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
    const values: Record<string, number | string> = {};
    for (const control of ALL_CONTROLS) values[control.field] = control.kind === 'slider' ? Number(element(control.id).value) : element(control.id).value;
    const settings = values as unknown as PolicySettings;
    // As the slider's own bounds do in a browser: the strength within its correlation's range.
    const [low, high] = strengthRange(settings.correlation);
    return { ...settings, strength: Math.min(high, Math.max(low, settings.strength)) };
  };
  const show = (settings: PolicySettings, simulateNow = true) => {
    for (const control of ALL_CONTROLS) {
      if (control.kind === 'slider') element(valueId(control.id)).textContent = settingText(control.field, settings[control.field]);
      else element(printId(control.id)).textContent = CHOICE_LABELS[settings[control.field]] ?? settings[control.field];
    }
    const seedPrint = doc.getElementById(printId(ID.seed));
    if (seedPrint) seedPrint.textContent = currentSeed()?.label ?? 'a made-up agent (no result)';
    const visible = visibleSettings(settings);
    for (const control of ALL_CONTROLS) {
      if (!(control.field in visible)) continue;
      const row = element(control.id).parentElement;
      if (row) row.hidden = !visible[control.field as keyof typeof visible];
    }
    try {
      const seed = currentSeed();
      const columns = { A: policyColumn(settings, 'A', seed, simulateNow), B: policyColumn(settings, 'B', seed, simulateNow) };
      const differences = differenceTexts(columns.A, columns.B);
      element(ID.error).textContent = '';
      for (const row of READOUT_ROWS) {
        for (const side of ['A', 'B'] as const) {
          const cell = element(sideId(row.id, side));
          const text = splitSe(columns[side].texts[row.text]);
          cell.textContent = text.main;
          element(seId(sideId(row.id, side))).textContent = text.se;
          const value = row.metric === null ? null : columns[side].readout[row.metric];
          cell.setAttribute?.('data-value', value?.value === null || value === null ? '' : String(value.value));
          cell.setAttribute?.('data-se', value?.se === null || value === null ? '' : String(value.se));
        }
        const difference = splitSe(differences[row.id] ?? '');
        element(sideId(row.id, 'difference')).textContent = difference.main;
        element(seId(sideId(row.id, 'difference'))).textContent = difference.se;
      }
      const box = element(ID.curves);
      const width = box.clientWidth && box.clientWidth > 0 ? Math.min(640, box.clientWidth) : 560;
      box.innerHTML = policyCurvesSvg(columns.A.curves, settings.k, width);
      for (const side of ['A', 'B'] as const) {
        const scenario = doc.getElementById(sideId(ID.scenario, side));
        if (scenario) scenario.textContent = viewYaml(settings, seed, side);
      }
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
    for (const control of ALL_CONTROLS) element(control.id).value = String(settings[control.field]);
    show(settings);
  };
  // While a slider moves ('input') a read-out without a closed form waits ("…"); its simulation runs
  // when the slider is let go ('change', also fired by a select and by the keyboard).
  const update = (simulateNow: boolean) => () => {
    strengthBounds();
    show(read(), simulateNow);
    changed();
  };
  for (const control of ALL_CONTROLS) {
    element(control.id).addEventListener('input', update(false));
    element(control.id).addEventListener('change', update(true));
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
  for (const side of ['A', 'B'] as PolicySide[]) {
    const copy = doc.getElementById(sideId(ID.copy, side));
    copy?.addEventListener('click', () => {
      const text = doc.getElementById(sideId(ID.scenario, side))?.textContent ?? '';
      const clipboard = (globalThis as { navigator?: { clipboard?: { writeText(text: string): Promise<void> } } }).navigator?.clipboard;
      clipboard?.writeText(text).then(
        () => (copy.textContent = 'Copied'),
        () => (copy.textContent = 'Select the text below to copy it'),
      );
    });
  }
  set(initial);
  return { settings: read, set };
}
