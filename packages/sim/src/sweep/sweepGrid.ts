import { requireList, requireObject, requireString } from '../checkArgs.js';
import { InputError } from '../errors.js';
import { requireScenarioPath } from './sweepPaths.js';

/** One `--vary path=values` axis: a dotted config path and the values it takes. */
export interface SweepAxis {
  readonly path: string;
  readonly values: readonly SweepValue[];
}

/** A value a sweep axis takes at one grid point. */
export type SweepValue = number | string | boolean | null;

/** One grid point: a value for every axis, by path. */
export type SweepPoint = Readonly<Record<string, SweepValue>>;

const MAX_POINTS = 10_000;

/**
 * Parses `path=values`, where values is a comma list (`0,0.02,0.05`), an integer range (`1..16`),
 * or both mixed (`1..4,8,16`). Items are numbers when they read as numbers, `null`, `true`, `false`,
 * else text (`parallel`). The path must be a scenario key (scenarioPaths). Example: `policy.maxAttempts=1..3` → { path, values: [1, 2, 3] }.
 */
export function parseSweepAxis(text: string, where = '--vary'): SweepAxis {
  requireString('where', where);
  requireString(where, text);
  const match = /^\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*=\s*(.+)$/.exec(text);
  if (!match) throw new InputError(where, 'must be path=values, e.g. policy.maxAttempts=1..16 or verifier.falseAccept=0,0.02', text);
  requireScenarioPath(match[1]!, where);
  const values: SweepValue[] = [];
  for (const item of match[2]!.split(',').map((part) => part.trim())) {
    const range = /^(-?\d+)\.\.(-?\d+)$/.exec(item);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (!(to >= from && to - from < MAX_POINTS)) throw new InputError(where, `range ${item} must go up, with fewer than ${MAX_POINTS} values`, text);
      for (let v = from; v <= to; v++) values.push(v);
    } else if (item === '') throw new InputError(where, 'has an empty value in its list', text);
    else values.push(parseValue(item));
  }
  return { path: match[1]!, values };
}

/** A value of a sweep axis: a finite number, a string, true, false or null. */
export function requireSweepValue(where: string, value: unknown): SweepValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return value;
  throw new InputError(
    where,
    'must be a finite number, a string, true, false or null',
    typeof value === 'object' || typeof value === 'function' ? typeof value : value,
  );
}

function parseValue(item: string): SweepValue {
  if (item === 'null') return null;
  if (item === 'true') return true;
  if (item === 'false') return false;
  const number = Number(item);
  return Number.isFinite(number) && /^[-+]?(\d|\.\d)/.test(item) ? number : item;
}

/** The Cartesian product of the axes, the first axis varying slowest. */
export function sweepGrid(axes: readonly SweepAxis[]): SweepPoint[] {
  requireList('axes', axes).forEach((item, i) => {
    const axis = requireObject(`axes[${i}]`, item);
    requireString(`axes[${i}].path`, axis.path);
    requireList(`axes[${i}].values`, axis.values, 1).forEach((value, j) => requireSweepValue(`axes[${i}].values[${j}]`, value));
  });
  const paths = axes.map((axis) => axis.path);
  const duplicate = paths.find((path, i) => paths.indexOf(path) !== i);
  if (duplicate !== undefined) throw new InputError('--vary', 'names each path once', duplicate);
  const size = axes.reduce((product, axis) => product * axis.values.length, 1);
  if (!(size <= MAX_POINTS)) {
    throw new InputError('--vary', `must make at most ${MAX_POINTS} grid points`, `${axes.map((axis) => axis.values.length).join(' × ')} = ${size} points`);
  }
  let points: Record<string, SweepValue>[] = [{}];
  for (const axis of axes) points = points.flatMap((point) => axis.values.map((value) => ({ ...point, [axis.path]: value })));
  return points;
}
