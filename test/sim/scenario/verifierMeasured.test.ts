import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import { scenarioJsonSchema } from '../../../packages/sim/src/scenario/scenarioJsonSchema.js';
import { scenarioToInput } from '../../../packages/sim/src/scenario/scenarioToInput.js';

// `verifier.measured` (passk verifier --out): the counts behind the rates. Expected rates are the
// plain ratios: 2375/10018 = 0.2370732681173887, 156/12284 = 0.012699446434386193 (python3).

const MEASURED = { falseAccept: { accepted: 2375, wrong: 10018 }, falseReject: { rejected: 156, right: 12284 }, source: 'mbpp vs mbpp+' };
const base = (verifier: unknown) => ({ tasks: { count: 5, successRate: { dist: 'point', p: 0.5 } }, policy: { maxAttempts: 3 }, verifier });
const ruleOf = (input: unknown): [string, string] => {
  try {
    resolveScenario(input);
  } catch (error) {
    if (error instanceof InputError) return [error.where, error.rule];
    throw error;
  }
  throw new Error('resolved without error');
};

describe('verifier.measured', () => {
  it('defaults the point rates to accepted/wrong and rejected/right and keeps the counts', () => {
    const { verifier } = resolveScenario(base({ measured: MEASURED }));
    expect(verifier.falseAccept).toEqual({ dist: 'point', p: 0.2370732681173887 });
    expect(verifier.falseReject).toEqual({ dist: 'point', p: 0.012699446434386193 });
    expect(verifier.measured).toEqual(MEASURED);
  });

  it('keeps point rates given beside the counts', () => {
    const { verifier } = resolveScenario(base({ falseAccept: 0.2371, falseReject: 0.0127, measured: MEASURED }));
    expect(verifier.falseAccept).toEqual({ dist: 'point', p: 0.2371 });
    expect(verifier.measured?.falseReject).toEqual({ rejected: 156, right: 12284 });
  });

  it('round-trips through scenarioToInput, and a verifier without measured has no such key', () => {
    const resolved = resolveScenario(base({ falseAccept: 0.2371, measured: MEASURED }));
    expect(resolveScenario(scenarioToInput(resolved))).toEqual(resolved);
    expect('measured' in resolveScenario(base({ falseAccept: 0.1 })).verifier).toBe(false);
  });

  it.each([
    [{ ...MEASURED, falseAccept: { accepted: 11, wrong: 10 } }, {}, 'verifier.measured.falseAccept.accepted', 'must be ≤ wrong (10)'],
    [{ ...MEASURED, falseReject: { rejected: 3, right: 2 } }, {}, 'verifier.measured.falseReject.rejected', 'must be ≤ right (2)'],
    [{ ...MEASURED, falseAccept: { accepted: 0, wrong: 0 } }, {}, 'verifier.measured.falseAccept.wrong', 'must be an integer ≥ 1'],
    [{ ...MEASURED, falseReject: { rejected: 1.5, right: 4 } }, {}, 'verifier.measured.falseReject.rejected', 'must be an integer ≥ 0'],
    [{ falseReject: MEASURED.falseReject }, {}, 'verifier.measured.falseAccept', 'is required'],
    [{ ...MEASURED, extra: 1 }, {}, 'verifier.measured.extra', 'unknown key'],
    [MEASURED, { falseAccept: { dist: 'beta', a: 1, b: 3 } }, 'verifier.falseAccept', 'must be a number (a point rate) when verifier.measured is given'],
  ])('refuses %j with %j', (measured, rates, where, rule) => {
    const [at, said] = ruleOf(base({ ...rates, measured }));
    expect(at).toBe(where);
    expect(said).toContain(rule);
  });

  it('the JSON Schema accepts the fragment and refuses a Beta rate beside it', () => {
    const validate = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true }).compile(scenarioJsonSchema());
    expect(validate(base({ falseAccept: 0.2371, falseReject: 0.0127, measured: MEASURED }))).toBe(true);
    expect(validate(base({ falseAccept: { dist: 'beta', a: 1, b: 3 }, measured: MEASURED }))).toBe(false);
    expect(validate(base({ measured: { falseAccept: { accepted: 1, wrong: 0 }, falseReject: MEASURED.falseReject } }))).toBe(false);
  });
});
