import { createHash } from 'node:crypto';
import { scenarioToInput, type Scenario } from '@passk/sim/internal';
import { stringify } from 'yaml';
import { bundleExplorer } from './explorer/bundleExplorer.js';
import { explorerMarkup } from './explorer/explorerMarkup.js';
import { explorerSeeds } from './explorer/explorerSeeds.js';
import { html, trustedHtml, type SafeHtml } from './html.js';
import { chartFigure } from './chartFigure.js';
import { reportCharts } from './reportCharts.js';
import type { ReportInput } from './reportInput.js';
import { REPORT_STYLES } from './reportStyles.js';
import type { ResultSection } from './resultSection.js';
import { sectionFor } from './sectionFor.js';
import { summaryBlock } from './summaryBlock.js';
import { summaryFindings } from './summaryFindings.js';
import { commandLine } from '../results/provenance.js';

export interface ReportOptions {
  /** The page heading (default "passk report"). */
  readonly title?: string;
  /** A paragraph under the heading (plain text). */
  readonly intro?: string;
  /** The limit on wrong delivery (`--max-wrong-delivery`): drawn on the delivery chart, and the best k must meet it. */
  readonly maxWrongDelivery?: number | null;
  /** The command lines that made the page and its results, listed at the end. */
  readonly commands?: readonly string[];
}

/**
 * One self-contained HTML page for a design review, answer first: the summary (the question, one
 * sentence per policy / agent, the key number with its interval, the caveat that matters) with the
 * policies side by side; the charts that compare them; then per result its tables, charts and
 * method notes, the explorer for what-if retry policies, and at the end the commands that made it.
 * No external resource of any kind: a Content-Security-Policy allows nothing but the page's own
 * style and that one script (by hash), so even an injected handler could not run. All user text
 * is escaped. The same inputs give the same bytes (no dates, no randomness).
 */
export async function buildReport(inputs: readonly ReportInput[], options: ReportOptions = {}): Promise<string> {
  const title = options.title ?? 'passk report';
  const chartOptions = { maxWrongDelivery: options.maxWrongDelivery ?? null };
  const charts = reportCharts(inputs, chartOptions);
  const sections = inputs.map((input) => sectionFor(input.result));
  const findings = summaryFindings(inputs, chartOptions);
  let chartIndex = 0;
  const combined = await Promise.all(charts.combined.map((chart) => chartFigure(chart, `c${++chartIndex}`)));
  const figures = await Promise.all(
    charts.byResult.map((list) =>
      Promise.all(
        list.map((chart) =>
          'spec' in chart
            ? chartFigure(chart, `c${++chartIndex}`)
            : Promise.resolve(html`<p class="same-chart">Not repeated: this result's ${chart.kind} chart has the same data as the one under <a href="#result-${chart.sameAs + 1}">${sections[chart.sameAs]!.title}</a>.</p>
`),
        ),
      ),
    ),
  );
  const script = await bundleExplorer();
  const scriptHash = createHash('sha256').update(script, 'utf8').digest('base64');
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'; img-src data:; base-uri 'none'; form-action 'none'`;
  const summary = summaryBlock(findings);
  const toc = [
    ...(summary.text === '' ? [] : [{ id: 'summary', title: 'Summary' }]),
    ...(combined.length === 0 ? [] : [{ id: 'compare', title: 'The policies compared' }]),
    ...sections.map((section, i) => ({ id: `result-${i + 1}`, title: section.title })),
    { id: 'explorer', title: EXPLORER_HEADING },
    { id: 'commands', title: 'How this report was made' },
  ];
  const commands = options.commands ?? [];
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
</header>
${summary}
<nav class="toc" aria-label="Contents"><ol>${toc.map((entry) => html`<li><a href="#${entry.id}">${entry.title}</a></li>`)}</ol></nav>
${
  combined.length === 0
    ? ''
    : html`<section id="compare">
<h2>The policies compared</h2>
${combined}
</section>
`
}
${sections.map((section, i) => sectionHtml(section, inputs[i]!, figures[i]!, `result-${i + 1}`))}
<section id="explorer">
<h2>${EXPLORER_HEADING}</h2>
${explorerMarkup(explorerSeeds(inputs))}
</section>
<section id="commands">
<h2>How this report was made</h2>
<p>${inputs.length === 0 ? 'No result files: the explorer only.' : html`${inputs.length} ${inputs.length === 1 ? 'result' : 'results'}, each with the command and passk version that made its numbers (as the result records them):`}</p>
<ol class="commands">${inputs.map(
    (input) =>
      html`<li><code class="command">${commandLine(input.result.provenance)}</code> <span class="kind">(passk ${input.result.provenance.passk}; ${input.result.kind}${seedOf(input)}; read from <code>${input.source}</code>)</span></li>`,
  )}</ol>
${commands.length === 0 ? '' : html`<p>Then:</p><pre><code>${commands.join('\n')}</code></pre>`}
</section>
<footer>Made by <code>passk report</code>. Self-contained: no network access; the charts are inline SVG and the explorer runs offline.</footer>
</main>
<script>${trustedHtml(script)}</script>
</body>
</html>
`;
  return page.text;
}

const EXPLORER_HEADING = 'Explorer: what-if retry policies, pass@k and the calculator';

/** ", seed 42" for results that have one. */
function seedOf(input: ReportInput): string {
  const seed = 'seed' in input.result ? input.result.seed : undefined;
  return typeof seed === 'number' || typeof seed === 'string' ? `, seed ${String(seed)}` : '';
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

/** The scenario in the file form `passk simulate` reads (as scenario.yaml of --out); as given when that fails. */
function scenarioYaml(scenario: Scenario): string {
  try {
    return stringify(scenarioToInput(scenario));
  } catch {
    return stringify(scenario);
  }
}
