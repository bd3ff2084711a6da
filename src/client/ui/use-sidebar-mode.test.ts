import { describe, expect, it } from 'vitest';
import { sidebarModeFor } from './use-sidebar-mode';

describe('sidebar mode (spec §4 breakpoints 767, 991, 1100)', () => {
  it.each([[1101, 'desktop'], [1100, 'tablet-landscape'], [992, 'tablet-landscape'], [991, 'tablet'], [768, 'tablet'], [767, 'mobile'], [320, 'mobile']])('%i px is %s', (w, mode) => {
    expect(sidebarModeFor(w)).toBe(mode);
  });
});
