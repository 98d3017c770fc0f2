import type { AmountInput, CorrelationInput, MixtureComponentInput, RateInput, ScenarioInput, SelectorInput, SuccessRateInput } from './scenarioInput.js';
import type { Amount, MixtureComponent, RateSpec, Scenario, SuccessRateDist } from './types.js';

/**
 * `scenarioToInput` without its check (internal: for a scenario already checked, and for
 * `requireScenario`, which reads a copy of a resolved scenario back through it).
 */
export function scenarioInputOf(scenario: Scenario): ScenarioInput {
  const { tasks, attempts, verifier, policy } = scenario;
  return {
    seed: scenario.seed,
    ...(scenario.name === null ? {} : { name: scenario.name }),
    tasks: {
      count: tasks.count,
      successRate: successRateInput(tasks.successRate),
      resample: tasks.resample,
      ...(tasks.measured === undefined
        ? {}
        : {
            measured: {
              trials: [...tasks.measured.trials],
              successes: [...tasks.measured.successes],
              population: tasks.measured.population,
              ...(tasks.measured.source === undefined ? {} : { source: tasks.measured.source }),
              ...(tasks.measured.episodes === undefined
                ? {}
                : {
                    episodes: {
                      outcomes: [...tasks.measured.episodes.outcomes],
                      stopping: tasks.measured.episodes.stopping,
                      model: tasks.measured.episodes.model,
                    },
                  }),
            },
          }),
    },
    attempts: {
      correlation: { ...attempts.correlation } as CorrelationInput,
      cost: { perAttempt: amountInput(attempts.cost) },
      latency: { perAttempt: amountInput(attempts.latency) },
    },
    ...(verifier.perfect
      ? {}
      : {
          verifier: {
            falseAccept: rateInput(verifier.falseAccept),
            falseReject: rateInput(verifier.falseReject),
            cost: verifier.cost,
            ...(verifier.measured === undefined
              ? {}
              : {
                  measured: {
                    falseAccept: { ...verifier.measured.falseAccept },
                    falseReject: { ...verifier.measured.falseReject },
                    ...(verifier.measured.source === undefined ? {} : { source: verifier.measured.source }),
                  },
                }),
          },
        }),
    selector: { ...scenario.selector } as SelectorInput,
    policy: {
      maxAttempts: policy.maxAttempts,
      mode: policy.mode,
      batchSize: policy.batchSize,
      onNoAccept: policy.onNoAccept,
      budget: { cost: policy.budget.cost, latency: policy.budget.latency, mode: policy.budget.mode },
    },
    run: { replicates: scenario.run.replicates },
  };
}

function successRateInput(dist: SuccessRateDist): SuccessRateInput {
  switch (dist.dist) {
    case 'fixed':
      return { dist: 'fixed', values: [...dist.values] };
    case 'mixture':
      return { dist: 'mixture', components: dist.components.map(componentInput) };
    default:
      return { ...dist };
  }
}

function componentInput(component: MixtureComponent): MixtureComponentInput {
  return { weight: component.weight, ...successRateInput(component.dist) } as MixtureComponentInput;
}

function amountInput(amount: Amount): AmountInput {
  if (amount.dist === 'constant') return amount.value;
  return amount.dist === 'empirical' ? { dist: 'empirical', values: [...amount.values] } : { ...amount };
}

function rateInput(rate: RateSpec): RateInput {
  return rate.dist === 'point' ? rate.p : { ...rate };
}
