// The inertMarkdown property's slow share (`pnpm test:slow`): 500 documents of 13 hostile strings
// from the fixed seed + 1, beside the fast share's 100 from the fixed seed (inertText.test.ts). A
// study rather than a unit check: each run parses a whole document with micromark + GFM (about 6 ms)
// and the hostile strings are random mixes of the characters Markdown acts on, so the breadth comes
// from the number of runs; the worked examples of each escape stay in the fast file.
import { describe, it } from 'vitest';
import { checkInertPlaces } from './inertPlaces.js';

describe("inertMarkdown, property: hostile data in every place passk's Markdown puts it (slow share)", () => {
  it('inertMarkdown in every place our Markdown puts data: 500 documents from the fixed seed + 1', () => {
    checkInertPlaces(500, 1);
  }, 300_000);
});
