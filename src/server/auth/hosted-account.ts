import { sql } from 'kysely';
import { writeEntries } from '../audit/audit';
import type { DB } from '../db/connection';
import type { HttpError } from '../http';
import type { HostedIdentity } from './oidc';
import { refused } from './oidc';

/**
 * The staff account a hosted sign-in is for. The provider's word never makes an account, nor gives a role or a
 * centre: those stay the console's. First the link made at an earlier sign-in (issuer + subject); without one, the
 * account whose address is the person's e-mail address, only if the provider says it verified it, and then the link
 * is made, so that later sign-ins no longer depend on the address. Each refusal is in the audit trail, and says why.
 */

export const NO_ACCOUNT = 'No staff account has this e-mail address: ask an administrator.';
export const EMAIL_UNVERIFIED = 'The sign-in provider has not verified this e-mail address: verify it there, or ask an administrator.';
export const NO_EMAIL = 'The sign-in provider gave no e-mail address: ask an administrator.';
export const ACCOUNT_DISABLED = 'This staff account is disabled: ask an administrator.';
export const ACCOUNT_PENDING = 'This staff account waits for an administrator’s approval.';
export const LINKED_ELSEWHERE = 'This staff account signs in as another person at the sign-in provider: ask an administrator.';

interface Account { id: number; email: string; status: string }

export type Match = { userId: number } | { refusal: HttpError };

async function refuse(db: DB, identity: HostedIdentity, address: string, account: Account | undefined, code: string, message: string): Promise<Match> {
  const email = account?.email ?? identity.email;
  // In the trail under the account when there is one (its history shows the refused attempt), else as an event.
  await writeEntries(db, [{
    actor: { id: null, address }, entity: 'admin-user', recordId: account?.id ?? null, action: 'sign_in_refused',
    changes: { reason: code, email, provider: identity.issuer },
  }]);
  return { refusal: refused(code, message, email ?? undefined) };
}

const statusRefusal = (account: Account): [string, string] | null =>
  account.status === 'active' ? null : account.status === 'pending' ? ['account_pending', ACCOUNT_PENDING] : ['account_disabled', ACCOUNT_DISABLED];

export async function matchAccount(db: DB, identity: HostedIdentity, address: string): Promise<Match> {
  const linked = await db.selectFrom('hosted_identity as h').innerJoin('admin_user as u', 'u.id', 'h.user_id')
    .select(['u.id', 'u.email', 'u.status']).where('h.issuer', '=', identity.issuer).where('h.subject', '=', identity.subject)
    .executeTakeFirst() as Account | undefined;
  if (linked) {
    const no = statusRefusal(linked);
    return no ? refuse(db, identity, address, linked, ...no) : { userId: linked.id };
  }
  if (!identity.email) return refuse(db, identity, address, undefined, 'no_email', NO_EMAIL);
  // Unverified: the address may be anyone's at this provider. Said before any account is looked for, so an
  // unverified address learns nothing about the accounts.
  if (!identity.emailVerified) return refuse(db, identity, address, undefined, 'email_unverified', EMAIL_UNVERIFIED);
  const account = await db.selectFrom('admin_user').select(['id', 'email', 'status'])
    .where(sql`lower(email)`, '=', identity.email).executeTakeFirst() as Account | undefined;
  if (!account) return refuse(db, identity, address, undefined, 'no_account', NO_ACCOUNT);
  const no = statusRefusal(account);
  if (no) return refuse(db, identity, address, account, ...no);
  return db.transaction().execute(async (tx) => {
    // One link per account and provider: an account linked to another subject there keeps it (an address the
    // provider gave to someone else later does not take the account over).
    await sql`insert into hosted_identity (issuer, subject, user_id) values (${identity.issuer}, ${identity.subject}, ${account.id})
      on conflict do nothing`.execute(tx);
    const link = await tx.selectFrom('hosted_identity').select('subject').where('user_id', '=', account.id).where('issuer', '=', identity.issuer).executeTakeFirst();
    if (link?.subject !== identity.subject) return refuse(tx, identity, address, account, 'linked_elsewhere', LINKED_ELSEWHERE);
    await writeEntries(tx, [{ actor: { id: account.id, address }, entity: 'admin-user', recordId: account.id, action: 'sign_in_linked', changes: { provider: identity.issuer } }]);
    return { userId: account.id };
  });
}
