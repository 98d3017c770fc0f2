// The page script of the report's explorer: bundled with the library (esbuild, IIFE) and inlined.
// Every number comes from @passk/sim through explorerValues (the functions the CLI uses) and is
// formatted by the CLI's formatPercent; nothing is re-implemented here.
import type { IntervalMethod } from '@passk/sim/internal';
import { curvesSvg } from './curvesSvg.js';
import type { ExplorerDocument, ExplorerElement, ExplorerWindow } from './explorerDom.js';
import { prepareLink } from './explorerLink.js';
import { EXPLORER_IDS as ID } from './explorerIds.js';
import { calculatorTexts, curveTexts } from './explorerValues.js';
import { startPolicyExplorer } from './policyExplorer.js';
import { POLICY_IDS } from './policyIds.js';
import { seedSettings, type ExplorerSeed } from './explorerSeed.js';

/** Wires the explorer's sliders, preset buttons and calculator inputs to their outputs. */
export function startExplorer(doc: ExplorerDocument): void {
  const element = (id: string): ExplorerElement => {
    const found = doc.getElementById(id);
    if (!found) throw new Error(`explorer: element #${id} is missing`);
    return found;
  };
  const show = (id: string, text: string) => {
    element(id).textContent = text;
  };

  const pSlider = element(ID.pSlider);
  const kSlider = element(ID.kSlider);
  const updateCurves = () => {
    const p = Number(pSlider.value);
    const k = Number(kSlider.value);
    const texts = curveTexts(p, k);
    show(ID.pValue, texts.p);
    show(ID.kValue, texts.k);
    show(ID.passAtK, texts.passAtK);
    show(ID.passHatK, texts.passHatK);
    show(ID.gap, texts.gap);
    const box = element(ID.curves);
    box.innerHTML = curvesSvg(p, k, box.clientWidth ? Math.min(560, box.clientWidth) : 560);
  };
  pSlider.addEventListener('input', updateCurves);
  kSlider.addEventListener('input', updateCurves);
  const buttons = element(ID.presets).querySelectorAll('button');
  for (let i = 0; i < buttons.length; i++) {
    const button = buttons[i]!;
    button.addEventListener('click', () => {
      pSlider.value = button.getAttribute('data-p') ?? pSlider.value;
      kSlider.value = button.getAttribute('data-k') ?? kSlider.value;
      updateCurves();
    });
  }

  const inputs = [ID.n, ID.c, ID.k, ID.method, ID.confidence, ID.sides].map(element);
  const updateCalculator = () => {
    const [n, c, k, method, confidence, sides] = inputs.map((input) => input.value);
    const texts = calculatorTexts({
      n: numberOf(n!),
      c: numberOf(c!),
      k: numberOf(k!),
      method: method as IntervalMethod,
      confidence: numberOf(confidence!),
      sides: numberOf(sides!),
    });
    show(ID.error, texts.error);
    show(ID.interval, texts.interval);
    show(ID.p, texts.p);
    show(ID.pInterval, texts.pInterval);
    show(ID.calcPassAtK, texts.passAtK);
    show(ID.passAtKPlugin, texts.passAtKPlugin);
    show(ID.passAtKInterval, texts.passAtKInterval);
    show(ID.calcPassHatK, texts.passHatK);
    show(ID.passHatKPlugin, texts.passHatKPlugin);
    show(ID.passHatKInterval, texts.passHatKInterval);
  };
  for (const input of inputs) {
    input.addEventListener('input', updateCalculator);
    input.addEventListener('change', updateCalculator);
  }
  updateCurves();
  updateCalculator();
}

/** An input's text as a number; empty is NaN (which the library's checks reject with a message). */
function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

const page = (globalThis as { document?: ExplorerDocument }).document;
if (page) {
  // The settings in the URL fragment are applied before the explorers start, and kept there after.
  const seeds = readSeeds(page);
  const link = prepareLink(page, globalThis as Partial<ExplorerWindow>, seeds[0] ? seedSettings(seeds[0]) : undefined);
  startExplorer(page);
  link.watch(startPolicyExplorer(page, link.state.policy, link.save, seeds));
}

/** The report's results the explorer starts from (the JSON policyMarkup writes in data-seeds), or none. */
function readSeeds(doc: ExplorerDocument): ExplorerSeed[] {
  const text = doc.getElementById(POLICY_IDS.root)?.getAttribute('data-seeds');
  if (!text) return [];
  try {
    const seeds = JSON.parse(text) as unknown;
    return Array.isArray(seeds) ? (seeds as ExplorerSeed[]) : [];
  } catch {
    return [];
  }
}
