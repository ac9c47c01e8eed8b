import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The code cites the specification ("spec 01 §5", "spec 02 §2 item 6", spec 02 "Operators"), which is not in the
// repository; docs/requirements.md has one anchored entry per cited section. This reads every source and document of
// the repository (it lives with the server's tests as the workspace that runs in Node) and checks each citation lands.
const ROOT = join(import.meta.dirname, '..', '..');
const SEARCHED = ['contracts', 'server', 'web', 'e2e', 'bench', 'docs', 'scripts', 'README.md'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
const TEXT_FILE = /\.(ts|tsx|mjs|js|sql|md)$/;
const REQUIREMENTS = join(ROOT, 'docs', 'requirements.md');

function filesUnder(path: string): string[] {
  const entries = readdirSync(path, { withFileTypes: true });
  return entries.flatMap((entry) => {
    const child = join(path, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRECTORIES.has(entry.name) ? [] : filesUnder(child);
    return TEXT_FILE.test(entry.name) ? [child] : [];
  });
}

const sources = SEARCHED.flatMap((name) => (TEXT_FILE.test(name) ? [join(ROOT, name)] : filesUnder(join(ROOT, name)))).filter((file) => file !== REQUIREMENTS);
const requirements = readFileSync(REQUIREMENTS, 'utf8');
const anchors = new Set([...requirements.matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((match) => match[1]));

/** The anchor each citation in `text` points at: "spec 02 §4, §9" names two, "§2 items 3 and 4" two more. */
function citedAnchors(text: string): string[] {
  const cited: string[] = [];
  for (const match of text.matchAll(/spec (0[12]) ((?:§\d+(?: items? \d+(?: and \d+)?)?(?:, | and )?)+)/g)) {
    const [, document, sections = ''] = match;
    for (const section of sections.matchAll(/§(\d+)(?: items? (\d+)(?: and (\d+))?)?/g)) {
      const [, number, item, secondItem] = section;
      if (!item) cited.push(`spec-${document}-${number}`);
      for (const each of [item, secondItem]) if (each) cited.push(`spec-${document}-${number}-item-${each}`);
    }
  }
  // Dictionary headings: spec 02 "Operators", spec 02 dictionary: Devices.
  for (const match of text.matchAll(/spec 02,? (?:"([A-Z][a-z]+)"|dictionary: ([A-Z][a-z]+))/g)) {
    const heading = match[1] ?? match[2] ?? '';
    cited.push(`spec-02-dictionary-${heading.toLowerCase()}`);
  }
  return cited;
}

describe('docs/requirements.md', () => {
  it('has an entry for every section of the specification the repository cites', () => {
    const unresolved: string[] = [];
    let citations = 0;
    for (const file of sources) {
      for (const anchor of citedAnchors(readFileSync(file, 'utf8'))) {
        citations += 1;
        if (!anchors.has(anchor)) unresolved.push(`${relative(ROOT, file)}: #${anchor}`);
      }
    }
    expect(citations).toBeGreaterThan(200);
    expect(unresolved).toEqual([]);
  });

  it('links only to its own entries and to files that exist', () => {
    const links = [...requirements.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1] ?? '');
    const broken = links.filter((link) => (link.startsWith('#') ? !anchors.has(link.slice(1)) : !sources.includes(join(ROOT, 'docs', link))));
    expect(broken).toEqual([]);
  });
});
