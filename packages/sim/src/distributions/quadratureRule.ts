/**
 * A quadrature rule for expectations over a success rate p: E[f(p)] ≈ Σ_i weights[i]·f(nodes[i]).
 * Nodes lie in [0, 1]; weights are ≥ 0 and sum to 1 (up to rounding and a negligible cut-off tail).
 */
export interface QuadratureRule {
  readonly nodes: Float64Array;
  readonly weights: Float64Array;
}
