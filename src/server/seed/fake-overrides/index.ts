import { CATALOGUE_OVERRIDES } from './catalogue';
import type { Override } from './helpers';
import { KIOSK_OVERRIDES } from './kiosk';
import { MASTER_OVERRIDES } from './masters';
import { PEOPLE_OVERRIDES } from './people';
import { WORKFLOW_OVERRIDES } from './workflow';

/** Every per-entity override, by entity name (fake.ts applies them after the generic values). */
export const ENTITY_OVERRIDES: Record<string, Override> = { ...MASTER_OVERRIDES, ...PEOPLE_OVERRIDES, ...CATALOGUE_OVERRIDES, ...KIOSK_OVERRIDES, ...WORKFLOW_OVERRIDES };
export type { Override };
