import { verifier, type MeasuredRate, type MeasuredShare, type VerifierCounts } from '@passk/sim/internal';
import type { VerifierGroupCounts, VerifierReading } from '../commands/verifierCounts.js';
import type { VerifierDocument, VerifierRow } from '../results/verifierSchema.js';
import { withKind } from './resultKinds.js';

/** What was read, in the document's words (`source`), besides what the reading returns. */
export interface VerifierSourceOptions {
  readonly verdicts: readonly string[];
  readonly truth: readonly string[];
  readonly by: string | undefined;
  readonly where: readonly string[];
  readonly accept: readonly string[];
  readonly reject: readonly string[];
}

/** The `passk.verifier` document: one row per group, and with several groups their pooled counts. */
export function verifierDocument(reading: VerifierReading, source: VerifierSourceOptions, confidence: number): VerifierDocument {
  const rows = reading.groups.map((group) => verifierRow(source.by === undefined ? null : group.group, group, confidence));
  const pooled = reading.groups.length > 1 ? verifierRow(null, pool(reading.groups), confidence) : null;
  const columns = reading.truthColumns;
  const truthColumn = columns.success ?? (columns.reward === undefined ? (columns.rate ?? '') : `${columns.reward} ≥ ${columns.threshold ?? 1}`);
  return withKind('passk.verifier', {
    confidence,
    source: {
      verdicts: [...source.verdicts],
      truth: [...source.truth],
      format: reading.format,
      verdictColumn: reading.verdictColumn,
      truthColumn,
      by: source.by ?? null,
      where: [...source.where],
      accept: [...source.accept],
      reject: [...source.reject],
      dropped: reading.dropped,
      unmatched: reading.unmatched === undefined ? null : { ...reading.unmatched, examples: [...reading.unmatched.examples] },
    },
    rows,
    pooled,
  });
}

function verifierRow(group: string | null, counts: VerifierGroupCounts, confidence: number): VerifierRow {
  const measure = verifier(counts.counts, { confidence });
  return {
    group,
    counts: { ...measure.counts },
    unparsedLabels: counts.unparsedLabels.map((label) => ({ ...label })),
    falseAccept: rateOf(measure.falseAccept),
    falseReject: rateOf(measure.falseReject),
    accuracy: shareOf(measure.accuracy),
    judgedPassAt1: shareOf(measure.judgedPassAt1),
    truePassAt1: shareOf(measure.truePassAt1),
  };
}

function rateOf(rate: MeasuredRate | undefined): VerifierRow['falseAccept'] {
  if (rate === undefined) return null;
  return { errors: rate.errors, of: rate.of, rate: rate.rate, interval: { ...rate.interval }, posterior: { ...rate.posterior } };
}

function shareOf(share: MeasuredShare | undefined): VerifierRow['accuracy'] {
  return share === undefined ? null : { value: share.value, interval: { ...share.interval } };
}

/** The groups' counts summed, their unparsed labels merged. */
function pool(groups: readonly VerifierGroupCounts[]): VerifierGroupCounts {
  const sum = (key: keyof VerifierCounts) => groups.reduce((total, group) => total + group.counts[key], 0);
  const labels = new Map<string, number>();
  for (const group of groups) for (const { label, count } of group.unparsedLabels) labels.set(label, (labels.get(label) ?? 0) + count);
  return {
    group: '',
    counts: { wrong: sum('wrong'), wrongAccepted: sum('wrongAccepted'), right: sum('right'), rightRejected: sum('rightRejected'), unparsed: sum('unparsed') },
    unparsedLabels: [...labels].map(([label, count]) => ({ label, count })).sort((x, y) => y.count - x.count || (x.label < y.label ? -1 : 1)),
  };
}
