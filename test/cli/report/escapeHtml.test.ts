import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../packages/cli/src/report/escapeHtml.js';
import { html, textWithCode, trustedHtml } from '../../../packages/cli/src/report/html.js';
import { htmlTable } from '../../../packages/cli/src/report/htmlTable.js';

// Expected strings are the HTML entities of the five special characters (HTML spec: &amp; &lt;
// &gt; &quot; and the numeric &#39;), written out by hand.
describe('escapeHtml', () => {
  it('turns the seeds of an injection into text', () => {
    expect(escapeHtml('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(escapeHtml(`a & "b" 'c'`)).toBe('a &amp; &quot;b&quot; &#39;c&#39;');
    expect(escapeHtml('</script><script>alert(2)</script>')).toBe('&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  it('leaves other text alone', () => {
    expect(escapeHtml('pass^8 ≥ 90 % — 27/30')).toBe('pass^8 ≥ 90 % — 27/30');
  });
});

describe('html template', () => {
  it('escapes every interpolated string and number, joins arrays, drops null', () => {
    const task = '<b onclick="x">t</b>';
    expect(html`<td>${task}</td>`.text).toBe('<td>&lt;b onclick=&quot;x&quot;&gt;t&lt;/b&gt;</td>');
    expect(html`<ul>${['<a>', 'b'].map((x) => html`<li>${x}</li>`)}</ul>`.text).toBe('<ul><li>&lt;a&gt;</li><li>b</li></ul>');
    expect(html`${null}${undefined}${3}`.text).toBe('3');
  });

  it('passes trusted markup through unchanged', () => {
    expect(html`<div>${trustedHtml('<svg></svg>')}</div>`.text).toBe('<div><svg></svg></div>');
  });

  it('a table escapes its cells and right-aligns numbers', () => {
    const table = htmlTable([{ header: 'task', align: 'left' }, { header: 'n' }], [['<img src=x onerror=alert(1)>', 8]], 'caption & title').text;
    expect(table).toContain('<td class="text" data-label="task">&lt;img src=x onerror=alert(1)&gt;</td>');
    expect(table).toContain('<td class="num" data-label="n">8</td>');
    expect(table).toContain('caption &amp; title');
    expect(table).not.toContain('<img');
  });
});

describe('textWithCode: the CLI sentences with backticks in a report', () => {
  it('turns each pair of backticks into code, escaping inside and out', () => {
    expect(textWithCode('a gate `delta(pass^5) >= 0` would PASS').text).toBe('a gate <code>delta(pass^5) &gt;= 0</code> would PASS');
    expect(textWithCode('`<b>` & `x`').text).toBe('<code>&lt;b&gt;</code> &amp; <code>x</code>');
  });

  it('leaves an unpaired backtick as text', () => {
    expect(textWithCode('it`s <i>').text).toBe('it`s &lt;i&gt;');
  });
});
