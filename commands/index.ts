import { ENTITIES } from '../src/registry';
import { createRegistry, type Command } from './define';
import { entityCommands } from './entity';
import { navigationCommands } from './navigation';

export * from './define';
export * from './keymap';
export * from './menu';
export { THEMES, LANGUAGES } from './navigation';

/** The one command registry: navigation commands and every entity's generated commands. */
export const COMMANDS: ReadonlyMap<string, Command> = createRegistry([
  ...navigationCommands,
  ...ENTITIES.flatMap(entityCommands),
]);
