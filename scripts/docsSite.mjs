#!/usr/bin/env node
// `pnpm docs:site [OUT]`: the documentation site, built from README.md and docs/*.md into docs-site/
// (gitignored). The pages and the navigation by job come from one registry, docs/site.json; README.md
// is the home page (index.html). Markdown → HTML by micromark with GitHub-flavoured Markdown; each
// heading gets GitHub's id (so `page.md#anchor` links work on GitHub and here alike), each page its
// title from its first heading, and relative links to .md pages are rewritten to .html. Then every
// relative link and #anchor of every page is checked: a link to a page or file that does not exist, or
// to an anchor its page does not have, is listed and the command exits 1 (test/docs/docsSite.test.ts
// runs it, so CI fails on a broken link). A docs/*.md page missing from the registry fails too.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** GitHub's heading id: lower case, punctuation dropped (letters, digits, `-`, `_` kept), spaces → `-`. */
export function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
/** The text of an HTML fragment: tags dropped, the entities micromark writes decoded. */
function textOf(html) {
  return html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (_, name) => ENTITIES[name]);
}

/** The page a Markdown source becomes: README.md → index.html, docs/x.md → x.html. */
function outputName(source) {
  return source === 'README.md' ? 'index.html' : `${posix.basename(source, '.md')}.html`;
}

/**
 * A relative link of a page, rewritten for the site: to a page of the site (.md → .html), or to a
 * file of the repository, as seen from docs-site/ (a sibling of docs/ at the repository's root).
 */
function rewriteHref(href, source, sources) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#') || href.startsWith('//')) return href;
  const [path, anchor] = href.split('#', 2);
  const target = posix.normalize(posix.join(posix.dirname(source), path));
  const suffix = anchor === undefined ? '' : `#${anchor}`;
  if (sources.has(target)) return `${outputName(target)}${suffix}`;
  // Another file of the repository: the same path from docs-site/ as from the repository's root.
  return `${posix.relative('docs-site', target)}${suffix}`;
}

/** One page as HTML (its body), with heading ids, rewritten links, and the ids it defines. */
export function renderPage(source, markdown, sources) {
  let html = micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
  const ids = new Set();
  const seen = new Map();
  let title = null;
  html = html.replace(/<h([1-6])>([\s\S]*?)<\/h\1>/g, (_, level, inner) => {
    const text = textOf(inner);
    title ??= text;
    const base = slug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    const id = count === 0 ? base : `${base}-${count}`;
    ids.add(id);
    return `<h${level} id="${id}"><a class="anchor" href="#${id}">#</a>${inner}</h${level}>`;
  });
  // Raw HTML ids (<a id="…">) count as anchors too.
  for (const match of html.matchAll(/\sid="([^"]+)"/g)) ids.add(match[1]);
  html = html.replace(/(<a [^>]*href=")([^"]*)(")/g, (_, open, href, close) => `${open}${rewriteHref(decode(href), source, sources)}${close}`);
  return { html, ids, title: title ?? source };
}

function decode(href) {
  return href.replace(/&amp;/g, '&');
}

function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const STYLE = `
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2328;display:flex}
nav{width:250px;flex:none;padding:1rem 1.2rem;border-right:1px solid #d0d7de;height:100vh;position:sticky;top:0;overflow:auto;box-sizing:border-box;background:#f6f8fa}
nav h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:#57606a;margin:1.2rem 0 .3rem}
nav ul{list-style:none;margin:0;padding:0}nav li a{display:block;padding:.15rem .3rem;color:#0969da;text-decoration:none;border-radius:4px;font-size:.93rem}
nav li a[aria-current]{background:#ddf4ff;font-weight:600}nav .home{font-weight:700;font-size:1.2rem;color:#1f2328;text-decoration:none}
main{flex:1;min-width:0;max-width:60rem;padding:1rem 2rem 4rem}
pre{background:#f6f8fa;padding:.8rem;overflow:auto;font-size:13px;line-height:1.4;border-radius:6px}
code{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,monospace;font-size:.9em}
table{border-collapse:collapse;display:block;overflow:auto;font-size:.9rem}th,td{border:1px solid #d0d7de;padding:.25rem .5rem}
a.contents{display:none}
a.anchor{float:left;margin-left:-1.1rem;width:1rem;color:#8c959f;text-decoration:none;visibility:hidden}
h1:hover a.anchor,h2:hover a.anchor,h3:hover a.anchor,h4:hover a.anchor{visibility:visible}
@media (max-width:800px){body{flex-direction:column}nav{order:2;width:auto;height:auto;position:static;border-right:0;border-bottom:1px solid #d0d7de}main{padding:1rem}a.contents{display:block;text-align:right}}
`;

function layout({ title, body, nav, siteTitle }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — ${escapeHtml(siteTitle)}</title>
<style>${STYLE}</style>
</head>
<body>
${nav}
<main>
<a class="contents" href="#nav">Contents</a>
${body}
</main>
</body>
</html>
`;
}

function navigation(registry, current, titles) {
  const item = (source) => {
    const name = outputName(source);
    return `<li><a href="${name}"${name === current ? ' aria-current="page"' : ''}>${escapeHtml(titles.get(source))}</a></li>`;
  };
  const sections = registry.sections.map(
    (section) => `<h2>${escapeHtml(section.title)}</h2>\n<ul>\n${section.pages.map((page) => item(`docs/${page}`)).join('\n')}\n</ul>`,
  );
  return `<nav id="nav" aria-label="Documentation">\n<a class="home" href="index.html">${escapeHtml(registry.title)}</a>\n${sections.join('\n')}\n</nav>`;
}

/**
 * Builds the site into `out` and checks it. Returns the pages written and the problems found (each
 * one line: `page.html: link "x.html#y": …`), empty when every link resolves.
 */
export function buildSite({ root = ROOT, out = join(root, 'docs-site') } = {}) {
  const problems = [];
  const registry = JSON.parse(readFileSync(join(root, 'docs', 'site.json'), 'utf8'));
  const listed = registry.sections.flatMap((section) => section.pages);
  const onDisk = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
  for (const page of onDisk) if (!listed.includes(page)) problems.push(`docs/site.json: must list every docs page, but docs/${page} is in no section`);
  for (const page of listed) if (!onDisk.includes(page)) problems.push(`docs/site.json: lists docs/${page}, which does not exist`);
  const sources = [registry.home, ...listed.filter((page) => onDisk.includes(page)).map((page) => `docs/${page}`)];
  const sourceSet = new Set(sources);
  const rendered = new Map();
  for (const source of sources) rendered.set(source, renderPage(source, readFileSync(join(root, source), 'utf8'), sourceSet));
  const titles = new Map([...rendered].map(([source, page]) => [source, page.title]));
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const idsByOutput = new Map([...rendered].map(([source, page]) => [outputName(source), page.ids]));
  for (const [source, page] of rendered) {
    const name = outputName(source);
    writeFileSync(join(out, name), layout({ title: page.title, body: page.html, nav: navigation(registry, name, titles), siteTitle: registry.title }));
    for (const match of page.html.matchAll(/<a [^>]*href="([^"]*)"/g)) {
      const problem = checkLink(match[1], name, idsByOutput, root);
      if (problem) problems.push(`${name} (${source}): link "${match[1]}": ${problem}`);
    }
  }
  return { pages: [...rendered.keys()].map(outputName), problems };
}

/** Why a link of a built page does not resolve (null when it does). */
function checkLink(href, page, idsByOutput, root) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return null;
  const [path, anchor] = href.split('#', 2);
  const target = path === '' ? page : posix.normalize(path);
  if (idsByOutput.has(target)) {
    if (anchor === undefined || anchor === '') return null;
    return idsByOutput.get(target).has(decodeURIComponent(anchor)) ? null : `${target} has no heading or id "${anchor}"`;
  }
  if (target.endsWith('.html')) return `no page ${target} in the site`;
  // A file of the repository, from docs-site/ at its root.
  const file = resolve(root, 'docs-site', target);
  if (!existsSync(file)) return `no file ${relative(root, file)} in the repository`;
  const inRepository = relative(root, file).split('\\').join('/');
  if (inRepository.startsWith('docs/') && inRepository.endsWith('.md')) return `${inRepository} is not a page of the site (docs/site.json)`;
  return null;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2] ? resolve(process.argv[2]) : join(ROOT, 'docs-site');
  const { pages, problems } = buildSite({ out });
  for (const problem of problems) console.error(`docs:site: ${problem}`);
  console.log(
    `docs:site: ${pages.length} pages in ${relative(process.cwd(), out) || '.'}${problems.length ? `, ${problems.length} broken links` : ', every link resolves'}`,
  );
  process.exit(problems.length ? 1 : 0);
}
