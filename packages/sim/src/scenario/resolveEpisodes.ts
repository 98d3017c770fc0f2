import { ARGUMENT_LIMITS } from '../checkArgs.js';
import { InputError } from '../errors.js';
import { checkKeys, childPath, fieldOf, missingError, readList, readObject, whereOf, type ConfigPath } from './configReader.js';
import { checkOf, readField } from './readDeclared.js';
import { SCENARIO_DEFS } from './scenarioFormat.js';
import type { EpisodeMeasurement } from './types.js';

const EPISODE = /^[01]+( [01]+)*$/;

/**
 * `tasks.measured.episodes`: per task its episodes as runs of 0/1 separated by spaces, consistent with
 * the counts beside them (task i's attempts are trials[i], its 1s successes[i]); with untilSuccess a 1
 * ends its episode; some episode of 2 attempts or more (the dependence within episodes needs one);
 * at most ARGUMENT_LIMITS.episodeAttempts attempts in all (each block refits them).
 * Example: { outcomes: ['001', '1 01'], stopping: untilSuccess, model: feedback } with trials [3, 3], successes [1, 2].
 */
export function resolveEpisodes(value: unknown, at: ConfigPath, trials: readonly number[], successes: readonly number[]): EpisodeMeasurement {
  const declared = SCENARIO_DEFS.episodeMeasurement;
  const node = readObject(value, at, declared.example);
  checkKeys(node, at, Object.keys(declared.fields));
  const outcomesAt = childPath(at, 'outcomes');
  const raw = fieldOf(node, 'outcomes');
  if (raw === undefined) throw missingError(outcomesAt, 'a non-empty list of strings');
  const check = checkOf(declared.fields.outcomes.node.item);
  const outcomes = readList(raw, outcomesAt, 'strings').map((item, i) => check(whereOf(childPath(outcomesAt, i)), item) as string);
  const stopping = readField<EpisodeMeasurement['stopping']>(node, at, 'stopping', declared.fields.stopping);
  const model = readField<EpisodeMeasurement['model']>(node, at, 'model', declared.fields.model);
  if (outcomes.length !== trials.length) {
    throw new InputError(whereOf(outcomesAt), `must have one entry per task of trials (${trials.length})`, `${outcomes.length} entries`);
  }
  let total = 0;
  let longest = 0;
  outcomes.forEach((text, i) => {
    const where = whereOf(childPath(outcomesAt, i));
    if (!EPISODE.test(text)) throw new InputError(where, "must be episodes of 0 and 1 separated by single spaces (e.g. '001 1')", text);
    const episodes = text.split(' ');
    const attempts = episodes.reduce((sum, e) => sum + e.length, 0);
    const ones = [...text].filter((x) => x === '1').length;
    if (attempts !== trials[i] || ones !== successes[i]) {
      throw new InputError(where, `must hold trials[${i}] (${trials[i]}) attempts with successes[${i}] (${successes[i]}) of them 1`, text);
    }
    if (stopping === 'untilSuccess' && episodes.some((e) => e.indexOf('1') >= 0 && e.indexOf('1') < e.length - 1)) {
      throw new InputError(where, 'must stop each episode at its first success (stopping untilSuccess), but has attempts after a 1', text);
    }
    total += attempts;
    for (const e of episodes) longest = Math.max(longest, e.length);
  });
  if (longest < 2)
    throw new InputError(whereOf(outcomesAt), 'must hold an episode of at least 2 attempts (dependence within episodes)', 'every episode 1 attempt');
  if (!(total <= ARGUMENT_LIMITS.episodeAttempts)) {
    throw new InputError(
      whereOf(outcomesAt),
      `must hold at most ${ARGUMENT_LIMITS.episodeAttempts} attempts in all (each block of replicates refits a model to them)`,
      total,
    );
  }
  return { outcomes, stopping, model };
}
