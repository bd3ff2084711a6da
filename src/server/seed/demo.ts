import type { Faker } from '@faker-js/faker';
import { getEntity } from '../../registry';
import { createRecord, SYSTEM_ACTOR } from '../crud/write';
import type { Seller } from '../config';
import type { DB } from '../db/connection';
import { seedCatalogue } from './demo-catalogue';
import { seedRules } from './demo-rules';
import { seedWorkflows } from './demo-workflows';

interface DemoContext { roleId: Record<string, number>; scryptLogN: number; seller: Seller; dataDir?: string; log: (line: string) => void }

/** Realistic demo records with a fixed seed: a few more staff and the whole catalogue (inboxes fill from what happens: inbox/). */
export async function seedDemoData(db: DB, faker: Faker, ctx: DemoContext) {
  const staff = getEntity('admin-user');
  for (let i = 0; i < 12; i++) {
    const role = faker.helpers.arrayElement(['admin', 'doctor', 'fmc', 'railway']);
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    await createRecord(db, staff, {
      firstName, lastName, email: faker.internet.email({ firstName, lastName, provider: 'staff.demo.test' }).toLowerCase(),
      phone: `+91 9${faker.string.numeric(9)}`, role: ctx.roleId[role], status: faker.helpers.arrayElement(['active', 'active', 'disabled']),
      password: faker.internet.password({ length: 16 }),
    }, { actor: SYSTEM_ACTOR, scryptLogN: ctx.scryptLogN });
  }
  await seedCatalogue(db, faker, { scryptLogN: ctx.scryptLogN, log: ctx.log });
  await seedWorkflows(db, faker, { scryptLogN: ctx.scryptLogN, seller: ctx.seller, dataDir: ctx.dataDir, log: ctx.log });
  await seedRules(db, ctx.scryptLogN);
  ctx.log('Seeded demo data');
}
