// Normal-theory coverage of the quantile rules for an interval studentized by a floored variance
// V = max(s², F) (docs/uncertainty.md, "Compare"): s² = σ²·W, W ~ χ²_ν/ν, F = f·σ², and the
// interval covers with probability 2Φ(q·√max(W, f)) − 1 given W; averaged over 3000 draws of W per
// (ν, f), seed 1. Rules for q:
//   df       t at the degrees of freedom of V (flooredVarianceDf at the share F/V; the third session)
//   plug-in  flooredVarianceQuantile at the share F/V
//   sd-up    flooredVarianceQuantile at the share F/(s²(1 + √(2/ν))), capped at 1 (the default's)
// Usage: node bench/flooredQuantileNormalTheory.mjs (after `pnpm build`).
import { flooredVarianceDf } from '../packages/sim/dist/taskAverage/flooredVarianceDf.js';
import { flooredVarianceQuantile } from '../packages/sim/dist/taskAverage/flooredVarianceQuantile.js';
import { standardNormal } from '../packages/sim/dist/distributions/standardNormal.js';
import { normalCdf } from '../packages/sim/dist/math/normalCdf.js';
import { studentTQuantile } from '../packages/sim/dist/math/studentT.js';
import { streamRng } from '../packages/sim/dist/rng/streams.js';

const DRAWS = 3000;
const SHARES = [0.1, 0.3, 0.5, 0.7, 0.85, 1];
const RULES = {
  df: (W, f, nu) => studentTQuantile(0.975, Math.min(1e6, flooredVarianceDf(f / Math.max(W, f), nu))),
  'plug-in': (W, f, nu) => flooredVarianceQuantile(f / Math.max(W, f), nu, 0.025, 2),
  'sd-up': (W, f, nu) => flooredVarianceQuantile(Math.min(1, f / (W * (1 + Math.sqrt(2 / nu)))), nu, 0.025, 2),
};
console.log(`coverage (%) of a 95 % interval under normality, ${DRAWS} draws of W per cell; columns f = ${SHARES.join(', ')}`);
for (const nu of [2, 5, 9, 19, 49])
  for (const [name, rule] of Object.entries(RULES)) {
    const rng = streamRng('1', 'floored-quantile', nu);
    const row = SHARES.map((f) => {
      let covered = 0;
      for (let i = 0; i < DRAWS; i++) {
        let x = 0;
        for (let j = 0; j < nu; j++) x += standardNormal(rng) ** 2;
        const W = x / nu;
        covered += 2 * normalCdf(rule(W, f, nu) * Math.sqrt(Math.max(W, f))) - 1;
      }
      return ((100 * covered) / DRAWS).toFixed(1).padStart(5);
    });
    console.log(`ν ${String(nu).padStart(2)}  ${name.padEnd(8)} ${row.join(' ')}`);
  }
