import { INTERVAL_METHODS } from '@passk/sim/internal';
import { methodName } from '../../format/describe.js';
import { html, trustedHtml, type SafeHtml } from '../html.js';
import { curvesSvg, EXPLORER_MAX_K } from './curvesSvg.js';
import { calculatorTexts, curveTexts } from './explorerValues.js';
import { EXPLORER_IDS as ID } from './explorerIds.js';
import { EXPLORER_PRESETS, EXPLORER_START as START } from './explorerPresets.js';
import type { ExplorerSeed } from './explorerSeed.js';
import { policyMarkup } from './policyMarkup.js';

/**
 * The explorer's markup with its first values already filled in (computed here by the same
 * functions the page script runs), so the page reads right before and without its script.
 */
export function explorerMarkup(seeds: readonly ExplorerSeed[] = []): SafeHtml {
  const curve = curveTexts(START.p, START.k);
  const calc = calculatorTexts({ n: START.n, c: START.c, k: START.calculatorK, method: 'wilson', confidence: START.confidence, sides: 2 });
  return html`${policyMarkup(seeds)}
<div class="explorer">
<h3>Drag p and k: how the two curves separate</h3>
<div class="controls">
<label for="${ID.pSlider}">Single-attempt success rate p <output id="${ID.pValue}" for="${ID.pSlider}">${curve.p}</output></label>
<input type="range" id="${ID.pSlider}" min="0" max="1" step="0.001" value="${START.p}">
<label for="${ID.kSlider}">Attempts k <output id="${ID.kValue}" for="${ID.kSlider}">${curve.k}</output></label>
<input type="range" id="${ID.kSlider}" min="1" max="${EXPLORER_MAX_K}" step="1" value="${START.k}">
</div>
<div class="presets" id="${ID.presets}"><span>Common cases:</span>
${EXPLORER_PRESETS.map((preset) => html`<button type="button" data-p="${preset.p}" data-k="${preset.k}">${preset.label}</button> `)}</div>
<div class="readout">
<div><span class="metric at">pass@k</span> at least one of k correct <output id="${ID.passAtK}">${curve.passAtK}</output></div>
<div><span class="metric hat">pass^k</span> all k correct <output id="${ID.passHatK}">${curve.passHatK}</output></div>
<div><span class="metric">gap</span> pass@k − pass^k <output id="${ID.gap}">${curve.gap}</output></div>
</div>
<figure class="curves"><div id="${ID.curves}">${trustedHtml(curvesSvg(START.p, START.k))}</div>
<figcaption>pass@k = 1 − (1 − p)^k rises with k and pass^k = p^k falls: independent attempts at one p; the marker is the k chosen, the shaded band the gap.</figcaption></figure>
</div>
<div class="explorer" id="${ID.calculator}">
<h3>Calculator: n trials, c successes</h3>
<p>Unbiased estimates use the binomial-coefficient ratios; plug-in puts c/n in place of p; the intervals map the interval for p through 1 − (1 − p)^k and p^k.</p>
<div class="calc-inputs">
<label>trials n <input type="number" id="${ID.n}" min="1" step="1" value="${START.n}"></label>
<label>successes c <input type="number" id="${ID.c}" min="0" step="1" value="${START.c}"></label>
<label>k <input type="number" id="${ID.k}" min="1" step="1" value="${START.calculatorK}"></label>
<label>interval <select id="${ID.method}">${INTERVAL_METHODS.map((method) => html`<option value="${method}"${method === 'wilson' ? trustedHtml(' selected') : ''}>${methodName(method)}</option>`)}</select></label>
<label>confidence <input type="number" id="${ID.confidence}" min="0.5" max="0.999" step="0.01" value="${START.confidence}"></label>
<label>sides <select id="${ID.sides}"><option value="2" selected>two-sided</option><option value="1">one-sided (lower bound)</option></select></label>
</div>
<p class="error" id="${ID.error}" role="alert">${calc.error}</p>
<p class="table-title" id="${ID.interval}">${calc.interval}</p>
<div class="table-wrap"><table class="fold calc-table">
<thead><tr><th scope="col" class="text"></th><th scope="col" class="num">unbiased</th><th scope="col" class="num">plug-in</th><th scope="col" class="num">interval</th></tr></thead>
<tbody>
<tr><th scope="row" class="text">p</th><td class="num" data-label="unbiased"><output id="${ID.p}">${calc.p}</output></td><td class="num" data-label="plug-in"></td><td class="num" data-label="interval"><output id="${ID.pInterval}">${calc.pInterval}</output></td></tr>
<tr><th scope="row" class="text">pass@k</th><td class="num" data-label="unbiased"><output id="${ID.calcPassAtK}">${calc.passAtK}</output></td><td class="num" data-label="plug-in"><output id="${ID.passAtKPlugin}">${calc.passAtKPlugin}</output></td><td class="num" data-label="interval"><output id="${ID.passAtKInterval}">${calc.passAtKInterval}</output></td></tr>
<tr><th scope="row" class="text">pass^k</th><td class="num" data-label="unbiased"><output id="${ID.calcPassHatK}">${calc.passHatK}</output></td><td class="num" data-label="plug-in"><output id="${ID.passHatKPlugin}">${calc.passHatKPlugin}</output></td><td class="num" data-label="interval"><output id="${ID.passHatKInterval}">${calc.passHatKInterval}</output></td></tr>
</tbody></table></div>
</div>`;
}
