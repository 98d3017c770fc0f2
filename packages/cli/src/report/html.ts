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

/**
 * A sentence of the CLI's (which writes commands and requirements between backticks) as markup: the
 * text escaped, each `…` pair as <code>…</code>; with an odd number of backticks, all escaped as text.
 * Example: textWithCode('a gate `x >= 0` would PASS').text = 'a gate <code>x &gt;= 0</code> would PASS'.
 */
export function textWithCode(text: string): SafeHtml {
  const parts = text.split('`');
  if (parts.length % 2 === 0) return new SafeHtml(escapeHtml(text));
  return new SafeHtml(parts.map((part, i) => (i % 2 === 1 ? `<code>${escapeHtml(part)}</code>` : escapeHtml(part))).join(''));
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
