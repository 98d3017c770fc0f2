import { InputError } from '../errors.js';
import { SCENARIO_PATHS } from '../scenario/scenarioPaths.js';
import { suggestName } from '../scenario/suggestName.js';

/** The dotted scenario paths (`SCENARIO_PATHS`, from the one declaration of the format) as a set. */
const PATHS: ReadonlySet<string> = new Set(SCENARIO_PATHS);

/**
 * Every dotted config path a scenario file can hold (`policy.maxAttempts`,
 * `tasks.successRate.mean`, …). List items are not paths. This is the allow-list of `--vary`
 * paths: a name such as `__proto__` or `constructor` is no scenario key, so it can never reach an
 * object's prototype.
 */
export function scenarioPaths(): ReadonlySet<string> {
  return PATHS;
}

/** The path, or one InputError at `where` naming the nearest scenario path. */
export function requireScenarioPath(path: string, where: string): string {
  const paths = scenarioPaths();
  if (typeof path === 'string' && paths.has(path)) return path;
  const suggestion = typeof path === 'string' ? suggestName(path, [...paths]) : undefined;
  throw new InputError(
    where,
    `must be the dotted path of a scenario key (${suggestion ? `did you mean ${suggestion}?` : 'e.g. policy.maxAttempts; see passk schema'})`,
    path,
  );
}
