import { blockSumsLength, ENGINE_METRICS, InputError, PARTIAL_FORMAT, parseSweepAxis } from '@passk/sim/internal';
import { schemaMisfit } from '../results/schemaMisfit.js';
import { ObservedSchema } from '../results/simulateSchema.js';
import { ProvenanceSchema } from '../results/provenance.js';

/**
 * The shape of a parsed shard file, field by field, before anything reads it: every error names
 * the file and the field (`parts/shard-0002-of-0004.json: partial.nodes[3].sums[7]`), so an altered
 * file is one line, never `x.map is not a function`; a simulate shard's `observed` (--tasks-from)
 * against the simulate document's ObservedSchema. Then the numbers' consistency: each node's
 * replicates follow from its level and index, `done` is their sum and `ranges` their cover, and
 * every block sum lies in its possible range (counts of tasks between 0 and replicates × tasks,
 * attempts at most maxAttempts per episode, amounts ≥ 0), so a sum edited behind a recomputed
 * checksum is refused too.
 */
export function checkShardShape(value: Record<string, unknown>, source: string): void {
  const at = (path: string) => `${source}: ${path}`;
  const kind = value.kind;
  if (kind !== 'simulate' && kind !== 'sweep') throw new InputError(at('kind'), 'must be simulate or sweep', kind);
  requireString(value.passk, at('passk'));
  if (value.provenance !== undefined) {
    // The run's command (results/provenance.ts), which the merged result records: checked against its schema.
    const misfit = schemaMisfit(ProvenanceSchema, value.provenance);
    if (misfit !== null) {
      throw new InputError(
        at(misfit.path === '' ? 'provenance' : `provenance.${misfit.path}`),
        `must be { argv: [strings], passk: string }: ${misfit.message.toLowerCase()}`,
        misfit.value,
      );
    }
  }
  const shard = requireObject(value.shard, at('shard'), '{ index, count }');
  const count = requireInteger(shard.count, at('shard.count'), 1);
  requireInteger(shard.index, at('shard.index'), 1, count);
  const run = requireObject(value.run, at('run'), '{ fingerprint, seed, replicates }');
  requireString(run.fingerprint, at('run.fingerprint'));
  const seed = run.seed;
  if (!((typeof seed === 'number' && Number.isSafeInteger(seed) && seed >= 0) || (typeof seed === 'string' && seed.length > 0))) {
    throw new InputError(at('run.seed'), 'must be an integer ≥ 0 or a non-empty string', seed);
  }
  const replicates = requireInteger(run.replicates, at('run.replicates'), 1);
  const runtime = requireObject(value.runtime, at('runtime'), '{ name, version, engine, arithmetic }');
  for (const key of ['name', 'version', 'engine']) requireString(runtime[key], at(`runtime.${key}`));
  const arithmetic = requireObject(runtime.arithmetic, at('runtime.arithmetic'), 'a hash per Math function');
  if (Object.keys(arithmetic).length === 0) throw new InputError(at('runtime.arithmetic'), 'must name at least one Math function', arithmetic);
  for (const [name, hash] of Object.entries(arithmetic)) requireString(hash, at(`runtime.arithmetic.${name}`));
  const episodes = requireInteger(value.episodes, at('episodes'), 0);
  const seconds = value.seconds;
  if (typeof seconds !== 'number' || !(seconds >= 0) || !Number.isFinite(seconds)) throw new InputError(at('seconds'), 'must be a number ≥ 0', seconds);
  requireObject(value.scenario, at('scenario'), 'a scenario');

  let partials: Array<{ partial: Record<string, unknown>; path: string }>;
  if (kind === 'simulate') {
    const partial = requireObject(value.partial, at('partial'), 'a partial result');
    partials = [{ partial, path: 'partial' }];
    if (partial.replicates !== replicates) throw new InputError(at('partial.replicates'), `must equal run.replicates (${replicates})`, partial.replicates);
    if (partial.fingerprint !== run.fingerprint)
      throw new InputError(at('partial.fingerprint'), `must equal run.fingerprint (${String(run.fingerprint)})`, partial.fingerprint);
    if (value.observed !== undefined) {
      // The log's values of --tasks-from: the shape the simulate document gives them (ObservedSchema).
      const misfit = schemaMisfit(ObservedSchema, value.observed);
      if (misfit !== null) {
        throw new InputError(
          at(misfit.path === '' ? 'observed' : `observed.${misfit.path}`),
          `must be the log's values as simulate --tasks-from writes them (observed, docs/results.md): ${misfit.message.toLowerCase()}`,
          misfit.value,
        );
      }
    }
  } else {
    const sweep = requireObject(value.sweep, at('sweep'), '{ vary, replicates, constraints }');
    const vary = requireArray(sweep.vary, at('sweep.vary'));
    vary.forEach((item, i) => parseSweepAxis(requireString(item, at(`sweep.vary[${i}]`)), at(`sweep.vary[${i}]`)));
    if (sweep.replicates !== null) requireInteger(sweep.replicates, at('sweep.replicates'), 1);
    const constraints = requireObject(sweep.constraints, at('sweep.constraints'), '{ maxCost, maxWrongDelivery }');
    for (const key of ['maxCost', 'maxWrongDelivery']) {
      const bound = constraints[key];
      if (bound !== null && !(typeof bound === 'number' && bound >= 0 && Number.isFinite(bound))) {
        throw new InputError(at(`sweep.constraints.${key}`), 'must be a number ≥ 0 or null', bound);
      }
    }
    const pieces = requireArray(value.pieces, at('pieces'));
    partials = pieces.map((piece, i) => {
      const node = requireObject(piece, at(`pieces[${i}]`), '{ point, partial }');
      requireInteger(node.point, at(`pieces[${i}].point`), 0);
      return { partial: requireObject(node.partial, at(`pieces[${i}].partial`), 'a partial result'), path: `pieces[${i}].partial` };
    });
  }
  let done = 0;
  for (const { partial, path } of partials) {
    checkPartial(partial, (field) => at(`${path}.${field}`));
    done += (partial.done as number) * (partial.tasks as number);
  }
  if (episodes !== done) throw new InputError(at('episodes'), `must equal the episodes its partial sums hold (${done})`, episodes);
}

/** One partial result (engine/partialResult.ts): its fields, nodes and sums. */
function checkPartial(partial: Record<string, unknown>, at: (field: string) => string): void {
  if (partial.format !== PARTIAL_FORMAT) throw new InputError(at('format'), `must be ${PARTIAL_FORMAT}`, partial.format);
  requireString(partial.fingerprint, at('fingerprint'));
  requireString(partial.path, at('path'));
  const blockSize = requireInteger(partial.blockSize, at('blockSize'), 1);
  const tasks = requireInteger(partial.tasks, at('tasks'), 1);
  const maxAttempts = requireInteger(partial.maxAttempts, at('maxAttempts'), 1);
  const replicates = requireInteger(partial.replicates, at('replicates'), 1);
  const done = requireInteger(partial.done, at('done'), 0, replicates);
  if (typeof partial.stopped !== 'boolean') throw new InputError(at('stopped'), 'must be true or false', partial.stopped);
  const ranges = requireArray(partial.ranges, at('ranges')).map((item, i) => {
    const range = requireObject(item, at(`ranges[${i}]`), '{ start, end }');
    const start = requireInteger(range.start, at(`ranges[${i}].start`), 0, replicates - 1);
    return { start, end: requireInteger(range.end, at(`ranges[${i}].end`), start + 1, replicates) };
  });
  const K = maxAttempts;
  const length = blockSumsLength(K);
  const covered: Array<{ start: number; end: number }> = [];
  let total = 0;
  requireArray(partial.nodes, at('nodes')).forEach((item, n) => {
    const node = requireObject(item, at(`nodes[${n}]`), '{ level, index, replicates, sums }');
    const level = requireInteger(node.level, at(`nodes[${n}].level`), 0, 52);
    const index = requireInteger(node.index, at(`nodes[${n}].index`), 0);
    const start = index * 2 ** level * blockSize;
    const end = Math.min(replicates, (index + 1) * 2 ** level * blockSize);
    if (!(start < replicates)) throw new InputError(at(`nodes[${n}].index`), `must name blocks inside the run's ${replicates} replicates`, index);
    const r = requireInteger(node.replicates, at(`nodes[${n}].replicates`), end - start, end - start);
    total += r;
    const last = covered[covered.length - 1];
    if (last && start < last.end) throw new InputError(at(`nodes[${n}]`), 'must follow the previous node in block order, without overlap', { level, index });
    if (last && last.end === start) last.end = end;
    else covered.push({ start, end });
    const sums = requireArray(node.sums, at(`nodes[${n}].sums`));
    if (sums.length !== length) throw new InputError(at(`nodes[${n}].sums`), `must be a list of ${length} numbers (for maxAttempts ${K})`, sums.length);
    sums.forEach((sum, i) => {
      const top = sumBound(i, K, r, tasks, maxAttempts);
      if (typeof sum !== 'number' || !(sum >= 0 && sum <= top)) {
        throw new InputError(at(`nodes[${n}].sums[${i}]`), `must be a number from 0 to ${top === Infinity ? '∞' : top} (${sumName(i, K)})`, sum);
      }
    });
  });
  if (total !== done) throw new InputError(at('done'), `must equal the replicates of its nodes (${total})`, done);
  const same = covered.length === ranges.length && covered.every((range, i) => range.start === ranges[i]!.start && range.end === ranges[i]!.end);
  if (!same) {
    const text = covered.map((range) => `${range.start}..${range.end - 1}`).join(', ') || 'nothing';
    throw new InputError(
      at('ranges'),
      `must be the replicates its nodes cover (${text})`,
      ranges.map((range) => `${range.start}..${range.end - 1}`).join(', '),
    );
  }
}

/**
 * The largest possible value of sum i of a node of r replicates: Σ_r y and Σ_r y² of a per-task
 * count (coverage … abstained: y ≤ tasks), of attempts (y ≤ tasks · maxAttempts); amounts (cost,
 * latency) and Σ y_cost · y_deliveredCorrect are only finite.
 */
function sumBound(i: number, K: number, r: number, tasks: number, maxAttempts: number): number {
  const M = ENGINE_METRICS.length;
  const metric = Math.floor(i / K) % M;
  const squared = i >= M * K && i < 2 * M * K;
  if (i >= 2 * M * K) return Infinity;
  const name = ENGINE_METRICS[metric]!;
  const perReplicate = name === 'cost' || name === 'latency' ? Infinity : name === 'attempts' ? tasks * maxAttempts : tasks;
  return squared ? r * perReplicate * perReplicate : r * perReplicate;
}

function sumName(i: number, K: number): string {
  const M = ENGINE_METRICS.length;
  const between = (2 * M + 1) * K;
  if (i >= between + M * K) return `Σ_blocks Y_cost·Y_deliveredCorrect/n at k = ${(i % K) + 1}`;
  if (i >= between) return `Σ_blocks Y_${ENGINE_METRICS[Math.floor((i - between) / K)]}²/n at k = ${(i % K) + 1}`;
  if (i >= 2 * M * K) return `Σ cost·deliveredCorrect at k = ${(i % K) + 1}`;
  return `Σ ${ENGINE_METRICS[Math.floor(i / K) % M]}${i >= M * K ? '²' : ''} at k = ${(i % K) + 1}`;
}

function requireObject(value: unknown, where: string, shape: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InputError(where, `must be an object (${shape})`, value);
  return value as Record<string, unknown>;
}

function requireArray(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new InputError(where, 'must be a list', value);
  return value;
}

function requireString(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new InputError(where, 'must be a string', value);
  return value;
}

function requireInteger(value: unknown, where: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new InputError(where, min === max ? `must be ${min}` : `must be an integer from ${min} to ${max}`, value);
  }
  return value;
}
