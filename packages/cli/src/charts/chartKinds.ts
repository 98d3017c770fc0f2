/** The charts passk draws; each name is an argument of `passk chart KIND`. */
export type ChartKind =
  | 'pass-curves'
  | 'delivery'
  | 'cost-frontier'
  | 'planning'
  | 'task-rates'
  | 'estimator-check'
  | 'task-interval'
  | 'fit-counts'
  | 'fit-pass-rates'
  | 'attempt-success'
  | 'sweep-frontier'
  | 'demonstrate-failures'
  | 'precision-width'
  | 'plan-compare-power'
  | 'compare-curves'
  | 'compare-difference'
  | 'compare-tasks'
  | 'verifier-rates';

export const CHART_KINDS: readonly ChartKind[] = [
  'pass-curves',
  'delivery',
  'cost-frontier',
  'planning',
  'task-rates',
  'estimator-check',
  'task-interval',
  'fit-counts',
  'fit-pass-rates',
  'attempt-success',
  'sweep-frontier',
  'demonstrate-failures',
  'precision-width',
  'plan-compare-power',
  'compare-curves',
  'compare-difference',
  'compare-tasks',
  'verifier-rates',
];

/** One line per kind: what it shows and which result it is drawn from (for help text). */
export const CHART_KIND_DESCRIPTIONS: Readonly<Record<ChartKind, string>> = {
  'pass-curves': 'pass@k and pass^k against k, with interval bands (estimate)',
  delivery: 'delivered correct (and coverage) and delivered wrong against budget k, policies overlaid (one or more simulate)',
  'cost-frontier': 'mean cost against delivered correct, efficient frontier (one or more simulate)',
  planning: 'runs needed against the target pass^k, one curve per k (plan demonstrate)',
  'task-rates': 'spread of per-task success rates (estimate FILE, simulate)',
  'estimator-check': 'pilot estimators against the simulated truth (simulate --pilot-trials)',
  'task-interval': 'one task: intervals for p, pass^k and pass@k per k (estimate --n --c)',
  'fit-counts': 'tasks with c successes, observed against each fitted model (fit)',
  'fit-pass-rates': 'observed against fitted pass@k and pass^k, model-based beyond n (fit)',
  'attempt-success': 'success by attempt after earlier failures, observed against each retry-dependence model (fit of episodes)',
  'sweep-frontier': 'cost against delivered correct per grid point; frontier, best marked (sweep)',
  'demonstrate-failures': 'runs needed against the failures allowed (plan demonstrate)',
  'precision-width': 'interval width against trials, target width marked (plan precision)',
  'plan-compare-power': 'power against tasks, one curve per trials per task (plan compare)',
  'compare-curves': 'pass@k and pass^k of several runs overlaid, with bands (compare)',
  'compare-difference': 'B − A against k with its intervals for the task population and for this benchmark, and the zero line (compare)',
  'compare-tasks': 'per task: success rate in A against B; flips coloured (compare)',
  'verifier-rates': 'false accept against false reject per group, with exact intervals (verifier)',
};

export function isChartKind(value: unknown): value is ChartKind {
  return typeof value === 'string' && (CHART_KINDS as readonly string[]).includes(value);
}
