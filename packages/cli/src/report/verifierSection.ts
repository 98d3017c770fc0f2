import { describeCoverage } from '../format/describe.js';
import { unparsedLine, verifierCountsTable, verifierRatesTable, verifierSentence } from '../format/verifierOutput.js';
import type { VerifierDocument } from '../results/verifierSchema.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultSection } from './resultSection.js';

/** `verifier --json`: the rates table, one sentence per group, the counts, and how they were measured. */
export function verifierSection(result: VerifierDocument): ResultSection {
  const rates = verifierRatesTable(result);
  const counts = verifierCountsTable(result);
  const rows = result.pooled === null ? result.rows : [...result.rows, result.pooled];
  const name = (group: string | null) => group ?? (result.source.by === null ? 'all' : 'all (pooled)');
  const sentences = rows.map((row) => verifierSentence(name(row.group), row));
  const unparsed = rows.flatMap((row) => unparsedLine(name(row.group), row, (text) => text) ?? []);
  const { source } = result;
  const files =
    source.verdicts.join(' ') === source.truth.join(' ') ? source.verdicts.join(' ') : `${source.verdicts.join(' ')} against ${source.truth.join(' ')}`;
  const body = html`<p class="lead">Verdicts ${JSON.stringify(source.verdictColumn)} against truth ${JSON.stringify(source.truthColumn)} in ${files}.</p>
${htmlTable(rates.columns, rates.rows, rates.title)}
<ul>${sentences.map((sentence) => html`<li>${sentence}</li>`)}</ul>
${htmlTable(counts.columns, counts.rows, counts.title)}`;
  const unmatched = source.unmatched;
  return {
    title: `Verifier: ${files}`,
    body,
    notes: [
      {
        label: 'Rates',
        text: `false accept = P(accept | wrong), false reject = P(reject | right), each with its ${describeCoverage(result.confidence, 2)} exact (Clopper–Pearson 1934) interval; attempts taken as independent.`,
      },
      { label: 'Labels', text: `accept: ${source.accept.join(', ')}; reject: ${source.reject.join(', ')}; any other verdict is unparsed and in no rate.` },
      ...(unparsed.length > 0 ? [{ label: 'Unparsed', text: unparsed.join('; ') }] : []),
      ...(unmatched !== null && unmatched.verdictsOnly + unmatched.truthOnly > 0
        ? [
            {
              label: 'Unmatched',
              text: `${unmatched.verdictsOnly} verdicts without a truth, ${unmatched.truthOnly} truths without a verdict (${unmatched.examples.join('; ')})`,
            },
          ]
        : []),
    ],
    scenario: null,
  };
}
