import { requireObject, requireString } from '../checkArgs.js';
import { requireInteger } from '../checks.js';
import { InputError } from '../errors.js';
import type { MeasuredRate } from './measuredRate.js';

/** The `verifier` section of a scenario for a measured verifier (docs/scenario.md, `verifier.measured`). */
export interface MeasuredVerifierInput {
  readonly falseAccept: number;
  readonly falseReject: number;
  readonly measured: {
    readonly falseAccept: { readonly accepted: number; readonly wrong: number };
    readonly falseReject: { readonly rejected: number; readonly right: number };
    readonly source?: string;
  };
}

/** The two rates of a measured verifier (as `measureVerifier` returns them; undefined: not measured). */
export interface MeasuredRates {
  readonly falseAccept: Pick<MeasuredRate, 'errors' | 'of'> | undefined;
  readonly falseReject: Pick<MeasuredRate, 'errors' | 'of'> | undefined;
}

/**
 * A measured verifier as a scenario `verifier` section: the observed rates x/n as point rates and
 * the counts under `measured` (a simulation that propagates the rates' uncertainty draws them from
 * Beta(x + ½, n − x + ½)). Throws InputError (where = `--out`) when a rate was not measurable
 * (no wrong, or no right, attempt), and for counts that are not integers 0 ≤ errors ≤ of.
 */
export function verifierFragment(measure: MeasuredRates, source?: string): MeasuredVerifierInput {
  const { falseAccept, falseReject } = requireObject('measure', measure);
  if (falseAccept === undefined || falseReject === undefined) {
    const missing = falseAccept === undefined ? 'false accept (no wrong attempt)' : 'false reject (no right attempt)';
    throw new InputError('--out', `needs both rates measured, but ${missing} was not`);
  }
  const accepted = counts('measure.falseAccept', falseAccept);
  const rejected = counts('measure.falseReject', falseReject);
  if (source !== undefined) requireString('source', source);
  return {
    falseAccept: accepted.errors / accepted.of,
    falseReject: rejected.errors / rejected.of,
    measured: {
      falseAccept: { accepted: accepted.errors, wrong: accepted.of },
      falseReject: { rejected: rejected.errors, right: rejected.of },
      ...(source === undefined ? {} : { source }),
    },
  };
}

/** A measured rate's counts, checked: of ≥ 1, 0 ≤ errors ≤ of. */
function counts(where: string, value: unknown): { errors: number; of: number } {
  const rate = requireObject(where, value);
  const of = requireInteger(`${where}.of`, rate.of, 1);
  return { errors: requireInteger(`${where}.errors`, rate.errors, 0, of), of };
}
