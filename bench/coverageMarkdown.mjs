// Markdown tables of a coverage study (bench/coverage.json from `pnpm coverage-study`), for
// docs/uncertainty.md: a summary per method (lowest coverage, cells below 94 %, cells in
// [94 %, 97 %], mean width relative to the default), the default's cells by verdict (in band, or
// outside with its reason: bench/coverageReasons.mjs) and the one-task table; with --tables, the full
// per-cell tables instead (docs/uncertainty-tables.md).
// Usage: node bench/coverageMarkdown.mjs [bench/coverage.json] [--tables] > table.md
import { readFileSync } from 'node:fs';
import { cellVerdict, narrowerLines, narrowerStats, verdictCounts } from './coverageReasons.mjs';

const args = process.argv.slice(2);
const tables = args.includes('--tables');
const file = args.find((arg) => arg !== '--tables');
const study = JSON.parse(readFileSync(file ?? new URL('./coverage.json', import.meta.url), 'utf8'));
const pct = (x) => `${(100 * x).toFixed(1)}`;
/** A cell's n: `10/5` for unequal trials (half the tasks n, half ⌈n/2⌉). */
const nLabel = (r) => (r.unequal ? `${r.n}/${Math.ceil(r.n / 2)}` : `${r.n}`);
const out = [];

function summary(title, records, key, methods, reference, datasets = study.datasets) {
  const se = Math.sqrt((0.95 * 0.05) / datasets);
  out.push(`**${title}** (${records.length} cells, ${datasets} datasets each; Monte Carlo SE of a coverage near 95 %: ${(100 * se).toFixed(2)} points)`, '');
  out.push(
    '| method | lowest coverage | cells < 94 % | cells < 94 % − 2 SE | cells in [94 %, 97 %] | cells > 97 % | mean width / default |',
    '|---|---|---|---|---|---|---|',
  );
  for (const m of methods) {
    const cov = records.map((r) => r[key][m].coverage);
    const lowest = records.reduce((w, r) => (r[key][m].coverage < w[key][m].coverage ? r : w));
    const ratio = records.reduce((s, r) => s + r[key][m].meanWidth / Math.max(1e-12, r[key][reference].meanWidth), 0) / records.length;
    out.push(
      `| ${m}${m === reference ? ' (default)' : ''} | ${pct(lowest[key][m].coverage)} % (${lowest.distribution}, n ${nLabel(lowest)}, T ${lowest.T}, k ${lowest.k}, ${lowest.metric}) | ${cov.filter((c) => c < 0.94).length} | ${cov.filter((c) => c < 0.94 - 2 * se).length} | ${cov.filter((c) => c >= 0.94 && c <= 0.97).length} | ${cov.filter((c) => c > 0.97).length} | ${ratio.toFixed(2)} |`,
    );
  }
  out.push('');
  // The default's and its one-sided bound's cells against the target, with the reason of each cell
  // outside (bench/coverageReasons.mjs).
  for (const [method, sides] of [
    [reference, 2],
    [`${reference}-lower`, 1],
  ])
    if (methods.includes(method)) {
      const tally = {};
      const part = { estimand: key, method, sides, benchmark: key === 'benchmark' };
      const stats = narrowerStats(records, part, datasets);
      for (const r of records) {
        const verdict = cellVerdict(r, part, datasets, stats);
        tally[verdict] = (tally[verdict] ?? 0) + 1;
      }
      out.push(`${method} against [94 %, 97 %]: ${verdictCounts(tally)}.`, '');
      // The narrower candidates ('narrowing fails'): each one's cells below 94 % − 2 SE.
      if (stats) out.push(...narrowerLines(stats).map((line) => `- ${line.trim()}`), '');
    }
}

/**
 * The full table of one estimand; `zeroShare` adds the column "D = 0" (compare: the mean share of
 * tasks whose difference is exactly 0); with attainable fields, the columns "A ≥ 94 %" and
 * "A eq." (attainable coverage, and with equal tails) and the verdict of `reference`.
 */
function full(title, records, key, methods, reference, zeroShare = false, datasets = study.datasets) {
  out.push(`<details><summary>${title}: every cell (coverage / miss below / miss above / mean width)</summary>`, '');
  const attainable = records.every((r) => r.attainable?.[key]);
  const extra = `${zeroShare ? ' D = 0 |' : ''}${attainable ? ' A ≥ 94 % | A eq. |' : ''}`;
  out.push(
    `| population | n | T | k | metric | truth |${extra} ${methods.join(' | ')} |${attainable ? ` ${reference} |` : ''}`,
    `|---|---|---|---|---|---|${extra.replace(/[^|]+\|/g, '---|')}${methods.map(() => '---|').join('')}${attainable ? '---|' : ''}`,
  );
  const part = { estimand: key, method: reference, sides: 2, benchmark: key === 'benchmark' };
  const stats = narrowerStats(records, part, datasets);
  for (const r of records) {
    const cells = methods.map((m) => {
      const c = r[key][m];
      return `${pct(c.coverage)} / ${pct(c.missBelow)} / ${pct(c.missAbove)} / ${c.meanWidth.toFixed(3)}`;
    });
    const share = zeroShare ? ` ${r.zeroShare === undefined ? '' : `${pct(r.zeroShare)} %`} |` : '';
    const a = r.attainable?.[key];
    const columns = attainable ? ` ${pct(a.atLeast94)} | ${pct(a.equalTailed95)} |` : '';
    const verdict = attainable ? ` ${cellVerdict(r, part, datasets, stats)} |` : '';
    out.push(
      `| ${r.distribution} | ${nLabel(r)} | ${r.T} | ${r.k} | ${r.metric} | ${r.truth === undefined ? '(per dataset)' : r.truth.toFixed(4)} |${share}${columns} ${cells.join(' | ')} |${verdict}`,
    );
  }
  out.push('', '</details>', '');
}

// A study run with --only may lack an estimand (or the compare part): its tables are left out.
const methodsOf = (estimand) => study.methods[estimand]?.filter((m) => m !== 'bootstrap' || study.bootstrap > 0);
const population = methodsOf('population');
const benchmark = methodsOf('benchmark');
if (!tables && population) summary('Task population', study.cells, 'population', population, study.defaults.population);
if (!tables && benchmark) summary('This benchmark', study.cells, 'benchmark', benchmark, study.defaults.benchmark);
/** The compare part's estimands with their titles: the task population's difference and this benchmark's. */
const compareParts = study.compare
  ? [
      ['difference', `Compare, task population (B − A, gain ${study.compare.shift} + ${study.compare.spread}·Z on the log-odds)`],
      ['benchmark', "Compare, this benchmark (truth: (1/T) Σ θ(p_B,t) − θ(p_A,t) over each dataset's tasks)"],
    ]
  : [];
if (!tables)
  for (const [estimand, title] of compareParts)
    summary(title, study.compare.cells, estimand, study.compare.methods[estimand], study.compare.defaults[estimand], study.compare.datasets);
if (!tables && study.singleTask) {
  out.push('**One task** (exact coverage over 999 values of p, 95 %)', '', '| n | sides | method | min over p | mean over p |', '|---|---|---|---|---|');
  for (const row of study.singleTask)
    out.push(`| ${row.n} | ${row.sides === 1 ? 'one (lower bound)' : 'two'} | ${row.method} | ${pct(row.min)} % | ${pct(row.mean)} % |`);
  out.push('');
}
if (tables && population) full('Task population', study.cells, 'population', population, study.defaults.population);
if (tables && benchmark)
  full("This benchmark (truth: the mean of θ(p_t) over each dataset's tasks)", study.cells, 'benchmark', benchmark, study.defaults.benchmark);
if (tables)
  for (const [estimand, title] of compareParts)
    full(title, study.compare.cells, estimand, study.compare.methods[estimand], study.compare.defaults[estimand], true, study.compare.datasets);
process.stdout.write(`${out.join('\n')}\n`);
