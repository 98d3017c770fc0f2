import { createHash } from 'node:crypto';
import { scenarioToInput, type Scenario } from '@passk/sim';
import { stringify } from 'yaml';
import type { ChartSpec } from '../charts/chartsFor.js';
import { renderSvg } from '../charts/renderChart.js';
import { bundleExplorer } from './explorer/bundleExplorer.js';
import { explorerMarkup } from './explorer/explorerMarkup.js';
import { html, trustedHtml, type SafeHtml } from './html.js';
import { inlineSvg } from './inlineSvg.js';
import { reportCharts } from './reportCharts.js';
import type { ReportInput } from './reportInput.js';
import { REPORT_STYLES } from './reportStyles.js';
import type { ResultSection } from './resultSection.js';
import { sectionFor } from './sectionFor.js';

export interface ReportOptions {
  /** The page heading (default "passk report"). */
  readonly title?: string;
  /** A paragraph under the heading (plain text). */
  readonly intro?: string;
}

/**
 * One self-contained HTML page for a review: per result its summary tables, every chart that fits
 * it (inline SVG, caption under each), method notes and, for simulations, the scenario as YAML;
 * then the interactive explorer (the library bundled into one inline script). No external
 * resource of any kind: a Content-Security-Policy allows nothing but the page's own style and
 * that one script (by hash), so even an injected handler could not run. All user text is escaped.
 * The same inputs give the same bytes (no dates, no randomness).
 */
export async function buildReport(inputs: readonly ReportInput[], options: ReportOptions = {}): Promise<string> {
  const title = options.title ?? 'passk report';
  const charts = reportCharts(inputs);
  const sections = inputs.map((input) => sectionFor(input.result));
  const rendered = await renderFigures(charts, sections);
  const script = await bundleExplorer();
  const scriptHash = createHash('sha256').update(script, 'utf8').digest('base64');
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'; img-src data:; base-uri 'none'; form-action 'none'`;

  const toc = [...sections.map((section, i) => ({ id: `result-${i + 1}`, title: section.title })), { id: 'explorer', title: 'Explorer: pass@k, pass^k and the calculator' }];
  const page = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${trustedHtml(REPORT_STYLES)}</style>
</head>
<body>
<main>
<header class="page">
<h1>${title}</h1>
${options.intro === undefined ? '' : html`<p class="sub">${options.intro}</p>`}
<p class="sub">${inputs.length === 0 ? 'No result files: the explorer only.' : html`${inputs.length} ${inputs.length === 1 ? 'result' : 'results'}: ${inputs.map((input, i) => html`${i > 0 ? ', ' : ''}<code>${input.source}</code>`)}`}</p>
</header>
<nav class="toc" aria-label="Contents"><ol>${toc.map((entry) => html`<li><a href="#${entry.id}">${entry.title}</a></li>`)}</ol></nav>
${sections.map((section, i) => sectionHtml(section, inputs[i]!, rendered[i]!, `result-${i + 1}`))}
<section id="explorer">
<h2>Explorer: pass@k, pass^k and the calculator</h2>
<p>The formulas behind the tables, to try other numbers: the page runs the same library functions and number formatting as the passk command line, so each value here equals what <code>passk estimate --p P --k K</code> and <code>passk estimate --n N --c C --k K</code> print.</p>
${explorerMarkup()}
</section>
<footer>Made by <code>passk report</code>. Self-contained: no network access; the charts are inline SVG and the explorer runs offline.</footer>
</main>
<script>${trustedHtml(script)}</script>
</body>
</html>
`;
  return page.text;
}

function sectionHtml(section: ResultSection, input: ReportInput, figures: readonly SafeHtml[], id: string): SafeHtml {
  return html`<section id="${id}">
<h2>${section.title}</h2>
<p class="source">From <code>${input.source}</code> (${input.result.kind})</p>
${section.body}
${figures}
<h3>Method notes</h3>
<dl class="notes">${section.notes.map((note) => html`<dt>${note.label}</dt><dd>${note.text}</dd>`)}</dl>
${section.scenario === null ? '' : html`<details class="scenario"><summary>Scenario (YAML)</summary><pre><code>${scenarioYaml(section.scenario)}</code></pre></details>`}
</section>
`;
}

/**
 * Each result's figures. A chart whose data was already drawn for an earlier result (e.g. the task
 * rates of several policies on the same tasks) is not drawn again but pointed to.
 */
async function renderFigures(charts: readonly (readonly ChartSpec[])[], sections: readonly ResultSection[]): Promise<SafeHtml[][]> {
  const drawn = new Map<string, number>();
  let chartIndex = 0;
  return Promise.all(
    charts.map((list, i) =>
      Promise.all(
        list.map(async (chart) => {
          const key = `${chart.kind} ${JSON.stringify(withoutTitles(chart.spec))}`;
          const first = drawn.get(key);
          if (first !== undefined) {
            return html`<p class="same-chart">Not repeated: this result's ${chart.kind} chart has the same data as the one under <a href="#result-${first + 1}">${sections[first]!.title}</a>.</p>
`;
          }
          drawn.set(key, i);
          return figure(chart, await renderSvg(withoutSubtitle(chart.spec)), `c${++chartIndex}-`);
        }),
      ),
    ),
  );
}

/** The spec without its title and description (to compare charts by their data and drawing). */
function withoutTitles(spec: object): object {
  const { title: _title, description: _description, ...rest } = spec as { title?: unknown; description?: unknown };
  return rest;
}

/** In the page the caption sits under the chart as text, so the chart keeps only its title. */
function withoutSubtitle(spec: object): object {
  const title = (spec as { title?: unknown }).title;
  if (typeof title !== 'object' || title === null || !('subtitle' in title)) return spec;
  const { subtitle: _subtitle, ...rest } = title as { subtitle?: unknown };
  return { ...spec, title: rest };
}

function figure(chart: ChartSpec, svg: string, prefix: string): SafeHtml {
  return html`<figure class="chart" data-chart="${chart.kind}">
${trustedHtml(inlineSvg(svg, prefix))}
<figcaption>${chart.caption}</figcaption>
</figure>
`;
}

/** The scenario in the file form `passk simulate` reads (as scenario.yaml of --out); as given when that fails. */
function scenarioYaml(scenario: object): string {
  try {
    return stringify(scenarioToInput(scenario as Scenario));
  } catch {
    return stringify(scenario);
  }
}
