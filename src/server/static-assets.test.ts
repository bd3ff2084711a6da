import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { inlineScriptSources } from './static-assets';

test('the CSP allows the inline scripts of the built page by their hashes, and no module or other script', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'console-dist-'));
  try {
    const inline = '\n  (function () { window.x = 1; })();\n';
    writeFileSync(path.join(dir, 'index.html'), `<html><head><script>${inline}</script><script type="module" src="/assets/index.js"></script></head></html>`);
    expect(inlineScriptSources(dir)).toEqual([`'sha256-${createHash('sha256').update(inline).digest('base64')}'`]);
    expect(inlineScriptSources(path.join(dir, 'none'))).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the page this project builds has exactly one inline script: the early keys', () => {
  const html = readFileSync('index.html', 'utf8');
  expect([...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1].includes('__earlyKeys'))).toEqual([true]);
});
