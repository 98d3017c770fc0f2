import {
  InputError,
  independentPassAtK,
  independentPassHatK,
  passAtK,
  passAtKInterval,
  passHatK,
  passHatKInterval,
  pluginPassAtK,
  pluginPassHatK,
  proportionInterval,
  type IntervalMethod,
  type IntervalOptions,
} from '@passk/sim/internal';
import { describeCoverage, methodName } from '../../format/describe.js';
import { formatPercent, formatPercentInterval } from '../../format/percent.js';

/** The texts of the p/k explorer: the two closed forms for a known p and their gap, formatted like `passk estimate --p`. */
export interface CurveTexts {
  readonly p: string;
  readonly k: string;
  readonly passAtK: string;
  readonly passHatK: string;
  readonly gap: string;
}

/**
 * What the sliders show for p and k, computed by the library (independentPassAtK, independentPassHatK)
 * and formatted by the CLI's formatPercent, so the page and `passk estimate --p P --k K` agree.
 * Example (seeds): p = 0.9, k = 8 → pass@8 ">99.9%", pass^8 "43.0%", gap "57.0%".
 */
export function curveTexts(p: number, k: number): CurveTexts {
  const at = independentPassAtK(p, k);
  const hat = independentPassHatK(p, k);
  return { p: formatPercent(p), k: String(k), passAtK: formatPercent(at), passHatK: formatPercent(hat), gap: formatPercent(at - hat) };
}

/** The calculator's inputs: one task's counts and the interval for p. */
export interface CalculatorInput {
  readonly n: number;
  readonly c: number;
  readonly k: number;
  readonly method: IntervalMethod;
  readonly confidence: number;
  readonly sides: number;
}

/** The calculator's texts, formatted like `passk estimate --n N --c C --k K`; `error` is the InputError's line when the input is bad. */
export interface CalculatorTexts {
  readonly error: string;
  readonly interval: string;
  readonly p: string;
  readonly pInterval: string;
  readonly passAtK: string;
  readonly passAtKPlugin: string;
  readonly passAtKInterval: string;
  readonly passHatK: string;
  readonly passHatKPlugin: string;
  readonly passHatKInterval: string;
}

const EMPTY = '—';

/**
 * What the (n, c, k) calculator shows: unbiased (passAtK, passHatK), plug-in (pluginPassAtK,
 * pluginPassHatK) and the interval for p (proportionInterval) mapped through 1 − (1 − p)^k and p^k.
 * Bad input (c > n, k > n, …) gives the library's message and dashes.
 * Example (seeds): n = 30, c = 27, k = 8, Wilson 95 % two-sided → pass^8 "37.9%", plug-in "43.0%", interval "[9.4%, 75.4%]".
 */
export function calculatorTexts(input: CalculatorInput): CalculatorTexts {
  const { n, c, k, method, confidence, sides } = input;
  try {
    if (sides !== 1 && sides !== 2) throw new InputError('sides', 'must be 1 or 2', sides);
    const options: IntervalOptions = sides === 1 ? { method, confidence, sides: 1, tail: 'lower' } : { method, confidence, sides: 2 };
    const unbiasedAt = passAtK(n, c, k);
    const unbiasedHat = passHatK(n, c, k);
    const p = proportionInterval(n, c, options);
    const at = passAtKInterval(p, k);
    const hat = passHatKInterval(p, k);
    return {
      error: '',
      interval: `${describeCoverage(p.confidence, p.sides, p.tail)} ${methodName(p.method)} interval for p, mapped through 1 − (1 − p)^k and p^k`,
      p: formatPercent(p.estimate),
      pInterval: formatPercentInterval(p.lower, p.upper),
      passAtK: formatPercent(unbiasedAt),
      passAtKPlugin: formatPercent(pluginPassAtK(n, c, k)),
      passAtKInterval: formatPercentInterval(at.lower, at.upper),
      passHatK: formatPercent(unbiasedHat),
      passHatKPlugin: formatPercent(pluginPassHatK(n, c, k)),
      passHatKInterval: formatPercentInterval(hat.lower, hat.upper),
    };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return {
      error: error.message,
      interval: '',
      p: EMPTY,
      pInterval: EMPTY,
      passAtK: EMPTY,
      passAtKPlugin: EMPTY,
      passAtKInterval: EMPTY,
      passHatK: EMPTY,
      passHatKPlugin: EMPTY,
      passHatKInterval: EMPTY,
    };
  }
}
