import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { describeLoop, importEdges, roomLoops, upwardImports, type ImportEdge } from './import-graph';

/**
 * The floors of docs/architecture.md, kept: no import loop between the server's rooms (its folders, and each top-level
 * file), and on both sides a room imports only from its own floor or those below it. A failure names every import of the loop
 * or every upward import, file by file: move the helper down (or publish to listeners registered at start, as
 * audit/entry-listeners.ts does), do not widen the floors.
 */
const SRC = fileURLToPath(new URL('..', import.meta.url));
const SERVER = path.join(SRC, 'server');
const CLIENT = path.join(SRC, 'client');

/** The server's rooms, floor by floor from the bottom (docs/architecture.md#the-servers-floors). */
const SERVER_FLOORS = [
  ['config', 'sms.ts', 'accept-encoding.ts', 'compress-json.ts', 'static-assets.ts', 'validation-messages.ts'],
  ['ops'],
  ['db'],
  ['http', 'migrations', 'outbox.ts'],
  ['records'],
  ['events', 'search'],
  ['audit'],
  // Durable runs: each try's end is audited in its transaction, and crud's moves queue runs.
  ['scheduler'],
  ['auth'],
  ['crud'],
  ['import', 'screens'],
  ['inbox'],
  ['push'],
  ['mail.ts', 'backup'],
  ['campaigns', 'automation'],
  ['routes', 'openapi.ts'],
  // Reminders' jobs and routes: they remind through the worklists' by-hand path (routes/worklists.ts).
  ['reminders'],
  ['readers.ts', 'jobs.ts'],
  ['seed', 'app.ts', 'boot.ts', 'cluster.ts'],
  ['main.ts'],
];

/** The client's rooms, floor by floor from the bottom (docs/architecture.md#the-clients-rooms). */
const CLIENT_FLOORS = [
  // The base, from the bottom: the translations and formatting (they need nothing of the API client: its own
  // messages are i18n/client-messages.ts), and small hooks of the browser's; then the state shared by every screen
  // (stores only); then the API's transport, calls and caches, and the calls that write those stores (signing in,
  // preferences, the inbox's count, saved views, what others are doing); see docs/architecture.md.
  ['i18n', 'use-debounced.ts', 'use-narrow-screen.ts', 'use-touch-screen.ts', 'vite-env.d.ts'],
  ['state'],
  ['api'],
  ['ui'],
  // What the generic list, record and form are built of (once entity/), floor by floor: values and dates as words,
  // what others are doing, the parts every list shares; the form and its inputs; the workflow's moves and bulk work;
  // a record's page and export; the list screen and import. The grid (cells edited in place) uses the form's inputs.
  ['text', 'live', 'list-parts'],
  ['form'],
  ['moves', 'grid'],
  ['record', 'export'],
  ['list', 'import'],
  ['palette'],
  ['shell'],
  ['screens'],
  ['dashboard-routes.tsx'],
  ['dashboard.tsx'],
  ['app.tsx'],
  ['main.tsx'],
];

const listed = (edges: readonly ImportEdge[]) => edges.map((e) => `${e.from} -> ${e.to}: ${e.file} imports ${e.target}`).join('\n');

describe('floors', () => {
  test('no loop between the server\'s rooms', () => {
    const edges = importEdges(SERVER);
    expect(edges.length).toBeGreaterThan(100);
    const loops = roomLoops(edges);
    expect(loops.map((loop) => describeLoop(loop, edges)).join('\n\n')).toBe('');
  });

  test('the server\'s rooms import only from their floor or below', () => {
    expect(listed(upwardImports(importEdges(SERVER), SERVER_FLOORS))).toBe('');
  });

  test('the client\'s rooms import only from their floor or below, with no loop', () => {
    const edges = importEdges(CLIENT);
    expect(edges.length).toBeGreaterThan(100);
    expect(listed(upwardImports(edges, CLIENT_FLOORS))).toBe('');
    expect(roomLoops(edges).map((loop) => describeLoop(loop, edges)).join('\n\n')).toBe('');
  });

  test('the grid room (grid/, cells edited in place) sits under the list that wires it in, and never imports it', () => {
    // The list's controller and views import the grid; the grid imports the field editors it shares with the forms, never
    // the list: the list can be split or rewritten without the grid following it.
    const edges = importEdges(CLIENT);
    expect(edges.some((e) => e.from === 'list' && e.to === 'grid')).toBe(true);
    expect(listed(edges.filter((e) => e.from === 'grid' && e.to === 'list'))).toBe('');
    // The views draw what they are given: the table takes a cell's attributes and content from the screen that wires the
    // grid in (cellProps, renderCell), so a table of another screen never carries the grid with it.
    expect(listed(edges.filter((e) => e.to === 'grid' && ['list-table.tsx', 'card-list.tsx'].includes(path.basename(e.file))))).toBe('');
  });

  test('the rest of the server enters the search wing by its door, search/index.ts', () => {
    const through = importEdges(SERVER).filter((e) => e.to === 'search' && e.target !== path.join('search', 'index.ts'));
    expect(listed(through)).toBe('');
  });

  test('the walker sees a loop, and names its files', () => {
    const edges: ImportEdge[] = [
      { from: 'crud', to: 'search', file: 'crud/options.ts', target: 'search/index.ts' },
      { from: 'search', to: 'crud', file: 'search/palette.ts', target: 'crud/scope.ts' },
      { from: 'search', to: 'db', file: 'search/text.ts', target: 'db/connection.ts' },
    ];
    const loops = roomLoops(edges);
    expect(loops).toEqual([['crud', 'search']]);
    expect(describeLoop(loops[0], edges)).toContain('search/palette.ts imports crud/scope.ts');
    expect(upwardImports(edges, [['db'], ['search'], ['crud']]).map((e) => e.file)).toEqual(['search/palette.ts']);
  });
});
