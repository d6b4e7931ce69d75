/**
 * Contacts' numbers confirmed on WhatsApp before they are used (spec document 1 section 8: ERR_WAPP_CHECK_CONTACT,
 * ERR_WAPP_INVALID_CONTACT), through the connections module's lookup over a WhatsApp session
 * (connections/whatsapp-numbers.service.ts). Kept apart from contacts.service.ts, whose readers elsewhere (tags,
 * users) need no channel: only the functions that create contacts or open conversations carry the lookup.
 * - Opening a ticket over a WhatsApp session for a contact never confirmed there looks the number up first.
 * - A contact typed by hand is looked up when the company's default connection is a WhatsApp session and it is
 *   connected; while it is down the contact is stored unconfirmed (the address book must not depend on the phone)
 *   and the first ticket opened for it checks it.
 * - An imported row with validateContact 'true' whose number is not a contact yet is looked up over the default
 *   session, which must answer.
 * A company whose default connection is not a WhatsApp session (the Cloud API and the other channels cannot look
 * numbers up) creates its contacts unchecked. The number WhatsApp answers is the one stored.
 */
import type { Channel } from '@switchboard/shared/contracts/connections';
import type { Contact } from '@switchboard/shared/contracts/contacts';
import { clock } from '../../platform/clock.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import type { ConnectionRecord } from '../connections/connections.service.ts';
import { looksNumbersUp, numberCheckerOf, whatsappAccountNumber } from '../connections/whatsapp-numbers.service.ts';
import { confirmWhatsappNumber, findContactIdByIdentity, isConfirmableNumber } from './contact-identity.service.ts';
import { typedNumber } from './contact-writes.ts';
import { createContact, importContactRow, type NewContactInput } from './contacts.service.ts';

/**
 * A number typed for a new contact, looked up over the company's default connection when that is a WhatsApp
 * session: the number WhatsApp knows the account by, and when it was confirmed. `required`: a session that is down
 * answers ERR_WAPP_CHECK_CONTACT instead of leaving the number unconfirmed.
 */
const checkedNewNumber = async (
  companyId: number,
  channel: Channel,
  number: string,
  required: boolean,
): Promise<{ number: string; whatsappCheckedAt?: string }> => {
  if (!isConfirmableNumber(channel, number, false)) return { number };
  const checker = await numberCheckerOf(companyId);
  if (!checker || (!required && checker.status !== 'CONNECTED')) return { number };
  return { number: await whatsappAccountNumber(checker, number), whatsappCheckedAt: clock().now().toISOString() };
};

/** POST /contacts, its number looked up first (see above). */
export const createCheckedContact = async (auth: AuthContext, input: NewContactInput): Promise<Contact> =>
  createContact(auth, {
    ...input,
    ...(await checkedNewNumber(auth.companyId, input.channel, typedNumber(input.channel, input.number, false), false)),
  });

/** POST /contactsImport: with validateContact 'true', a number that is not a contact yet is looked up first. */
export const importCheckedContactRow = async (
  auth: AuthContext,
  row: { name: string; number: string; email: string; validateContact?: 'true' | 'false' },
): Promise<{ contact: Contact; created: boolean }> => {
  const { validateContact, ...fields } = row;
  const typed = typedNumber('whatsapp', fields.number, false);
  const known = await findContactIdByIdentity(auth.companyId, 'whatsapp', typed);
  const checked =
    validateContact === 'true' && known === undefined ? await checkedNewNumber(auth.companyId, 'whatsapp', typed, true) : {};
  return importContactRow(auth, { ...fields, ...checked });
};

/**
 * The contact a conversation over `connection` opens with: a phone contact never confirmed on WhatsApp is looked up
 * first when the connection can tell, and the confirmation recorded, so later opens do not ask; when another contact
 * already has the number WhatsApp answers, that one. Throws ERR_WAPP_INVALID_CONTACT or ERR_WAPP_CHECK_CONTACT
 * having written nothing.
 */
export const whatsappConfirmedContact = async (
  companyId: number,
  contact: Contact,
  connection: ConnectionRecord,
): Promise<Contact> => {
  if (
    contact.whatsappCheckedAt ||
    !isConfirmableNumber(contact.channel, contact.number, contact.isGroup) ||
    !looksNumbersUp(connection)
  )
    return contact;
  return confirmWhatsappNumber(companyId, contact.id, await whatsappAccountNumber(connection, contact.number));
};
