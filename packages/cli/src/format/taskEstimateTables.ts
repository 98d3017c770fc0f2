import type { TaskEstimate, TaskEstimateRow } from '@passk/sim/internal';
import { describeCoverage } from './describe.js';
import { formatPercent, formatPercentInterval } from './percent.js';
import type { Table } from './table.js';

/** One task's pass@k and pass^k per k: unbiased, plug-in, and the interval for p mapped through them. */
export function taskEstimateTable(rows: readonly TaskEstimateRow[]): Table {
  return {
    title: 'Unbiased estimates, plug-in values and intervals mapped from p',
    columns: [
      { header: 'k' },
      { header: 'pass@k' },
      { header: 'plug-in' },
      { header: 'interval' },
      { header: 'pass^k' },
      { header: 'plug-in' },
      { header: 'interval' },
    ],
    rows: rows.map((row) => [
      String(row.k),
      formatPercent(row.passAtK),
      formatPercent(row.plugin.passAtK),
      formatPercentInterval(row.passAtKInterval.lower, row.passAtKInterval.upper),
      formatPercent(row.passHatK),
      formatPercent(row.plugin.passHatK),
      formatPercentInterval(row.passHatKInterval.lower, row.passHatKInterval.upper),
    ]),
  };
}

/** The Bayesian view of one task per k: posterior mean and credible interval of pass@k and pass^k. */
export function taskCredibleTable(bayes: TaskEstimate['bayes'], rows: readonly TaskEstimateRow[]): Table {
  return {
    title:
      `Bayesian view: prior Beta(${bayes.prior.a}, ${bayes.prior.b}) → posterior Beta(${bayes.posterior.a}, ${bayes.posterior.b}); ` +
      `posterior mean and ${describeCoverage(bayes.confidence, 2)} credible interval`,
    columns: [{ header: 'k' }, { header: 'pass@k' }, { header: 'credible' }, { header: 'pass^k' }, { header: 'credible' }],
    rows: rows.map((row) => [
      String(row.k),
      formatPercent(row.bayes.passAtK.mean),
      formatPercentInterval(row.bayes.passAtK.lower, row.bayes.passAtK.upper),
      formatPercent(row.bayes.passHatK.mean),
      formatPercentInterval(row.bayes.passHatK.lower, row.bayes.passHatK.upper),
    ]),
  };
}
