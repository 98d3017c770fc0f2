import { requireInteger } from '../checks.js';
import { optionalObject, requireList, requireString } from '../checkArgs.js';
import { requireScenario } from '../scenario/requireScenario.js';
import { resolveScenario } from '../scenario/resolveScenario.js';
import { scenarioToInput } from '../scenario/scenarioToInput.js';
import type { Scenario } from '../scenario/types.js';
import { applySweepPoint } from './applySweepPoint.js';
import { parseSweepAxis, sweepGrid, type SweepPoint } from './sweepGrid.js';

/** Options of `sweepScenarios`. */
export interface SweepScenariosOptions {
  /** Replicates at every point, or null (the default) for each point's own run.replicates. */
  readonly replicates?: number | null;
  /** Names the base scenario in errors (`FILE with policy.maxAttempts=0: policy.maxAttempts: …`). */
  readonly source?: string;
}

/**
 * The grid of `vary` axes (`policy.maxAttempts=1..8`, as `passk sweep --vary` takes them) over a
 * base scenario, each point resolved to its scenario before anything is simulated, so a bad point
 * fails first, named by its values. Every point keeps the base seed (common random numbers).
 *
 * Example: sweepScenarios(s, ['policy.maxAttempts=1..3']) → grid [{policy.maxAttempts: 1}, …], three scenarios.
 */
export function sweepScenarios(base: Scenario, vary: readonly string[], options: SweepScenariosOptions = {}): { grid: SweepPoint[]; scenarios: Scenario[] } {
  base = requireScenario('base', base);
  requireList('vary', vary, 1).forEach((text, i) => requireString(`vary[${i}]`, text));
  const given = optionalObject('options', options);
  if (given.replicates !== undefined && given.replicates !== null) requireInteger('options.replicates', given.replicates, 1);
  if (given.source !== undefined) requireString('options.source', given.source);
  const grid = sweepGrid(vary.map((text) => parseSweepAxis(text)));
  const baseInput = scenarioToInput(base);
  const replicates = options.replicates ?? null;
  const scenarios = grid.map((values) => {
    const input = applySweepPoint(baseInput, values) as unknown as Record<string, unknown>;
    if (replicates !== null) input.run = { replicates };
    const where = Object.entries(values)
      .map(([path, value]) => `${path}=${String(value)}`)
      .join(', ');
    return resolveScenario(input, { source: `${options.source ?? 'scenario'} with ${where}` });
  });
  return { grid, scenarios };
}
