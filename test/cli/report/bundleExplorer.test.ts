import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { independentPassAtK, independentPassHatK } from '@passk/sim/internal';
import { formatPercent } from '../../../packages/cli/src/format/percent.js';
import { bundleExplorer } from '../../../packages/cli/src/report/explorer/bundleExplorer.js';
import { EXPLORER_IDS as ID } from '../../../packages/cli/src/report/explorer/explorerIds.js';
import { EXPLORER_PRESETS } from '../../../packages/cli/src/report/explorer/explorerPresets.js';

// The bundled page script, run in a bare JavaScript context (no Node, no browser) against a
// minimal stand-in document: it must be self-sufficient and wire inputs to the library's numbers.
// (The browser test does the same in real Chromium.)

type Listener = (event: { target: unknown }) => void;
class FakeElement {
  value = '';
  textContent: string | null = '';
  innerHTML = '';
  readonly listeners = new Map<string, Listener[]>();
  constructor(
    readonly attributes: Record<string, string> = {},
    readonly children: FakeElement[] = [],
  ) {}
  getAttribute(name: string): string | null {
    return this.attributes[name] ?? null;
  }
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  querySelectorAll(): FakeElement[] {
    return this.children;
  }
  fire(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ target: this });
  }
}

let script: string;
beforeAll(async () => {
  script = await bundleExplorer();
}, 30_000);

function page() {
  const buttons = EXPLORER_PRESETS.map((preset) => new FakeElement({ 'data-p': String(preset.p), 'data-k': String(preset.k) }));
  const elements = new Map<string, FakeElement>(Object.values(ID).map((id) => [id, new FakeElement({}, id === ID.presets ? buttons : [])]));
  const set = (id: string, value: string) => (elements.get(id)!.value = value);
  set(ID.pSlider, '0.9');
  set(ID.kSlider, '8');
  set(ID.n, '30');
  set(ID.c, '27');
  set(ID.k, '8');
  set(ID.method, 'wilson');
  set(ID.confidence, '0.95');
  set(ID.sides, '2');
  runInNewContext(script, { document: { getElementById: (id: string) => elements.get(id) ?? null } });
  return { elements, buttons, text: (id: string) => elements.get(id)!.textContent };
}

describe('bundleExplorer', () => {
  it('is one script that is safe inside <script> and needs no module system', () => {
    expect(script).not.toMatch(/<\/script|<!--/i);
    expect(script).not.toMatch(/\brequire\(|\bimport\(|^\s*import\s|^\s*export\s/m);
  });

  it('fills the outputs on start: p = 90 %, k = 8 → pass^8 43.0 %, pass@8 >99.9 % (seed 000); 27 of 30 → pass^8 37.9 % in [9.4 %, 75.4 %] (seed 000, §5)', () => {
    const { text, elements } = page();
    expect([text(ID.pValue), text(ID.kValue), text(ID.passAtK), text(ID.passHatK), text(ID.gap)]).toEqual(['90.0%', '8', '>99.9%', '43.0%', '57.0%']);
    expect(elements.get(ID.curves)!.innerHTML).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect([text(ID.calcPassHatK), text(ID.passHatKPlugin), text(ID.passHatKInterval)]).toEqual(['37.9%', '43.0%', '[9.4%, 75.4%]']);
  });

  it("moving a slider shows the library's values for the new p and k", () => {
    const { elements, text } = page();
    for (const [p, k] of [
      [0.8, 5],
      [0.55, 13],
      [0.999, 20],
      [0.01, 1],
    ] as const) {
      elements.get(ID.pSlider)!.value = String(p);
      elements.get(ID.kSlider)!.value = String(k);
      elements.get(ID.kSlider)!.fire('input');
      const at = independentPassAtK(p, k);
      const hat = independentPassHatK(p, k);
      expect([text(ID.pValue), text(ID.kValue), text(ID.passAtK), text(ID.passHatK), text(ID.gap)]).toEqual([
        formatPercent(p),
        String(k),
        formatPercent(at),
        formatPercent(hat),
        formatPercent(at - hat),
      ]);
    }
  });

  it('a preset button sets both sliders: p = 30 %, k = 10 → pass@10 97.2 % (seed 000, exercise 2)', () => {
    const { buttons, text } = page();
    buttons[EXPLORER_PRESETS.findIndex((preset) => preset.p === 0.3)]!.fire('click');
    expect(text(ID.passAtK)).toBe('97.2%');
  });

  it('the calculator follows its inputs, and bad input gives the message', () => {
    const { elements, text } = page();
    elements.get(ID.n)!.value = '10';
    elements.get(ID.c)!.value = '3';
    elements.get(ID.k)!.value = '5';
    elements.get(ID.k)!.fire('input');
    expect([text(ID.calcPassAtK), text(ID.passAtKPlugin)]).toEqual(['91.7%', '83.2%']); // seed 000, §4
    elements.get(ID.k)!.value = '';
    elements.get(ID.k)!.fire('change');
    expect(text(ID.error)).toBe('k: must be an integer ≥ 1, got NaN');
    expect(text(ID.calcPassAtK)).toBe('—');
  });
});
