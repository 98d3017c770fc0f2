/**
 * The report's stylesheet (inlined): system fonts, a readable measure, right-aligned tabular
 * numbers, charts scaled to the column, and a print layout without the interactive controls'
 * chrome. Colours of pass@k / pass^k are the charts' (Okabe–Ito blue and vermillion).
 */
export const REPORT_STYLES = `
:root { --ink: #1b1f24; --muted: #57606a; --rule: #d0d7de; --soft: #f6f8fa; --at: #0072B2; --hat: #D55E00; --hat-text: #a83c00; --accent: #0969da; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; color: var(--ink); background: #fff; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif; }
main { max-width: 1040px; margin: 0 auto; padding: 24px 28px 64px; }
header.page { border-bottom: 2px solid var(--ink); margin-bottom: 8px; padding-bottom: 12px; }
h1 { font-size: 1.75rem; line-height: 1.2; margin: 0 0 6px; }
h2 { font-size: 1.35rem; margin: 2.2em 0 0.4em; padding-top: 0.6em; border-top: 1px solid var(--rule); }
h3 { font-size: 1.05rem; margin: 1.4em 0 0.4em; }
p { margin: 0.5em 0; }
.sub { color: var(--muted); margin: 0; }
.lead { font-size: 1.02rem; }
.source { color: var(--muted); font-size: 0.9rem; margin-top: 0; }
p.source code, ol.commands code, .lead code, dd code { overflow-wrap: anywhere; }
pre { max-width: 100%; overflow-x: auto; }
#commands pre code { white-space: pre-wrap; overflow-wrap: anywhere; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.88em; }
nav.toc ol { margin: 0.3em 0 0; padding-left: 1.4em; columns: 2; column-gap: 32px; }
nav.toc a { color: var(--accent); text-decoration: none; }
nav.toc a:hover { text-decoration: underline; }
.table-wrap { overflow-x: auto; margin: 0.8em 0 1.2em; }
table { border-collapse: collapse; font-size: 0.9rem; font-variant-numeric: tabular-nums; }
p.table-title { color: var(--muted); font-size: 0.85rem; margin: 1em 0 -0.5em; }
p.same-chart { color: var(--muted); font-size: 0.9rem; font-style: italic; }
th, td { padding: 3px 10px; border-bottom: 1px solid var(--rule); white-space: nowrap; }
thead th { border-bottom: 2px solid var(--ink); font-weight: 600; }
tbody tr:nth-child(even) { background: var(--soft); }
.num { text-align: right; }
.text { text-align: left; white-space: normal; overflow-wrap: break-word; }
.summary td.text:first-child { min-width: 12em; }
.summary table { font-size: 0.86rem; }
.summary thead th { white-space: normal; vertical-align: bottom; }
table.wide thead th { white-space: normal; vertical-align: bottom; min-width: 4.5em; }
table.wide th, table.wide td { padding: 3px 7px; }
table.wide td { white-space: normal; }
figure { margin: 1.2em 0 1.6em; break-inside: avoid; }
figure svg { display: block; max-width: 100%; height: auto; }
figcaption { color: var(--muted); font-size: 0.88rem; margin-top: 4px; max-width: 760px; }
dl.notes { display: grid; grid-template-columns: max-content 1fr; gap: 3px 14px; font-size: 0.9rem; margin: 0.4em 0 1em; }
dl.notes dt { font-weight: 600; }
dl.notes dd { margin: 0; }
details { margin: 0.6em 0; }
details > summary { cursor: pointer; color: var(--accent); }
details pre { background: var(--soft); border: 1px solid var(--rule); padding: 10px 12px; overflow-x: auto; }
.explorer { border: 1px solid var(--rule); border-radius: 8px; padding: 4px 18px 12px; margin: 1em 0 1.4em; break-inside: avoid; }
.controls { display: grid; grid-template-columns: minmax(220px, max-content) 1fr; gap: 6px 16px; align-items: center; max-width: 720px; }
.print-value { display: none; }
.controls output { font-weight: 600; margin-left: 6px; font-variant-numeric: tabular-nums; }
.controls input[type=range] { width: 100%; }
.presets { margin: 10px 0 6px; font-size: 0.88rem; }
.presets span { color: var(--muted); margin-right: 6px; }
.presets button { font: inherit; margin: 2px 4px 2px 0; padding: 2px 8px; border: 1px solid var(--rule); border-radius: 12px; background: #fff; cursor: pointer; }
.presets button:hover { border-color: var(--accent); }
.readout { display: flex; flex-wrap: wrap; gap: 8px 28px; margin: 10px 0 4px; }
.readout output { display: block; font-size: 1.6rem; font-weight: 650; font-variant-numeric: tabular-nums; }
.metric { font-weight: 700; margin-right: 4px; }
.metric.at { color: var(--at); }
.metric.hat { color: var(--hat-text); }
.curves svg { display: block; max-width: 100%; height: auto; font: 11px system-ui, sans-serif; fill: var(--muted); }
.curves .grid { stroke: #e5e7eb; }
.curves .axis { stroke: var(--muted); }
.curves .gap-band { fill: #999; fill-opacity: 0.15; stroke: none; }
.curves .curve-at, .curves .curve-hat { fill: none; stroke-width: 2.5; }
.curves .curve-at { stroke: var(--at); }
.curves .curve-hat { stroke: var(--hat); }
.curves .marker { stroke: var(--ink); stroke-dasharray: 3 3; }
.curves .dot-at { fill: var(--at); }
.curves .dot-hat { fill: var(--hat); }
.curves .label-at { fill: var(--at); font-weight: 600; }
.curves .label-hat { fill: var(--hat-text); font-weight: 600; }
.policy-controls { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px 28px; margin: 10px 0; }
.pe-row { display: flex; flex-direction: column; gap: 2px; font-size: 0.92rem; }
.pe-row[hidden] { display: none; }
.pe-row output { font-weight: 600; margin-left: 4px; font-variant-numeric: tabular-nums; }
.pe-row input[type=range], .pe-row select { width: 100%; font: inherit; }
.agents { margin: 8px 0; font-size: 0.9rem; }
.agents span { color: var(--muted); margin-right: 6px; }
.agents button { font: inherit; margin: 2px 4px 2px 0; padding: 3px 10px; border: 1px solid #8c959f; border-radius: 12px; background: #fff; color: var(--ink); cursor: pointer; }
.agents button:hover { border-color: var(--accent); }
#policy-explorer .readout output { font-size: 1.3rem; }
#policy-explorer fieldset { border: 1px solid var(--rule); border-radius: 6px; margin: 8px 0; padding: 4px 12px 10px; min-width: 0; }
#policy-explorer legend { font-weight: 700; padding: 0 4px; }
.pe-policies { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 16px; }
.pe-policy .pe-row { margin: 6px 0; }
.pe-policy-a legend { color: #0b5394; }
.pe-policy-b legend { color: #8a3b00; }
table.pe-readout { border-collapse: collapse; margin: 8px 0; font-variant-numeric: tabular-nums; }
table.pe-readout th, table.pe-readout td { padding: 3px 10px; border-bottom: 1px solid var(--rule); text-align: right; }
table.pe-readout th[scope=row], table.pe-readout thead th:first-child { text-align: left; font-weight: 600; }
table.pe-readout td output { font-weight: 650; white-space: nowrap; }
table.pe-readout .pe-se { display: block; color: var(--muted); font-size: 0.8em; }
table.pe-readout .pe-se:empty { display: none; }
.pe-copy-side { margin: 8px 0 12px; }
#policy-explorer p.error:empty { margin: 0; min-height: 0; }
#policy-explorer p.error:empty { margin: 0; }
.policy-curves svg { display: block; max-width: 100%; height: auto; font: 12px system-ui, sans-serif; fill: #444c56; }
.policy-curves .grid { stroke: #e5e7eb; }
.policy-curves .axis { stroke: #57606a; }
.policy-curves path { fill: none; stroke-width: 2.4; }
.policy-curves .pc-coverage { stroke: #0072B2; stroke-dasharray: 2 3; stroke-width: 2.4; }
.policy-curves .pc-passhat { stroke: #D55E00; stroke-width: 2.4; }
.policy-curves .pc-correct { stroke: #009E73; stroke-width: 3; }
.policy-curves .pc-wrong { stroke: #1b1f24; stroke-dasharray: 7 4; stroke-width: 2.4; }
.policy-curves .pc-cost { stroke: #6a3d9a; stroke-width: 2.4; }
.policy-curves .pc-coverage-dot { fill: #0072B2; }
.policy-curves .pc-passhat-dot { fill: #D55E00; }
.policy-curves .pc-correct-dot { fill: #009E73; }
.policy-curves .pc-wrong-dot { fill: #1b1f24; }
.policy-curves .pc-cost-dot { fill: #6a3d9a; }
.policy-curves .marker { stroke: var(--ink); stroke-dasharray: 3 3; }
.policy-curves .legend, .policy-curves .panel-title { fill: #1b1f24; }
.calc-inputs { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 18px; font-size: 0.9rem; }
.calc-inputs label { display: inline-flex; align-items: center; gap: 6px; }
.calc-inputs input, .calc-inputs select { font: inherit; padding: 2px 4px; }
.calc-inputs input[type=number] { width: 6.5em; }
.error { color: #b42318; min-height: 1.4em; margin: 6px 0 0; font-size: 0.9rem; }
.explorer p.table-title { margin-top: 0.2em; }
.summary { background: var(--soft); border: 1px solid var(--rule); border-radius: 8px; padding: 2px 18px 10px; margin: 14px 0 10px; }
.summary h2 { border-top: none; margin-top: 0.6em; padding-top: 0; }
dl.answer-first { margin: 0.4em 0; }
dl.answer-first dt { font-weight: 700; font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); margin-top: 0.7em; }
dl.answer-first dd { margin: 0.15em 0 0; }
dd.question { font-size: 1.1rem; font-weight: 600; }
ul.answers { margin: 0; padding-left: 1.2em; }
ul.answers li { margin: 0.2em 0; }
dd.key-number strong { font-size: 1.7rem; font-variant-numeric: tabular-nums; }
dd.key-number .interval { font-weight: 600; font-variant-numeric: tabular-nums; }
dd.key-number .how { color: var(--muted); font-size: 0.88rem; }
dd.caveat { border-left: 4px solid #b35900; padding-left: 10px; }
ul.other-caveats { margin: 0; padding-left: 1.2em; }
figcaption .chart-title { display: block; color: var(--ink); font-size: 1rem; margin-bottom: 2px; }
figure.chart figcaption { margin: 0 0 6px; }
svg.chart-narrow { display: none; }
details.chart-data { font-size: 0.85rem; }
details.chart-data table { font-size: 0.8rem; }
ol.commands { font-size: 0.9rem; padding-left: 1.4em; }
ol.commands .kind { color: var(--muted); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
@media (max-width: 600px) {
  main { padding: 14px 16px 48px; }
  h1 { font-size: 1.4rem; }
  nav.toc ol { columns: 1; }
  svg.chart-wide { display: none; }
  svg.chart-narrow { display: block; max-width: none; }
  figure.chart { overflow-x: auto; }
  .controls, .policy-controls, .pe-policies { grid-template-columns: 1fr; }
  table.pe-readout { font-size: 0.8rem; width: 100%; }
  table.pe-readout th, table.pe-readout td { padding: 3px 3px; white-space: normal; }
  .controls input[type=range], .policy-controls input[type=range], .policy-controls select { width: 100%; }
  .calc-inputs { flex-direction: column; align-items: stretch; }
  .calc-inputs label { display: flex; justify-content: space-between; }
  .explorer { padding: 4px 10px 10px; }
  .summary { padding: 2px 12px 8px; }
  dl.notes { grid-template-columns: 1fr; }
  table.fold, table.fold tbody, table.fold tr, table.fold td { display: block; width: 100%; }
  table.fold thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.fold tr { border: 1px solid var(--rule); border-radius: 6px; margin: 0 0 8px; padding: 4px 8px; }
  table.fold td { display: flex; justify-content: space-between; gap: 12px; border: none; padding: 1px 0; white-space: normal; text-align: right; overflow-wrap: anywhere; }
  table.fold td::before { content: attr(data-label); color: var(--muted); font-weight: 600; text-align: left; flex: 0 1 auto; max-width: 62%; }
  table.fold td.text { text-align: right; }
  table.fold td:empty { display: none; }
  table.fold th[scope=row] { display: block; border: none; padding: 0 0 2px; }
}
footer { margin-top: 3em; color: var(--muted); font-size: 0.85rem; border-top: 1px solid var(--rule); padding-top: 8px; }
@media print {
  @page { margin: 14mm 12mm; }
  body { font-size: 10pt; }
  main { max-width: none; padding: 0; }
  h2 { break-before: auto; }
  h1, h2, h3, h4, dt, p.table-title, p.source, figcaption { break-after: avoid; page-break-after: avoid; }
  /* A caption under its figure ends the box: its "avoid" would pass to the box's end and forbid the
     break before the next box, so the page broke inside that box instead, after its heading. */
  figcaption:last-child { break-after: auto; page-break-after: auto; }
  .table-block { break-inside: avoid; }
  h2, h3 { break-inside: avoid; }
  nav.toc, .presets, details.chart-data, .explorer button, .no-print { display: none; }
  .table-wrap { overflow: visible; break-inside: avoid; }
  table { break-inside: auto; }
  tr, td, th { break-inside: avoid; }
  thead { display: table-header-group; }
  tbody tr:nth-child(even) { background: none; }
  a { color: inherit; text-decoration: none; }
  svg.chart-wide { display: block; }
  svg.chart-narrow { display: none; }
  input[type=range], .pe-row select, .agents { display: none; }
  table { font-size: 8.5pt; }
  th, td { padding: 2px 6px; }
  h2 + p.source { break-before: avoid; }
  .print-value { display: inline !important; font-weight: 600; }
  .calc-inputs input, .calc-inputs select { border: none; appearance: none; -webkit-appearance: none; background: none; font-weight: 600; padding: 0; }
  dl.answer-first dt { break-after: avoid; }
  dl.answer-first dd, ul.answers li { break-inside: avoid; }
  dd.question { font-size: 1rem; }
  details.scenario, details.pe-copy { display: none; }
}
`;
