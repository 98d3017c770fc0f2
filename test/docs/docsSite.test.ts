import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite, slug } from '../../scripts/docsSite.mjs';

// The documentation site (pnpm docs:site) builds from docs/ and docs/site.json, and every relative link
// and #anchor of every page resolves: a page renamed, a heading reworded or a file moved fails here.
describe('pnpm docs:site', () => {
  const out = mkdtempSync(join(tmpdir(), 'passk-docs-site-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  const { pages, problems } = buildSite({ out });

  it('lists every docs page in docs/site.json, and every link and anchor resolves', () => {
    expect(problems).toEqual([]);
  });

  it('writes the home page from README.md and one page per docs page, each with its title and the nav', () => {
    expect(pages[0]).toBe('index.html');
    expect(pages).toContain('compare.html');
    const compare = readFileSync(join(out, 'compare.html'), 'utf8');
    expect(compare).toContain('<title>Compare runs and gate a release — passk</title>');
    expect(compare).toContain('<a href="compare.html" aria-current="page">');
    // Links between pages point at the built pages.
    const home = readFileSync(join(out, 'index.html'), 'utf8');
    expect(home).toContain('href="compare.html"');
    expect(home).not.toMatch(/href="docs\/[^"]*\.md/);
  });

  it("gives headings GitHub's ids, so page.md#anchor works on GitHub and in the site alike", () => {
    // github-slugger's results for these headings of the docs.
    expect(slug('Judged logs: --truth-col')).toBe('judged-logs---truth-col');
    expect(slug('passk.estimate.task')).toBe('passkestimatetask');
    expect(slug('Issue #42, round 1: the grid population, before and after')).toBe('issue-42-round-1-the-grid-population-before-and-after');
    expect(slug('What-ifs from a log: --tasks-from')).toBe('what-ifs-from-a-log---tasks-from');
  });

  it('finds a broken link, a missing anchor and a page missing from the registry', () => {
    const root = mkdtempSync(join(tmpdir(), 'passk-docs-broken-'));
    try {
      mkdirSync(join(root, 'docs'));
      writeFileSync(join(root, 'docs', 'site.json'), JSON.stringify({ title: 't', home: 'README.md', sections: [{ title: 'Jobs', pages: ['a.md'] }] }));
      writeFileSync(join(root, 'README.md'), '# Home\n\n[a](docs/a.md#there) [b](docs/b.md) [c](docs/a.md#nowhere) [d](missing.ts)\n');
      writeFileSync(join(root, 'docs', 'a.md'), '# A\n\n## There\n');
      writeFileSync(join(root, 'docs', 'b.md'), '# B\n');
      const broken = buildSite({ root, out: join(root, 'site') }).problems;
      expect(broken).toEqual([
        'docs/site.json: must list every docs page, but docs/b.md is in no section',
        'index.html (README.md): link "../docs/b.md": docs/b.md is not a page of the site (docs/site.json)',
        'index.html (README.md): link "a.html#nowhere": a.html has no heading or id "nowhere"',
        'index.html (README.md): link "../missing.ts": no file missing.ts in the repository',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
