import { ENTITIES } from '../src/registry';
import { createRegistry, type Command } from './define';
import { entityCommands } from './entity';
import { exportCommands } from './export';
import { bulkCommands } from './bulk';
import { intentCommands } from './intents';
import { followUpCommands } from './follow-ups';
import { navigationCommands } from './navigation';
import { workflowCommands } from './workflow';
import { repeatCommand } from './repeat';
import { manageViewCommands, saveViewCommand } from './saved-views';

export * from './define';
export * from './keymap';
export * from './menu';
export { historyOf } from './navigation';
export { followUpTarget } from './follow-ups';
export { THEMES, LANGUAGES } from './navigation';
export { PAYMENT_PERIODS } from './workflow';
export { valueLabel, viewLabel } from './value-label';
export * from './repeat';
export * from './screen';
export { knowSavedViews, openSavedView, viewCommand, viewCommandId, viewCommands } from './saved-views';

/** The one command registry: navigation commands and every entity's generated commands. */
export const COMMANDS: ReadonlyMap<string, Command> = createRegistry([
  ...navigationCommands,
  ...exportCommands,
  ...bulkCommands,
  ...intentCommands,
  ...followUpCommands,
  ...ENTITIES.flatMap(entityCommands),
  ...workflowCommands,
  saveViewCommand,
  ...manageViewCommands,
  repeatCommand,
]);
