import { exactMetrics, resolveScenario, type ExactMetrics, type ScenarioInput } from '@passk/sim';
import { formatNumber, formatPercent } from '../../format/percent.js';
import { POLICY_MAX_K, type PolicySettings } from './policySettings.js';

/**
 * The scenario the explorer's settings describe (file form, as `passk simulate` reads it), with
 * maxAttempts POLICY_MAX_K so one evaluation gives every budget 1..POLICY_MAX_K.
 */
export function policyScenario(settings: PolicySettings): ScenarioInput {
  const { population, p, mean, concentration } = settings;
  const successRate: ScenarioInput['tasks']['successRate'] =
    population === 'p'
      ? { dist: 'point', p }
      : population === 'beta'
        ? { dist: 'beta', mean, concentration }
        : mean >= 1 || mean <= 0
          ? { dist: 'point', p: mean >= 1 ? 1 : 0 }
          : {
              dist: 'mixture',
              components: [
                { weight: mean, dist: 'point', p: 1 },
                { weight: 1 - mean, dist: 'point', p: 0 },
              ],
            };
  const correlation =
    settings.correlation === 'independent'
      ? { model: 'independent' as const }
      : settings.correlation === 'exchangeable'
        ? { model: 'exchangeable' as const, icc: settings.strength }
        : settings.correlation === 'markov'
          ? { model: 'markov' as const, stickiness: settings.strength }
          : { model: 'feedback' as const, afterFailure: settings.strength };
  return {
    name: 'explorer',
    tasks: { count: 100, successRate },
    attempts: { correlation, cost: { perAttempt: settings.costPerAttempt }, latency: { perAttempt: 1 } },
    verifier: { falseAccept: settings.falseAccept, falseReject: settings.falseReject, cost: 0 },
    selector: { kind: 'firstAccepted' },
    policy: { maxAttempts: POLICY_MAX_K, mode: settings.mode, onNoAccept: 'abstain' },
  };
}

/**
 * The closed forms per budget k = 1..POLICY_MAX_K for the settings: the library's `exactMetrics`
 * of the resolved scenario over the task population (no drawn benchmark), the values
 * `passk simulate` prints in its "exact" columns for the same scenario.
 */
export function policyCurves(settings: PolicySettings): ExactMetrics[] {
  return exactMetrics(resolveScenario(policyScenario(settings), { source: 'explorer' }), null);
}

/** The readout of the policy explorer at budget k, formatted as the CLI's tables are. */
export interface PolicyTexts {
  readonly k: string;
  readonly coverage: string;
  readonly passHatK: string;
  readonly deliveredCorrect: string;
  readonly deliveredWrong: string;
  readonly abstained: string;
  readonly costPerCorrect: string;
}

/** The readout at the settings' k (rates as percentages, cost per correct to 4 decimals). */
export function policyTexts(settings: PolicySettings, curves: readonly ExactMetrics[] = policyCurves(settings)): PolicyTexts {
  const at = curves[settings.k - 1]!;
  return {
    k: String(settings.k),
    coverage: formatPercent(at.coverage),
    passHatK: formatPercent(at.passHatK),
    deliveredCorrect: formatPercent(at.deliveredCorrect),
    deliveredWrong: formatPercent(at.deliveredWrong),
    abstained: formatPercent(at.abstained),
    costPerCorrect: formatNumber(at.costPerCorrect),
  };
}
