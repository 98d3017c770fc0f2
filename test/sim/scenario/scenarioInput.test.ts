import { describe, expect, expectTypeOf, it } from 'vitest';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import type { AmountInput, BetaInput, ScenarioInput, SelectorInput } from '../../../packages/sim/src/scenario/scenarioInput.js';
import type { BudgetSpec, SelectorSpec } from '../../../packages/sim/src/scenario/types.js';

// The input types are derived from the declaration (InputOf). These expectations are checked by the
// typecheck of test/ (tsc -p test; vitest does not check types): each spells out a type as the
// format documents it, so a change in the declaration that changes the type fails here.
describe('ScenarioInput (derived from scenarioFormat.ts)', () => {
  it('has the file forms of docs/scenario.md', () => {
    expectTypeOf<AmountInput>().toEqualTypeOf<
      | number
      | { readonly dist: 'constant'; readonly value: number }
      | { readonly dist: 'lognormal'; readonly median: number; readonly sigma: number }
      | { readonly dist: 'empirical'; readonly values: readonly number[] }
    >();
    expectTypeOf<BetaInput>().toEqualTypeOf<
      { readonly dist: 'beta'; readonly mean: number; readonly concentration: number } | { readonly dist: 'beta'; readonly a: number; readonly b: number }
    >();
    expectTypeOf<SelectorInput>().toEqualTypeOf<
      | { readonly kind: 'firstAccepted' }
      | { readonly kind: 'oracle' }
      | { readonly kind: 'random' }
      | { readonly kind: 'majorityVote'; readonly distinctWrong?: number; readonly concentration?: number }
      | { readonly kind: 'bestScore'; readonly separation?: number; readonly threshold?: number | null }
    >();
    expectTypeOf<SelectorSpec>().toEqualTypeOf<
      | { readonly kind: 'firstAccepted' }
      | { readonly kind: 'oracle' }
      | { readonly kind: 'random' }
      | { readonly kind: 'majorityVote'; readonly distinctWrong: number; readonly concentration: number }
      | { readonly kind: 'bestScore'; readonly separation: number; readonly threshold: number | null }
    >();
    expectTypeOf<BudgetSpec>().toEqualTypeOf<{ readonly cost: number | null; readonly latency: number | null; readonly mode: 'soft' | 'hard' }>();
    expectTypeOf<ScenarioInput['policy']['maxAttempts']>().toEqualTypeOf<number>();
    expectTypeOf<ScenarioInput['seed']>().toEqualTypeOf<number | string | undefined>();
  });

  it('a value of the type resolves, its own keys kept', () => {
    const input = {
      tasks: {
        successRate: {
          dist: 'mixture',
          components: [
            { weight: 1, dist: 'beta', a: 2, b: 3 },
            { weight: 1, dist: 'point', p: 0 },
          ],
        },
        count: 4,
      },
      attempts: { cost: { perAttempt: { dist: 'empirical', values: [0.01, 0.03] } } },
      policy: { maxAttempts: 3, budget: { mode: 'hard', cost: 0.05 } },
    } satisfies ScenarioInput;
    const scenario = resolveScenario(input);
    expect(scenario.policy.budget).toStrictEqual({ cost: 0.05, latency: null, mode: 'hard' });
    expect(scenario.tasks.successRate).toStrictEqual({
      dist: 'mixture',
      components: [
        { weight: 0.5, dist: { dist: 'beta', a: 2, b: 3 } },
        { weight: 0.5, dist: { dist: 'point', p: 0 } },
      ],
    });
  });
});
