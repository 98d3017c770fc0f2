import type { SuccessRateDist } from '../scenario/types.js';
import { requireSuccessRateDist } from './requireSuccessRateDist.js';

/**
 * Whether `momentPower`/`momentComplementPower` are closed forms (exact to rounding) rather than
 * quadrature: false for logitNormal and for mixtures containing one, true otherwise.
 * Example: hasClosedFormMoments({ dist: 'beta', a: 2, b: 3 }) is true (tested).
 */
export function hasClosedFormMoments(dist: SuccessRateDist): boolean {
  return closedForm(requireSuccessRateDist('dist', dist));
}

function closedForm(dist: SuccessRateDist): boolean {
  if (dist.dist === 'logitNormal') return false;
  if (dist.dist === 'mixture') return dist.components.every((component) => closedForm(component.dist));
  return true;
}
