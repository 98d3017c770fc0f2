import { renderTerminal } from '../format/terminalReport.js';
import { terminalView } from '../format/terminalView.js';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { labelledSvg } from '../charts/labelledSvg.js';
import { checkOutputs } from '../io/checkOutputs.js';
import type { CliIo } from '../io/cliIo.js';
import { writeFilesTogether, type OutputFile } from '../io/writeFilesTogether.js';
import { Interrupted } from '../run/interrupted.js';

interface DemoArgs {
  out: string;
}

/**
 * `passk demo [--out DIR]`: the README's main job in one command — the built-in scenario with a
 * pilot, the seeds' examples and a comparison of policies, as report.html, charts/*.svg and
 * charts/*.png and the result JSONs (results/*.json, which `passk report` turns back into the page).
 */
export function demoCommand(io: CliIo): CommandModule<object, DemoArgs> {
  return {
    command: 'demo',
    builder: (y) =>
      y
        .option('out', { type: 'string', default: './passk-demo', describe: 'folder to write report.html, charts/ and results/ into' })
        .example('$0 demo', 'writes ./passk-demo/report.html and the charts beside it'),
    handler: async (args) => {
      // Before the work: the folder and its report must be writable paths (the other files' paths are checked as they are written).
      checkOutputs([{ path: join(args.out, 'report.html'), option: '--out' }], [], io.cwd);
      let interrupted = false;
      const onSignal = () => void (interrupted = true);
      process.on('SIGINT', onSignal);
      try {
        await writeDemo(args, io, () => interrupted);
      } finally {
        process.off('SIGINT', onSignal);
      }
    },
  };
}

/** The demo's files, rendered in memory and written together unless `interrupted()` turns true first. */
async function writeDemo(args: DemoArgs, io: CliIo, interrupted: () => boolean): Promise<void> {
  // Loaded here, not at start-up: the renderer (vega) and the bundler (esbuild) cost every other command time.
  const [{ renderPng, renderSvg }, { buildReport }, { demoResults, DEMO_MAX_WRONG_DELIVERY }, { reportCharts, distinctCharts }] = await Promise.all([
    import('../charts/renderChart.js'),
    import('../report/buildReport.js'),
    import('../report/demoResults.js'),
    import('../report/reportCharts.js'),
  ]);
  const inputs = demoResults();
  const limit = DEMO_MAX_WRONG_DELIVERY;
  const page = await buildReport(inputs, {
    title: 'passk demo: what do retries really buy?',
    intro:
      'One agent (judged by a verifier, up to 8 attempts) under three retry policies, with at most 5 % of answers allowed to be delivered wrong; ' +
      "what an 8-trial pilot would have estimated; the seeds' 27-of-30 task and their planning question (pass^8 ≥ 90 %). Fixed seeds: the same numbers on every run.",
    maxWrongDelivery: limit,
    commands: [
      `passk demo --out ${args.out}`,
      `passk report ${join(args.out, 'results', '*.json')} --max-wrong-delivery ${limit} --out report.html   # the same page from the result files`,
    ],
  });
  const reportPath = join(args.out, 'report.html');
  const resultPaths = inputs.map((input, i) => join(args.out, 'results', `${i + 1}-${input.result.kind.replace(/^passk\./, '').replaceAll('.', '-')}.json`));
  const files: OutputFile[] = [
    { path: reportPath, content: page },
    ...inputs.map((input, i) => ({ path: resultPaths[i]!, content: `${JSON.stringify(input.result, null, 2)}\n` })),
  ];
  const charts = distinctCharts(reportCharts(inputs, { maxWrongDelivery: limit }));
  const chartPaths: string[] = [];
  // Everything is rendered in memory, then written together (writeFilesTogether): a failure or
  // Ctrl-C leaves either nothing or the whole demo, never some charts without the others.
  try {
    for (const [i, chart] of charts.entries()) {
      if (interrupted()) break;
      const base = join(args.out, 'charts', `${String(i + 1).padStart(2, '0')}-${chart.kind}`);
      const svg = labelledSvg(await renderSvg(chart.spec), 'chart', chart.title, chart.caption);
      files.push({ path: `${base}.svg`, content: svg }, { path: `${base}.png`, content: await renderPng(chart.spec) });
      chartPaths.push(base);
    }
    if (!interrupted()) await writeFilesTogether(files, interrupted);
  } catch (error) {
    if (!interrupted()) throw error;
  }
  if (interrupted()) {
    io.stderr(`passk demo: interrupted: nothing written (${args.out} is as it was)\n`);
    throw new Interrupted();
  }
  const lines = [
    `passk demo: wrote ${reportPath}`,
    `  ${charts.length} charts as SVG and PNG in ${join(args.out, 'charts')}:`,
    ...chartPaths.map((base) => `    ${base}.svg, .png`),
    `  ${inputs.length} result files in ${join(args.out, 'results')} (passk report ${join(args.out, 'results', '*.json')} --max-wrong-delivery ${limit} --out report.html rebuilds the page)`,
  ];
  // The last line the verdict: where the report is.
  const verdict = `demo: open ${reportPath} in a browser (it works offline)`;
  io.stdout(renderTerminal({ body: lines.join('\n'), verdict }, terminalView(io)));
}
