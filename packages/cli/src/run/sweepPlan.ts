import { scenarioFingerprint, sweepScenarios, type Constraints, type Scenario, type SweepPoint } from '@passk/sim/internal';

/** What a sweep varies and looks for, as given on its command line (kept in its shard files). */
export interface SweepSettings {
  readonly vary: readonly string[];
  /** --replicates at every point, or null for each point's own run.replicates. */
  readonly replicates: number | null;
  readonly constraints: Constraints;
}

/** A sweep ready to run: every grid point resolved to its scenario before anything is simulated. */
export interface SweepPlan {
  readonly base: Scenario;
  readonly settings: SweepSettings;
  readonly grid: readonly SweepPoint[];
  readonly scenarios: readonly Scenario[];
  /** Identifies the run (scenario, grid, replicates, constraints): shards of one sweep share it. */
  readonly fingerprint: string;
}

/**
 * The grid of `settings.vary` over `base`, each point's scenario resolved (sweepScenarios; errors
 * name the point: `FILE with policy.maxAttempts=0: …`). The fingerprint is scenarioFingerprint of the base scenario
 * with the settings folded into its format string.
 */
export function sweepPlan(base: Scenario, settings: SweepSettings, source: string): SweepPlan {
  const { grid, scenarios } = sweepScenarios(base, settings.vary, { replicates: settings.replicates, source });
  const fingerprint = scenarioFingerprint(base, JSON.stringify(['passk-sweep', settings.vary, settings.replicates, settings.constraints]));
  return { base, settings, grid, scenarios, fingerprint };
}
