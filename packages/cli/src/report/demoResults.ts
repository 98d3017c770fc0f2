import {
  DEFAULT_SCENARIO_INPUT,
  JEFFREYS_PRIOR,
  estimateTask,
  planDemonstration,
  resolveScenario,
  simulate,
  simulatePilot,
  type ScenarioInput,
} from '@passk/sim/internal';
import { summaryDocument } from '../format/summaryDocument.js';
import { taskEstimateJson } from '../format/estimateOutput.js';
import { RESULT_KINDS, withKind } from '../format/resultKinds.js';
import { checkResultDocument } from '../results/checkResultDocument.js';
import type { ReportInput } from './reportInput.js';
import { withProvenance } from '../results/provenance.js';
import { passkVersion } from '../passkVersion.js';

/** Replicates of each demo simulation: enough for SEs of a few tenths of a point, fast enough for a demo. */
export const DEMO_REPLICATES = 400;
/** Trials per task of the demo's pilot. */
export const DEMO_PILOT_TRIALS = 8;
/** The demo's limit on wrong delivery: the best k of each policy is the most correct within it. */
export const DEMO_MAX_WRONG_DELIVERY = 0.05;

/** How the demo's three policies are named on its charts and tables (plain words, no file names). */
export const DEMO_POLICY_NAMES = Object.freeze({
  sequential: 'sequential retries, verifier with 5 % false accepts',
  parallel: 'all attempts in parallel, same verifier',
  strict: 'sequential retries, verifier with 1 % false accepts',
});

/**
 * The demo's results, computed by the library exactly as the commands named in each `source` would
 * (same functions, options and seeds), so they are deterministic and equal to the CLI's JSON:
 * the built-in default scenario (named for its policy, as the two others are) with a pilot; the seeds' 27 of 30 (k = 1..8); the seeds' planning
 * question (pass^8 ≥ 90 %); and two other policies for the same agent — all attempts in parallel,
 * and a stricter verifier — whose costs and deliveries the cost frontier sets beside the default's.
 */
export function demoResults(): ReportInput[] {
  // Each result records the command that makes it (results/provenance.ts), with the scenario files the demo names.
  const as = <T>(argv: string[], make: () => T): T => withProvenance({ argv, passk: passkVersion() }, make);
  const replicates = ['--replicates', String(DEMO_REPLICATES)];
  const main = as(['simulate', 'sequential.yaml', ...replicates, '--pilot-trials', String(DEMO_PILOT_TRIALS)], () =>
    simulation({ ...DEFAULT_SCENARIO_INPUT, name: DEMO_POLICY_NAMES.sequential }, true),
  );
  const parallel = as(['simulate', 'parallel.yaml', ...replicates], () =>
    simulation({ ...DEFAULT_SCENARIO_INPUT, name: DEMO_POLICY_NAMES.parallel, policy: { ...DEFAULT_SCENARIO_INPUT.policy, mode: 'parallel' } }, false),
  );
  const strict = as(['simulate', 'strict-verifier.yaml', ...replicates], () =>
    simulation({ ...DEFAULT_SCENARIO_INPUT, name: DEMO_POLICY_NAMES.strict, verifier: { ...DEFAULT_SCENARIO_INPUT.verifier, falseAccept: 0.01 } }, false),
  );
  const ks = [1, 2, 3, 4, 5, 6, 7, 8];
  const seedTask = as(['estimate', '--n', '30', '--c', '27', '--k', '1..8'], () =>
    taskEstimateJson(estimateTask(30, 27, { ks, interval: { method: 'wilson', confidence: 0.95, sides: 2 }, prior: JEFFREYS_PRIOR })),
  );
  const plan = as(['plan', 'demonstrate', '--target', '0.9', '--k', '8'], () =>
    withKind(RESULT_KINDS.planDemonstrate, planDemonstration({ target: 0.9, k: 8, confidence: 0.95, failures: 0 })),
  );
  const inputs: [string, object][] = [
    [
      `passk simulate sequential.yaml --replicates ${DEMO_REPLICATES} --pilot-trials ${DEMO_PILOT_TRIALS} (the default scenario, named "${DEMO_POLICY_NAMES.sequential}")`,
      main,
    ],
    ['passk estimate --n 30 --c 27 --k 1..8', seedTask],
    ['passk plan demonstrate --target 0.9 --k 8', plan],
    [`passk simulate parallel.yaml --replicates ${DEMO_REPLICATES} (the default with policy.mode: parallel, named "${DEMO_POLICY_NAMES.parallel}")`, parallel],
    [
      `passk simulate strict-verifier.yaml --replicates ${DEMO_REPLICATES} (the default with verifier.falseAccept: 0.01, named "${DEMO_POLICY_NAMES.strict}")`,
      strict,
    ],
  ];
  return inputs.map(([source, result]) => ({ source, result: checkResultDocument(JSON.parse(JSON.stringify(result)), source) }));
}

/** simulate (and with a pilot, simulatePilot) as `passk simulate --replicates N [--pilot-trials n]` runs them. */
function simulation(input: ScenarioInput, withPilot: boolean): object {
  const scenario = resolveScenario({ ...input, run: { replicates: DEMO_REPLICATES } }, { source: 'demo' });
  const summary = simulate(scenario);
  const pilot = withPilot ? simulatePilot(scenario, { trials: DEMO_PILOT_TRIALS, truth: summary, design: 'separateEpisodes' }) : null;
  return summaryDocument(summary, pilot);
}
