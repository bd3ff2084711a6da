import { Hono } from 'hono';
import { z } from 'zod';
import { canReadRecord, getEntity } from '../../registry';
import { auditReads } from '../audit/audit';
import { guard } from '../crud/routes';
import { bookSlot, cancelBooking, slotBookings } from '../crud/slot-booking';
import { getRecord } from '../crud/write';
import { fieldErrors, jsonBody, recordIdParam, type AppEnv } from '../http';
import { dataOf, describeCalls, isoTime, recordAnswer, rolesMay } from '../http/call-docs';

/**
 * Slot bookings (crud/slot-booking.ts holds the transaction): who may edit slots may book and cancel;
 * who may open a slot may see its bookings.
 *   POST   /api/fmcslots/:id/book            { patient }  → 201 { data: slot }   409 full, closed or already booked
 *   DELETE /api/fmcslots/:id/book/:patient               → 200 { data: slot }   404 no such booking
 *   GET    /api/fmcslots/:id/bookings                    → 200 { data: [{ patient, bookedAt, label }] } (label: the name, for who may read patients)
 */
const bookSchema = z.strictObject({ patient: z.number().int().positive() });

describeCalls({
  'POST /api/fmcslots/{id}/book': {
    summary: 'Book a patient on a slot: the slot, and the appointment the booking made', roles: rolesMay('fmcslots', 'edit'), body: bookSchema,
    ok: { status: 201, schema: dataOf(recordAnswer.extend({ appointment: z.strictObject({ id: z.number().int(), number: z.string(), scheduledAt: isoTime }) })) }, refuses: [404, 409],
  },
  'DELETE /api/fmcslots/{id}/book/{patient}': {
    summary: "Cancel a patient's booking on a slot (its appointment is cancelled): the slot", roles: rolesMay('fmcslots', 'edit'), ok: { status: 200, schema: dataOf(recordAnswer) }, refuses: [404, 409],
  },
  'GET /api/fmcslots/{id}/bookings': {
    summary: "A slot's bookings: each patient, when booked, and their name for who may read patients", roles: rolesMay('fmcslots', 'details'),
    ok: { status: 200, schema: dataOf(z.array(z.strictObject({ patient: z.number().int(), bookedAt: isoTime, label: z.string() }))) }, refuses: [404],
  },
});


export function slotRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/fmcslots/:id/book', async (c) => {
    guard(c, 'fmcslots', 'edit');
    const id = recordIdParam(c, 'id');
    const body = bookSchema.safeParse(await jsonBody(c));
    if (!body.success) throw fieldErrors(body.error.issues);
    await getRecord(c.get('db'), getEntity('fmcslots'), id, c.get('user')); // 404 for another centre's slot
    const { slot, appointment } = await bookSlot(c.get('db'), id, body.data.patient, c.get('user'), c.get('config'));
    return c.json({ data: { ...slot, appointment: { id: Number(appointment.id), number: appointment.number, scheduledAt: appointment.scheduledAt } } }, 201);
  });

  app.delete('/fmcslots/:id/book/:patient', async (c) => {
    guard(c, 'fmcslots', 'edit');
    const id = recordIdParam(c, 'id');
    await getRecord(c.get('db'), getEntity('fmcslots'), id, c.get('user'));
    return c.json({ data: await cancelBooking(c.get('db'), id, recordIdParam(c, 'patient'), c.get('user')) });
  });

  app.get('/fmcslots/:id/bookings', async (c) => {
    guard(c, 'fmcslots', 'details');
    const id = recordIdParam(c, 'id');
    await getRecord(c.get('db'), getEntity('fmcslots'), id, c.get('user')); // 404 for a slot that does not exist, or another centre's
    // Patient names only to roles that may read patients; the others (fmc, doctor) see who by record number.
    const bookings = await slotBookings(c.get('db'), id, canReadRecord(c.get('user').role, 'patients'));
    // Who booked a slot is a read of those patients, logged as every other one is.
    await auditReads(c.get('db'), c.get('user'), getEntity('patients'), bookings.map((b) => b.patient), 'read_bookings', { slot: id });
    return c.json({ data: bookings });
  });

  return app;
}
