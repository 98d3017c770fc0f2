// Types of scripts/docsSite.mjs, for the tests that import it.

/** GitHub's heading id of a heading's text. */
export function slug(text: string): string;

/** One page as HTML (its body), with heading ids, rewritten links, and the ids it defines. */
export function renderPage(source: string, markdown: string, sources: ReadonlySet<string>): { html: string; ids: Set<string>; title: string };

/** Builds the site into `out` and checks every relative link and anchor: the pages written and the problems found. */
export function buildSite(options?: { root?: string; out?: string }): { pages: string[]; problems: string[] };
