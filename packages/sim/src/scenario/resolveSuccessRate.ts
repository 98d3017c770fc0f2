import { requireUnit } from '../checks.js';
import { InputError } from '../errors.js';
import { childPath, fieldOf, missingError, readList, readObject, whereOf, type ConfigObject, type ConfigPath } from './configReader.js';
import { readField, readVariant, readVariantFields } from './readDeclared.js';
import { resolveBeta } from './resolveBeta.js';
import { SCENARIO_DEFS, tagValues } from './scenarioFormat.js';
import type { MixtureComponent, SuccessRateDist } from './types.js';

type ComponentDist = MixtureComponent['dist'];

const SUCCESS_RATE = SCENARIO_DEFS.successRate;
const COMPONENT = SCENARIO_DEFS.mixtureComponent;

/**
 * Mixture weights whose sum is within this of 1 are kept as written (already normalised up to
 * rounding), so that resolving a resolved scenario's file form changes no bit.
 */
const NORMALISED_TOLERANCE = 1e-9;

const EXAMPLE = SUCCESS_RATE.example;
const COMPONENT_EXAMPLE = COMPONENT.example;

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
  const dist = readVariant(node, at, SUCCESS_RATE) as SuccessRateDist['dist'];
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
    case 'beta':
      return { dist, ...resolveBeta(node, at) };
    case 'mixture':
      return { dist, components: resolveComponents(node, at) };
    default:
      return { dist, ...readVariantFields(node, at, SUCCESS_RATE, dist) } as ComponentDist;
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
    throw new InputError(whereOf(childPath(at, 'dist')), `must be one of ${tagValues(COMPONENT).join(', ')} (fixed cannot be a mixture component)`, 'fixed');
  }
  const dist = readVariant(node, at, COMPONENT, (tag) => `a ${tag} component`) as ComponentDist['dist'];
  const weight = readField<number>(node, at, 'weight', COMPONENT.common!.weight!);
  return { weight, dist: resolveParameters(node, at, dist) };
}
