// The third-party notices of the bundle (run by bundle.mjs): esbuild drops the licence comments of
// what it bundles (legalComments: 'none'), so the licence text of every package whose files went into
// dist/bundle is written to one file beside it, THIRD_PARTY_NOTICES.md, which the tarball ships.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

export const NOTICES_FILE = 'THIRD_PARTY_NOTICES.md';

/** The names a package's licence file goes by (npm's own list: LICENSE, LICENCE, COPYING, with any ending). */
const LICENCE_FILE = /^(licen[cs]e|copying)([-._].*)?$/i;

/**
 * The folder of the package that holds `file` (an absolute path below some node_modules), or
 * undefined for a file of this repository (@passk/sim and the CLI: this project's own licence).
 */
export function packageFolderOf(file) {
  const parts = resolve(file).split(sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const length = parts[at + 1]?.startsWith('@') ? 2 : 1;
  return parts.slice(0, at + 1 + length).join(sep);
}

/**
 * The notices for the bundled `files` (absolute paths): one section per package, sorted by name, with
 * its version, declared licence and the text of its licence file(s). A package without a licence
 * file stops the build: its notice cannot be shipped.
 */
export function thirdPartyNotices(files, extra = []) {
  const folders = new Set();
  for (const file of files) {
    const folder = packageFolderOf(file);
    if (folder !== undefined) folders.add(folder);
  }
  const sections = [...folders].map((folder) => {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    const licenceFiles = readdirSync(folder)
      .filter((name) => LICENCE_FILE.test(name))
      .sort();
    const texts = licenceFiles.map((name) => readFileSync(join(folder, name), 'utf8').trim());
    // A few packages (seedrandom) keep their licence in the README only.
    if (texts.length === 0) texts.push(readmeLicence(folder));
    if (!texts[0]) throw new Error(`bundle: ${manifest.name}@${manifest.version} (bundled) has no licence file or README licence section in ${folder}`);
    return { name: manifest.name, version: manifest.version, licence: manifest.license ?? 'see below', texts };
  });
  for (const { name, version, licence, folder, files: names } of extra) {
    if (!names.every((name) => existsSync(join(folder, name)))) throw new Error(`bundle: the licence of ${name} is missing from ${folder}`);
    sections.push({ name, version, licence, texts: names.map((name) => readFileSync(join(folder, name), 'utf8').trim()) });
  }
  sections.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const lines = [
    '# Third-party notices',
    '',
    "The files in this folder contain code (and, for charts, fonts) of the packages below, each under its own licence. passk's own licence is LICENSE at the package's root.",
    '',
    ...sections.map((s) => `- ${s.name} ${s.version} (${s.licence})`),
  ];
  for (const s of sections) lines.push('', `## ${s.name} ${s.version}`, '', `Licence: ${s.licence}`, '', ...s.texts.flatMap((text) => fenced(text)));
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The README's section headed "License" (a `#` heading or an underlined one), or '' where there is none. */
function readmeLicence(folder) {
  const readme = readdirSync(folder).find((name) => /^readme(\.md)?$/i.test(name));
  if (readme === undefined) return '';
  const lines = readFileSync(join(folder, readme), 'utf8').split(/\r?\n/);
  const underline = (i) => /^(-{3,}|={3,})\s*$/.test(lines[i + 1] ?? '');
  const isHeading = (i) => /^#{1,6}\s/.test(lines[i]) || (lines[i].trim() !== '' && underline(i));
  const start = lines.findIndex((line, i) => isHeading(i) && /licen[cs]e/i.test(line));
  if (start < 0) return '';
  const body = start + (underline(start) ? 2 : 1);
  let end = body;
  while (end < lines.length && !isHeading(end)) end++;
  return lines.slice(start, end).join('\n').trim();
}

/** `text` as a Markdown code block whose fence is longer than any run of backticks inside it. */
function fenced(text) {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}text`, text, fence, ''];
}
