import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * The docs live in the repository (docs/, the READMEs): a clone must hold every document the code and the docs point
 * to. So no reference names a file that lives elsewhere (the team's old design notes, a folder beside the clone), every
 * `docs/….md#anchor` cited in code names a file and a heading that exist, and every relative link of a Markdown file
 * lands on a file, and on a heading when it names one.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCANNED = ['README.md', 'docs', 'src', 'commands', 'tests', 'scripts', 'bench'];
const SKIPPED = new Set(['node_modules', 'dist', 'data', '.git', 'test-results', 'playwright-report']);
const TEXT = /\.(ts|tsx|js|mjs|cjs|css|html|md|json|sh|ya?ml)$/;

function filesUnder(rel: string): string[] {
  const full = path.join(ROOT, rel);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return TEXT.test(rel) ? [rel] : [];
  return readdirSync(full).filter((name) => !SKIPPED.has(name)).flatMap((name) => filesUnder(path.join(rel, name)));
}

const files = SCANNED.flatMap(filesUnder).map((rel) => ({ rel, text: readFileSync(path.join(ROOT, rel), 'utf8') }));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; a repeated one gains -1, -2… */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1].replace(/`|\*\*|\[|\]\([^)]*\)/g, '').toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** Where `target` (a path with an optional #anchor) leads from `from`, or why it leads nowhere. */
function brokenReason(fromDir: string, target: string): string | null {
  const [file, anchor] = target.split('#') as [string, string | undefined];
  const full = file ? path.resolve(fromDir, file) : null;
  if (full && !existsSync(full)) return 'no such file';
  if (!anchor || (full && !full.endsWith('.md'))) return null;
  const doc = full ?? '';
  return anchorsOf(readFileSync(doc, 'utf8')).has(anchor) ? null : `no heading with the anchor #${anchor}`;
}

describe('references stay inside the repository', () => {
  test('the scan reads the docs and the code', () => {
    const names = files.map((f) => f.rel);
    for (const doc of ['README.md', 'docs/architecture.md', 'docs/decisions.md', 'docs/operations.md', 'docs/testing.md']) expect(names).toContain(doc);
    expect(names.filter((n) => n.startsWith('src/')).length).toBeGreaterThan(100);
  });

  test('no reference to design notes or a folder outside the repository', () => {
    // Spelled in parts, so that this file does not name what it looks for.
    const outside = new RegExp(['DESIGN', 'DECISIONS'].map((n) => `\\b${n}\\.md\\b`).join('|') + '|\\.\\./' + 'shared\\b');
    const found = files.flatMap(({ rel, text }) => text.split('\n').flatMap((line, i) => (outside.test(line) ? [`${rel}:${i + 1}: ${line.trim()}`] : [])));
    expect(found).toEqual([]);
  });

  test('every docs/….md (or README.md#…) cited in code or docs exists, with the heading its anchor names', () => {
    const cited = /(?<![\w/.-])(docs\/[\w-]+\.md(?:#[\p{L}\p{N}_-]+)?|README\.md#[\p{L}\p{N}_-]+)/gu;
    const broken: string[] = [];
    let count = 0;
    for (const { rel, text } of files) {
      for (const m of text.matchAll(cited)) {
        count++;
        const reason = brokenReason(ROOT, m[1]);
        if (reason) broken.push(`${rel}: ${m[0]}: ${reason}`);
      }
    }
    expect(broken).toEqual([]);
    expect(count).toBeGreaterThan(30);
  });

  test("every relative link of a Markdown file lands on a file and a heading", () => {
    const link = /\]\(([^)\s]+)\)/g;
    const broken: string[] = [];
    for (const { rel, text } of files.filter((f) => f.rel.endsWith('.md'))) {
      const body = text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
      for (const m of body.matchAll(link)) {
        const target = m[1];
        if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:
        const reason = brokenReason(path.dirname(path.join(ROOT, rel)), target.startsWith('#') ? `${path.basename(rel)}${target}` : target);
        if (reason) broken.push(`${rel}: ${target}: ${reason}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('the anchor reader follows GitHub: punctuation dropped, code marks dropped, repeats numbered', () => {
    expect([...anchorsOf("# A move's key is Shift\n## `x` and *y*, z\n```\n# not a heading\n```\n## Repeat\n## Repeat\n")])
      .toEqual(['a-moves-key-is-shift', 'x-and-y-z', 'repeat', 'repeat-1']);
  });
});
