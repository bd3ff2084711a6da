import { expect, test } from 'vitest';
import { SCREENS } from '../../registry';
import { SCREEN_COMPONENTS } from './bespoke';

/** Every bespoke screen the registry declares (a route, a command, a sidebar entry) has a component, and nothing more. */
test('SCREENS and SCREEN_COMPONENTS name the same screens', () => {
  expect(Object.keys(SCREEN_COMPONENTS).sort()).toEqual(SCREENS.map((s) => s.id).sort());
});
