import fc from 'fast-check';
import { inertMarkdown } from '../../../packages/cli/src/format/inertMarkdown.js';
import { hostile } from '../../helpers/hostileStrings.js';
import { expectInertMarkdown } from '../../helpers/markdownReading.js';

/** Every place passk's Markdown puts data: a paragraph start, a line start, bold, a heading, <sub>, a table cell. */
const places = (value: (data: string) => string, cell: (data: string) => string) =>
  `${value('a')} starts a paragraph\n${value('b')} starts its next line\n\n**${value('c')}** is bold: ${value('d')}\n\n` +
  `### ${value('e')} against ${value('f')}\n\n<sub>only in ${value('g')}: ${value('h')}, ${value('i')}</sub>\n\n` +
  `| ${cell('j')} | k |\n| :--- | ---: |\n| ${cell('l')} | ${cell('m')} |\n`;

/**
 * The inertMarkdown property, shared by inertText.test.ts (fast share) and inertText.slow.test.ts:
 * `runs` documents of 13 hostile strings, each escaped by inertMarkdown in one of the places above,
 * parse (micromark + GFM) to exactly the strings, with nothing GitHub would link or notify.
 * `seedOffset` draws from the fixed seed plus that (test/helpers/fastCheckSeed.ts; with
 * PASSK_FC_SEED=random each run draws a fresh seed and the offset is not used).
 */
export function checkInertPlaces(runs: number, seedOffset = 0): void {
  const seed = fc.readConfigureGlobal().seed;
  fc.assert(
    fc.property(fc.array(hostile, { minLength: 13, maxLength: 13 }), (data) => {
      const at = (name: string) => data[name.charCodeAt(0) - 97]!;
      const markdown = places(
        (name) => inertMarkdown(at(name)),
        (name) => inertMarkdown(at(name), { lineStart: false }),
      );
      expectInertMarkdown(
        markdown,
        places(
          (name) => name,
          (name) => name,
        ),
      );
    }),
    { numRuns: runs, ...(seed === undefined ? {} : { seed: seed + seedOffset }) },
  );
}
