import type { EntityDef } from '../entity';
import { adminUser } from './admin-user';
import { city } from './city';
import { languages } from './languages';
import { pincode } from './pincode';
import { roles } from './roles';
import { speciality } from './speciality';
import { state } from './state';

/** Every declared entity. Adding an entity is adding its file and one line here. */
export const ENTITIES: readonly EntityDef[] = [speciality, languages, roles, state, city, pincode, adminUser];
