/** The registry's one public entry: isomorphic, no React, no node:*. */
export * from './roles';
export * from './policy';
export * from './fields';
export * from './entity';
export * from './catalog';
export * from './workflow';
export * from './screens';
export * from './preferences';
export type * from './api-shapes';
export * from './derive/transitions';
export { ENTITIES } from './entities';
export * from './derive/routes';
export * from './derive/sql';
export * from './derive/form';
export * from './derive/input';
export * from './owned';
export * from './derive/list-query';
