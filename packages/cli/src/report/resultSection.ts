import type { Scenario } from '@passk/sim/internal';
import type { SafeHtml } from './html.js';

/** One line of a result's "Method notes": what was computed and how. */
export interface MethodNote {
  readonly label: string;
  readonly text: string | SafeHtml;
}

/** What the report shows for one result besides its charts. */
export interface ResultSection {
  /** The heading (plain text; escaped when rendered). */
  readonly title: string;
  /** The lead sentence(s) and summary tables. */
  readonly body: SafeHtml;
  readonly notes: readonly MethodNote[];
  /** The scenario of a simulation (shown as YAML), or null. */
  readonly scenario: Scenario | null;
}
