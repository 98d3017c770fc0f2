import { describe, expect, it } from 'vitest';
import { attemptPaths } from '../../../packages/sim/src/analytic/attemptPaths.js';
import { geometricPaths } from '../../../packages/sim/src/analytic/geometricPaths.js';
import { markovPaths } from '../../../packages/sim/src/analytic/markovPaths.js';
import { taskPaths } from '../../../packages/sim/src/analytic/taskPaths.js';
import { verifierMoments } from '../../../packages/sim/src/analytic/verifierMoments.js';

const point = verifierMoments({ dist: 'point', p: 0.1 }, { dist: 'point', p: 0.2 }, 6);
const beta = verifierMoments({ dist: 'beta', a: 2, b: 6 }, { dist: 'point', p: 0.2 }, 6);

describe('taskPaths (picks the cheapest exact route)', () => {
  it('doc example: independent with point rates is geometricPaths (also exchangeable icc 0)', () => {
    expect(taskPaths(0.5, { model: 'independent' }, point, 6)).toEqual(geometricPaths(0.5, 0.1, 0.2, 6));
    expect(taskPaths(0.5, { model: 'exchangeable', icc: 0 }, point, 6)).toEqual(geometricPaths(0.5, 0.1, 0.2, 6));
  });

  it('markov with point rates is markovPaths; Beta rates and the other models go to attemptPaths', () => {
    expect(taskPaths(0.5, { model: 'markov', stickiness: 0.4 }, point, 6)).toEqual(markovPaths(0.5, 0.4, 0.1, 0.2, 6));
    expect(taskPaths(0.5, { model: 'markov', stickiness: 0.4 }, beta, 6)).toEqual(attemptPaths(0.5, { model: 'markov', stickiness: 0.4 }, beta, 6));
    expect(taskPaths(0.5, { model: 'independent' }, beta, 6)).toEqual(attemptPaths(0.5, { model: 'independent' }, beta, 6));
    const fb = { model: 'feedback', afterFailure: 0.2 } as const;
    expect(taskPaths(0.5, fb, point, 6)).toEqual(attemptPaths(0.5, fb, point, 6));
  });
});
