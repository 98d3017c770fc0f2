/** Types of the decision study's exports, for the reduced version in test/sim/fit/extrapolation.test.ts. */
export interface Tally {
  count: number;
  inside: number;
  width: number;
  refused: number;
}
export interface Bounds {
  lower: number;
  upper: number;
}
export interface RealLog {
  name: string;
  tasks: boolean[][];
}
export interface Population {
  name: string;
  draw: (rng: unknown) => number;
  moment: (k: number, failures: boolean) => number;
}
export interface TruncationRow {
  log: string;
  tasks: number;
  n: number;
  m: number;
  order: 'first' | 'random';
  check: string;
  runs: number | null;
  decisions: string[];
  before: Tally;
  after: Tally;
  atN: { observed: number; predicted: number | null; before: Bounds | null; after: Bounds | null };
}
export function readRealLogs(dir: string): RealLog[];
export function truncationStudy(log: RealLog, ms: number[], order: 'first' | 'random', seed?: string): TruncationRow[];
export const POPULATIONS: Population[];
export function syntheticStudy(options: { population: Population; tasks: number; n: number; replicates: number; seed?: string }): {
  population: string;
  tasks: number;
  n: number;
  replicates: number;
  truth: Record<string, { passAtK: number; passHatK: number }>;
  before: Record<string, Tally>;
  after: Record<string, Tally>;
  decisions: Record<string, number>;
  checks: Record<string, number>;
};
