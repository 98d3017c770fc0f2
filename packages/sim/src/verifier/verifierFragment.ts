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
  readonly falseAccept: Pick<MeasuredRate, 'errors' | 'of' | 'rate'> | undefined;
  readonly falseReject: Pick<MeasuredRate, 'errors' | 'of' | 'rate'> | undefined;
}

/**
 * A measured verifier as a scenario `verifier` section: the observed rates x/n as point rates and
 * the counts under `measured` (a simulation that propagates the rates' uncertainty draws them from
 * Beta(x + ½, n − x + ½)). Throws InputError (where = `--out`) when a rate was not measurable
 * (no wrong, or no right, attempt).
 */
export function verifierFragment(measure: MeasuredRates, source?: string): MeasuredVerifierInput {
  const { falseAccept, falseReject } = measure;
  if (falseAccept === undefined || falseReject === undefined) {
    const missing = falseAccept === undefined ? 'false accept (no wrong attempt)' : 'false reject (no right attempt)';
    throw new InputError('--out', `needs both rates measured, but ${missing} was not`);
  }
  return {
    falseAccept: falseAccept.rate,
    falseReject: falseReject.rate,
    measured: {
      falseAccept: { accepted: falseAccept.errors, wrong: falseAccept.of },
      falseReject: { rejected: falseReject.errors, right: falseReject.of },
      ...(source === undefined ? {} : { source }),
    },
  };
}
