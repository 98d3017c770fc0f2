import type { ExplorerDocument, ExplorerWindow } from './explorerDom.js';
import { decodeFragment, encodeFragment, startState, type ExplorerState } from './explorerFragment.js';
import { EXPLORER_IDS as ID } from './explorerIds.js';
import { EXPLORER_START } from './explorerPresets.js';
import { POLICY_IDS } from './policyIds.js';
import type { PolicyExplorer } from './policyExplorer.js';
import type { PolicySettings } from './policySettings.js';

/** The explorer's settings and the URL fragment kept in step (a link reproduces the view). */
export interface ExplorerLink {
  /** The state the page opened with: the fragment's over the start values. */
  readonly state: ExplorerState;
  /** Writes the current settings into the fragment (history.replaceState: no new history entry) and the link. */
  save(): void;
  /** From now on every input of the p/k explorer and the calculator saves too. */
  watch(policy: PolicyExplorer | null): void;
}

/**
 * Reads the fragment (`window.location.hash`) and sets the p/k sliders and the calculator's n, c, k
 * from it before their script starts; a fragment that is not explorer settings (a section link such
 * as "#summary") changes nothing. Without a window (tests in a bare context) nothing is saved.
 * `startPolicy` is the policy explorer's first view without a fragment (the report's first seed);
 * with it the fragment also keeps which result the view started from (`from`).
 */
export function prepareLink(doc: ExplorerDocument, win: Partial<ExplorerWindow>, startPolicy?: PolicySettings): ExplorerLink {
  const start: ExplorerState = { ...startState(EXPLORER_START), ...(startPolicy ? { policy: startPolicy, from: 0 } : {}) };
  const hash = win.location?.hash ?? '';
  const state = hash.includes('=') ? decodeFragment(hash, start) : start;
  const set = (id: string, value: number) => {
    const input = doc.getElementById(id);
    if (input) input.value = String(value);
  };
  if (hash.includes('=')) {
    set(ID.pSlider, state.p);
    set(ID.kSlider, state.k);
    set(ID.n, state.n);
    set(ID.c, state.c);
    set(ID.k, state.calculatorK);
    if (state.from !== undefined) set(POLICY_IDS.seed, state.from);
  }
  let policy: PolicyExplorer | null = null;
  const number = (id: string, fallback: number) => {
    const value = Number(doc.getElementById(id)?.value);
    return Number.isFinite(value) ? value : fallback;
  };
  const save = () => {
    const current: ExplorerState = {
      policy: policy?.settings() ?? state.policy,
      p: number(ID.pSlider, state.p),
      k: number(ID.kSlider, state.k),
      n: number(ID.n, state.n),
      c: number(ID.c, state.c),
      calculatorK: number(ID.k, state.calculatorK),
      ...(state.from === undefined ? {} : { from: number(POLICY_IDS.seed, state.from) }),
    };
    const fragment = encodeFragment(current);
    win.history?.replaceState(null, '', `#${fragment}`);
    doc.getElementById(POLICY_IDS.link)?.setAttribute?.('href', `#${fragment}`);
  };
  return {
    state,
    save,
    watch(explorer) {
      policy = explorer;
      for (const id of [ID.pSlider, ID.kSlider, ID.n, ID.c, ID.k]) {
        doc.getElementById(id)?.addEventListener('input', save);
      }
      const presets = doc.getElementById(ID.presets)?.querySelectorAll('button');
      for (let i = 0; i < (presets?.length ?? 0); i++) presets![i]!.addEventListener('click', save);
    },
  };
}
