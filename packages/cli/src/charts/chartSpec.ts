import type { ChartKind } from './chartKinds.js';

/** A chart as plain data: what it is, its title and caption, and the vega-lite v6 spec (with $schema). */
export interface ChartSpec {
  readonly kind: ChartKind;
  readonly title: string;
  /** One line: what to read from the chart. */
  readonly caption: string;
  readonly spec: object;
}

/** What the reader chose that changes a chart: the limit on wrong delivery, a log-k axis. */
export interface ChartOptions {
  /** Drawn as a rule on the delivery chart; the best k is the most correct within it. */
  readonly maxWrongDelivery?: number | null;
  /** k on a log axis (pass-curves); default: when the measured ks span more than a decade. */
  readonly logK?: boolean;
}
