import { requireAcyclic, requireAtMost } from '../checkArgs.js';
import { MAX_BETA_SHAPE } from '../scenario/scenarioFormat.js';
import { requireNonNegative, requirePositive, requireUnit } from '../checks.js';
import { InputError } from '../errors.js';
import type { SuccessRateDist } from '../scenario/types.js';

const KINDS = 'fixed, point, beta, logitNormal, mixture';

/**
 * Checks a resolved success-rate distribution (docs/design.md §3) and returns it: fixed values in [0, 1]
 * (at least one), point p in [0, 1], beta a, b > 0, logitNormal mu finite and sigma ≥ 0, mixture
 * components non-empty with weights ≥ 0 summing to > 0 (used as weight/Σ weights) and no `fixed`
 * inside. Throws InputError naming the path below `where` (e.g. `dist.components[1].weight`).
 */
export function requireSuccessRateDist(where: string, dist: SuccessRateDist): SuccessRateDist {
  // A mixture among its own components would recurse without end.
  requireAcyclic(dist, (path) => (path === '' ? where : `${where}.${path}`));
  return check(where, dist, false);
}

function check(where: string, dist: SuccessRateDist, insideMixture: boolean): SuccessRateDist {
  const kind = typeof dist === 'object' && dist !== null ? (dist as { dist?: unknown }).dist : undefined;
  switch (kind) {
    case 'fixed': {
      const d = dist as Extract<SuccessRateDist, { dist: 'fixed' }>;
      if (insideMixture) throw new InputError(`${where}.dist`, 'must not be fixed inside a mixture', kind);
      if (!Array.isArray(d.values) || d.values.length === 0) {
        throw new InputError(`${where}.values`, 'must be a non-empty list of probabilities', d.values);
      }
      for (let i = 0; i < d.values.length; i++) requireUnit(`${where}.values[${i}]`, d.values[i]);
      return dist;
    }
    case 'point':
      requireUnit(`${where}.p`, (dist as { p: unknown }).p);
      return dist;
    case 'beta':
      for (const key of ['a', 'b'] as const) {
        const value = requirePositive(`${where}.${key}`, (dist as Record<string, unknown>)[key]);
        requireAtMost(
          `${where}.${key}`,
          value,
          MAX_BETA_SHAPE,
          'a Beta this concentrated is a point to within 10⁻⁷; its quadrature stops converging near 10²⁰⁰',
        );
      }
      return dist;
    case 'logitNormal': {
      const mu = (dist as { mu: unknown }).mu;
      if (typeof mu !== 'number' || !Number.isFinite(mu)) throw new InputError(`${where}.mu`, 'must be a finite number', mu);
      requireNonNegative(`${where}.sigma`, (dist as { sigma: unknown }).sigma);
      return dist;
    }
    case 'mixture': {
      const components = (dist as { components: unknown }).components;
      if (!Array.isArray(components) || components.length === 0) {
        throw new InputError(`${where}.components`, 'must be a non-empty list', components);
      }
      let total = 0;
      for (let i = 0; i < components.length; i++) {
        const component = components[i] as { weight: unknown; dist: SuccessRateDist } | null;
        const at = `${where}.components[${i}]`;
        if (typeof component !== 'object' || component === null) throw new InputError(at, 'must be an object', component);
        total += requireNonNegative(`${at}.weight`, component.weight);
        check(`${at}.dist`, component.dist, true);
      }
      if (!(total > 0)) throw new InputError(`${where}.components`, 'must have weights with a positive sum', total);
      return dist;
    }
    default:
      throw new InputError(`${where}.dist`, `must be one of ${KINDS}`, kind);
  }
}
