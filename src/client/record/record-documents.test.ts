import { describe, expect, test } from 'vitest';
import { getEntity } from '../../registry';
import { documentKind, documentsOf } from './record-documents';

describe('documentsOf', () => {
  const def = getEntity('requestVerification');

  test('a verification request: each document by its title, PDFs and images told apart, in order', () => {
    const row = { documents: [
      { title: 'Registration certificate', file: 'content/uploads/demo/a.pdf' },
      { title: 'MBBS degree certificate', file: 'content/uploads/demo/b.png' },
      { title: '  ', file: 'content/uploads/2026/c.jpg' },
    ] };
    expect(documentsOf(def, row).map((d) => [d.title, d.kind, d.address])).toEqual([
      ['Registration certificate', 'pdf', 'content/uploads/demo/a.pdf'],
      ['MBBS degree certificate', 'image', 'content/uploads/demo/b.png'],
      ['c.jpg', 'image', 'content/uploads/2026/c.jpg'],
    ]);
  });

  test('no documents, or items without a file: none', () => {
    expect(documentsOf(def, {})).toEqual([]);
    expect(documentsOf(def, { documents: [{ title: 'x', file: '' }, null] })).toEqual([]);
  });

  test('kinds by the stored name: what the upload route accepts', () => {
    expect(['a.PDF', 'a.jpeg', 'a.webp', 'a.gif', 'a.txt'].map(documentKind)).toEqual(['pdf', 'image', 'image', 'image', 'other']);
  });
});
