import { regularizedGammaP } from '../math/regularizedGamma.js';

/**
 * Degrees of freedom of a variance estimate with a floor, V = max(s², F), for the t quantile of an
 * interval studentized by V. With s² = σ²·W, W ~ χ²_ν/ν (ν = T − 1) and F = c·σ², c ∈ [0, 1] known,
 * the two moments of Y = max(W, c) are, from E[χ²_ν; χ²_ν > y] = ν·P(χ²_{ν+2} > y) and
 * E[(χ²_ν)²; χ²_ν > y] = ν(ν + 2)·P(χ²_{ν+4} > y),
 *   E Y  = c·G_ν + 1 − G_{ν+2},   E Y² = c²·G_ν + (1 + 2/ν)(1 − G_{ν+4}),   G_m = P(χ²_m ≤ νc),
 * and Y is matched to a scaled χ²_f/f by its two moments (Satterthwaite 1946, "An approximate
 * distribution of estimates of variance components", Biometrics Bulletin 2:110–114):
 *   f = 2(E Y)²/Var Y.
 * c = 0 gives ν (no floor); c = 1 (the floor is the whole variance) gives about 3ν at ν = 19
 * (56.4). Callers plug in c = F/V, the floor's share of the variance used.
 */
export function flooredVarianceDf(share: number, df: number): number {
  if (!(share > 0)) return df;
  const c = Math.min(1, share);
  const y = (df * c) / 2;
  const g = regularizedGammaP(df / 2, y);
  const g2 = regularizedGammaP(df / 2 + 1, y);
  const g4 = regularizedGammaP(df / 2 + 2, y);
  const first = c * g + 1 - g2;
  const second = c * c * g + (1 + 2 / df) * (1 - g4);
  const variance = second - first * first;
  return variance > 0 ? Math.max(df, (2 * first * first) / variance) : Number.MAX_VALUE;
}
