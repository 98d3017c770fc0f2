import { requireNonNegative, requirePositive, requireUnit } from '../checks.js';
import { InputError } from '../errors.js';
import {
  checkKeys,
  childPath,
  fieldOf,
  missingError,
  readList,
  readObject,
  readRequired,
  readTag,
  requireFinite,
  whereOf,
  type ConfigObject,
  type ConfigPath,
} from './configReader.js';
import { BETA_KEYS, resolveBeta } from './resolveBeta.js';
import { MIXTURE_COMPONENT_DISTS, SUCCESS_RATE_DISTS } from './scenarioKinds.js';
import type { MixtureComponent, SuccessRateDist } from './types.js';

type ComponentDist = MixtureComponent['dist'];

/** The parameter keys of each success-rate dist (besides `dist`, and `weight` in a mixture component). */
const PARAMETER_KEYS: Readonly<Record<SuccessRateDist['dist'], readonly string[]>> = {
  fixed: ['values'],
  point: ['p'],
  beta: BETA_KEYS,
  logitNormal: ['mu', 'sigma'],
  mixture: ['components'],
};

/**
 * Mixture weights whose sum is within this of 1 are kept as written (already normalised up to
 * rounding), so that resolving a resolved scenario's file form changes no bit.
 */
const NORMALISED_TOLERANCE = 1e-9;

const EXAMPLE = '{ dist: beta, mean: 0.7, concentration: 4 }';
const COMPONENT_EXAMPLE = '{ weight: 0.2, dist: point, p: 0 }';

/**
 * `tasks.successRate` in canonical form: beta always as {a, b}, fixed values copied, mixture
 * weights normalised to sum to 1 and components resolved recursively (`fixed` is not allowed
 * inside a mixture; a mixture may nest).
 *
 * Example: {dist: mixture, components: [{weight: 1, dist: point, p: 0}, {weight: 3, dist: beta, a: 2, b: 2}]}
 * → {dist: mixture, components: [{weight: 0.25, dist: {dist: point, p: 0}},
 *                                {weight: 0.75, dist: {dist: beta, a: 2, b: 2}}]}.
 */
export function resolveSuccessRate(value: unknown, at: ConfigPath): SuccessRateDist {
  const node = readObject(value, at, EXAMPLE);
  const dist = readTag(node, at, 'dist', SUCCESS_RATE_DISTS);
  checkKeys(node, at, ['dist', ...PARAMETER_KEYS[dist]], `dist ${dist}`);
  if (dist === 'fixed') return resolveFixed(node, at);
  return resolveParameters(node, at, dist);
}

function resolveFixed(node: ConfigObject, at: ConfigPath): SuccessRateDist {
  const listAt = childPath(at, 'values');
  const raw = fieldOf(node, 'values');
  if (raw === undefined) throw missingError(listAt, 'a non-empty list of numbers between 0 and 1');
  const list = readList(raw, listAt, 'numbers between 0 and 1');
  const values = list.map((item, i) => requireUnit(whereOf(childPath(listAt, i)), item));
  return { dist: 'fixed', values };
}

function resolveParameters(node: ConfigObject, at: ConfigPath, dist: ComponentDist['dist']): ComponentDist {
  switch (dist) {
    case 'point':
      return { dist, p: readRequired(node, at, 'p', 'a number between 0 and 1', requireUnit) };
    case 'beta':
      return { dist, ...resolveBeta(node, at) };
    case 'logitNormal': {
      const mu = readRequired(node, at, 'mu', 'a finite number', requireFinite);
      const sigma = readRequired(node, at, 'sigma', 'a finite number ≥ 0', requireNonNegative);
      return { dist, mu, sigma };
    }
    case 'mixture':
      return { dist, components: resolveComponents(node, at) };
  }
}

function resolveComponents(node: ConfigObject, at: ConfigPath): MixtureComponent[] {
  const listAt = childPath(at, 'components');
  const raw = fieldOf(node, 'components');
  if (raw === undefined) throw missingError(listAt, `a non-empty list of components like ${COMPONENT_EXAMPLE}`);
  const list = readList(raw, listAt, `components like ${COMPONENT_EXAMPLE}`);
  const components = list.map((item, i) => resolveComponent(item, childPath(listAt, i)));
  const total = components.reduce((sum, component) => sum + component.weight, 0);
  if (!(total < Infinity)) throw new InputError(whereOf(listAt), 'must have weights with a finite sum', total);
  if (Math.abs(total - 1) <= NORMALISED_TOLERANCE) return components;
  return components.map((component) => ({ weight: component.weight / total, dist: component.dist }));
}

function resolveComponent(value: unknown, at: ConfigPath): MixtureComponent {
  const node = readObject(value, at, COMPONENT_EXAMPLE);
  if (fieldOf(node, 'dist') === 'fixed') {
    throw new InputError(
      whereOf(childPath(at, 'dist')),
      `must be one of ${MIXTURE_COMPONENT_DISTS.join(', ')} (fixed cannot be a mixture component)`,
      'fixed',
    );
  }
  const dist = readTag(node, at, 'dist', MIXTURE_COMPONENT_DISTS);
  checkKeys(node, at, ['weight', 'dist', ...PARAMETER_KEYS[dist]], `a ${dist} component`);
  const weight = readRequired(node, at, 'weight', 'a finite number > 0', requirePositive);
  return { weight, dist: resolveParameters(node, at, dist) };
}
