import { ARGUMENT_LIMITS, requireAcyclic, requireAtMost } from '../checkArgs.js';
import { InputError } from '../errors.js';
import { MAX_ATTEMPTS_LIMIT } from './scenarioFormat.js';
import { resolveScenario } from './resolveScenario.js';
import { scenarioInputOf } from './scenarioInputOf.js';
import type { Scenario } from './types.js';

/** The sections every resolved scenario has, each an object. */
const SECTIONS = ['tasks', 'attempts', 'verifier', 'selector', 'policy', 'run'] as const;

/**
 * A scenario as the engine and the other entry points take it, checked at their entry: one that
 * `resolveScenario` returned (deeply frozen) is used as it is; a copy of one (read back from a
 * result's JSON, or built by hand) is resolved again (`resolveScenario(scenarioToInput(copy))`),
 * so a changed or damaged field is the resolver's InputError, prefixed by `where`; anything that is
 * no scenario at all is one InputError naming `where`. The scenario must also be small enough to
 * simulate: tasks.count at most ARGUMENT_LIMITS.scenarioTasks. Returns the scenario to use.
 */
export function requireScenario(where: string, value: unknown): Scenario {
  const scenario = isResolved(value) ? value : resolvedCopy(where, value);
  requireAtMost(
    `${where}.tasks.count`,
    scenario.tasks.count,
    ARGUMENT_LIMITS.scenarioTasks,
    'each task holds its rates and tables in memory: 10⁶ tasks took 127 MB',
  );
  return scenario;
}

/** What `resolveScenario` returns: a frozen object whose sections are frozen objects, with the numbers the engine sizes its work by. */
function isResolved(value: unknown): value is Scenario {
  if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return false;
  const record = value as Record<string, unknown>;
  if (!SECTIONS.every((key) => typeof record[key] === 'object' && record[key] !== null && Object.isFrozen(record[key]))) return false;
  const { tasks, policy, run } = value as Scenario;
  return (
    Number.isSafeInteger(tasks.count) &&
    tasks.count >= 0 &&
    Number.isInteger(policy.maxAttempts) &&
    policy.maxAttempts >= 1 &&
    policy.maxAttempts <= MAX_ATTEMPTS_LIMIT &&
    Number.isSafeInteger(run.replicates) &&
    run.replicates >= 1
  );
}

/** A copy of a resolved scenario, resolved again; an InputError naming `where` when it is none. */
function resolvedCopy(where: string, value: unknown): Scenario {
  const shape = 'must be a scenario as resolveScenario returns it (an object with tasks, attempts, verifier, selector, policy and run)';
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InputError(where, shape, value === undefined || value === null || typeof value !== 'object' ? value : 'a list');
  requireAcyclic(value, (path) => (path === '' ? where : `${where}.${path}`));
  const record = value as Record<string, unknown>;
  for (const key of SECTIONS) {
    if (typeof record[key] !== 'object' || record[key] === null) {
      throw new InputError(`${where}.${key}`, 'must be an object (a resolved scenario has tasks, attempts, verifier, selector, policy and run)', record[key]);
    }
  }
  let input;
  try {
    input = scenarioInputOf(value as Scenario);
  } catch (error) {
    if (error instanceof InputError) throw error;
    // A section of another shape (a field missing or of another type where the conversion reads it).
    throw new InputError(where, `${shape}: ${(error as Error).message}`);
  }
  try {
    return resolveScenario(input);
  } catch (error) {
    if (error instanceof InputError) throw new InputError(`${where}.${error.where}`, error.rule, error.value);
    throw error;
  }
}
