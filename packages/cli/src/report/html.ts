import { escapeHtml } from './escapeHtml.js';

/** Markup that is already safe to insert (built by `html` or vetted with `trustedHtml`). */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** What can be interpolated into `html`: text and numbers are escaped, SafeHtml is inserted as is. */
export type HtmlValue = SafeHtml | string | number | null | undefined | readonly HtmlValue[];

/**
 * Template tag for report markup: every interpolated string or number is HTML-escaped, arrays are
 * joined, null/undefined give nothing, and only SafeHtml passes through unescaped — so user text
 * cannot turn into markup by forgetting a call.
 * Example: html`<td>${'<b>'}</td>`.text = '<td>&lt;b&gt;</td>'.
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/** Markup produced by trusted code (the chart renderer's SVG, the bundled explorer script). */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}
