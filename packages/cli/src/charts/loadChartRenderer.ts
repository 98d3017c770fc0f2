import { statSync } from 'node:fs';

/**
 * Loads the chart renderer (charts/renderChart: vega and vega-lite, which import their own
 * packages). Node's module loader resolves each import's symbolic links with `fs.realpathSync`,
 * which, for a path component it has seen before, reads the result of the process's last
 * synchronous stat and stops resolving when that stat was of a FIFO or a socket
 * (nodejs/node#51142). After a stat of a piped input (`estimate <(cat a.csv) --chart c.png`) vega
 * was then loaded by its link in pnpm's node_modules, where its own packages are not found
 * (ERR_MODULE_NOT_FOUND vega-util). Our own stats of paths that may be pipes keep apart from that
 * buffer (io/fileIdentity.ts); this stat of a regular file (the Node binary) makes the last one
 * harmless whoever made it.
 */
export async function loadChartRenderer(): Promise<typeof import('./renderChart.js')> {
  statSync(process.execPath, { throwIfNoEntry: false });
  return await import('./renderChart.js');
}
