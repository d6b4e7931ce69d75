/**
 * Contacts: the people (and groups) a company talks to, one per channel identity.
 * Spec document 1: sections 2 "Contacts", 3, 5 (contact form), 6 (privacy, delete permission), 7 "Contacts".
 * Here: a contact created, imported, changed, deleted and read. Which contact an identity is: contact-identity;
 * finding contacts: contact-search; their tags: contact-tags; hidden numbers: contact-privacy (all *.service.ts).
 */
import { type Channel } from '@switchboard/shared/contracts/connections';
import { type Contact } from '@switchboard/shared/contracts/contacts';
import type { CompanySettings } from '@switchboard/shared/contracts/settings';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { type ContactRecord } from './contact.entity.ts';
import { getContact as getContactRecord, getContacts, getIdentityContactId } from './contact-reads.repository.ts';
import { addToContactCount, deleteContact as deleteContactItems } from './contacts.repository.ts';
import {
  acceptsAudioByDefault,
  identityOf,
  insertNew,
  mutate,
  normaliseNumber,
  recordContactChange,
  toContact,
  typedNumber,
  withIds,
  WRITE_ATTEMPTS,
} from './contact-writes.ts';
import { hidesNumbers, maskNumber, presentContact } from './contact-privacy.service.ts';

export interface NewContactInput {
  name: string;
  number: string;
  email: string;
  channel: Channel;
  extraInfo: { id?: number; name: string; value: string }[];
}

/**
 * POST /contacts: a duplicate number answers ERR_DUPLICATED_CONTACT and writes nothing. `whatsappCheckedAt`: WhatsApp
 * confirmed the number just now (contact-numbers.service.ts looked it up).
 */
export const createContact = async (
  auth: AuthContext,
  input: NewContactInput & { whatsappCheckedAt?: string },
): Promise<Contact> => {
  const settings = auth.company.settings;
  const outcome = await insertNew(auth.companyId, {
    channel: input.channel,
    number: typedNumber(input.channel, input.number, false),
    whatsappCheckedAt: input.whatsappCheckedAt,
    name: input.name,
    email: input.email,
    isGroup: false,
    urlPicture: null,
    whatsappId: null,
    extraInfo: withIds(input.extraInfo),
    acceptAudioMessage: acceptsAudioByDefault(settings),
  });
  if (!outcome.created) throw new AppError('ERR_DUPLICATED_CONTACT');
  const contact = toContact(outcome.record);
  await recordContactChange(auth.companyId, settings, { action: 'create', contact });
  return presentContact(auth, contact);
};

/**
 * One row of a spreadsheet import: creates, or answers the existing contact of that number untouched.
 * `whatsappCheckedAt`: WhatsApp confirmed the number just now (contact-numbers.service.ts looked it up).
 */
export const importContactRow = async (
  auth: AuthContext,
  row: { name: string; number: string; email: string; whatsappCheckedAt?: string },
): Promise<{ contact: Contact; created: boolean }> => {
  const settings = auth.company.settings;
  const outcome = await insertNew(auth.companyId, {
    channel: 'whatsapp',
    number: typedNumber('whatsapp', row.number, false),
    whatsappCheckedAt: row.whatsappCheckedAt,
    name: row.name,
    email: row.email,
    isGroup: false,
    urlPicture: null,
    whatsappId: null,
    extraInfo: [],
    acceptAudioMessage: acceptsAudioByDefault(settings),
  });
  if (outcome.created) {
    const contact = toContact(outcome.record);
    await recordContactChange(auth.companyId, settings, { action: 'create', contact });
    return { contact: presentContact(auth, contact), created: true };
  }
  const existing = outcome.existingId !== undefined ? await getContactRecord(auth.companyId, outcome.existingId) : undefined;
  if (!existing) throw new AppError('ERR_DUPLICATED_CONTACT');
  return { contact: presentContact(auth, toContact(existing)), created: false };
};

export interface ContactPatch {
  name?: string;
  number?: string;
  email?: string;
  extraInfo?: { id?: number; name: string; value: string }[];
  disableBot?: boolean;
  acceptAudioMessage?: boolean;
  active?: boolean;
}

/**
 * Changes a contact and tells the company. A viewer who sees masked numbers sends the masked number back with
 * the form; that is not a change of number.
 */
export const updateContact = async (auth: AuthContext, id: number, patch: ContactPatch): Promise<Contact> => {
  const { record, changed } = await mutate(auth.companyId, id, (c) => {
    const next: Partial<ContactRecord> = {};
    if (patch.name !== undefined && patch.name !== c.name) next.name = patch.name;
    if (patch.number !== undefined) {
      const untouched = hidesNumbers(auth) && !c.isGroup && patch.number === maskNumber(c.number);
      const number = untouched ? c.number : typedNumber(c.channel, patch.number, c.isGroup);
      // another number is another account: it is confirmed afresh
      if (number !== c.number) {
        next.number = number;
        next.whatsappCheckedAt = null;
      }
    }
    if (patch.email !== undefined && patch.email !== c.email) next.email = patch.email;
    if (patch.extraInfo !== undefined) next.extraInfo = withIds(patch.extraInfo);
    if (patch.disableBot !== undefined && patch.disableBot !== c.disableBot) next.disableBot = patch.disableBot;
    if (patch.acceptAudioMessage !== undefined && patch.acceptAudioMessage !== c.acceptAudioMessage)
      next.acceptAudioMessage = patch.acceptAudioMessage;
    if (patch.active !== undefined && patch.active !== c.active) next.active = patch.active;
    return Object.keys(next).length > 0 ? next : undefined;
  });
  const contact = toContact(record);
  if (changed) await recordContactChange(auth.companyId, auth.company.settings, { action: 'update', contact });
  return presentContact(auth, contact);
};

/** Deletes the contact with its identity marker, search index items and tag memberships. */
export const deleteContact = async (auth: AuthContext, id: number): Promise<void> => {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const record = await getContactRecord(auth.companyId, id);
    if (!record) throw new AppError('ERR_NO_CONTACT_FOUND');
    if ((await deleteContactItems(record, identityOf(record))) === 'ok') {
      await addToContactCount(auth.companyId, -1);
      await recordContactChange(auth.companyId, auth.company.settings, { action: 'delete', contactId: id });
      return;
    }
  }
  throw new Error(`contact ${id} kept changing while being deleted`);
};

// ----- reads -----

export const getContact = async (companyId: number, id: number): Promise<Contact | undefined> => {
  const record = await getContactRecord(companyId, id);
  return record ? toContact(record) : undefined;
};

/** One BatchGet per 100 ids; ids of other companies or deleted contacts are absent from the map. */
export const getContactsByIds = async (companyId: number, ids: number[]): Promise<Map<number, Contact>> => {
  const records = await getContacts(companyId, ids);
  return new Map([...records].map(([id, r]) => [id, toContact(r)]));
};

export const showContact = async (auth: AuthContext, id: number): Promise<Contact> => {
  const contact = await getContact(auth.companyId, id);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  return presentContact(auth, contact);
};

/** GET /contacts/profile/{number}: the contact of a phone number (or of another channel's id). */
export const contactProfile = async (
  auth: AuthContext,
  number: string,
): Promise<{ contactId: number; urlPicture: string | null }> => {
  const digits = normaliseNumber('whatsapp', number, false);
  let id = digits ? await getIdentityContactId(auth.companyId, { channel: 'whatsapp', identity: digits }) : undefined;
  if (id === undefined && digits !== number.trim()) {
    for (const channel of ['facebook', 'instagram', 'webchat'] as const) {
      id = await getIdentityContactId(auth.companyId, { channel, identity: number.trim() });
      if (id !== undefined) break;
    }
  }
  const contact = id !== undefined ? await getContactRecord(auth.companyId, id) : undefined;
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  return { contactId: contact.id, urlPicture: contact.urlPicture };
};

/** LGPD (server reference 2.7): the contact accepted the company's terms at `at`; agents see the date on the contact. */
export const recordLgpdConsent = async (
  companyId: number,
  contactId: number,
  at: string,
  settings: Partial<CompanySettings> | undefined,
): Promise<void> => {
  const { record, changed } = await mutate(companyId, contactId, (c) =>
    c.lgpdAcceptedAt === at ? undefined : { lgpdAcceptedAt: at },
  );
  if (changed) await recordContactChange(companyId, settings, { action: 'update', contact: toContact(record) });
};
