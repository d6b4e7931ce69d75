/**
 * How a contact record is made, written and announced: the stored number (the contact's identity), the new record,
 * the optimistic write retried when another got in between, and the domain events of a change. The contacts
 * services (identity, changes, tags, privacy) write through these.
 */
import { type Channel } from '@switchboard/shared/contracts/connections';
import { isPhoneChannel, MIN_PHONE_DIGITS, phoneDigits, type Contact } from '@switchboard/shared/contracts/contacts';
import type { CompanySettings } from '@switchboard/shared/contracts/settings';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { findCompany } from '../tenancy/company-lookup.service.ts';
import { normaliseText, type ContactRecord } from './contact.entity.ts';
import { getContact as getContactRecord, getIdentityContactId } from './contact-reads.repository.ts';
import { addToContactCount, insertContact, replaceContact, type Identity } from './contacts.repository.ts';
import { maskNumber, privacyOn } from './contact-privacy.service.ts';
import { isLidIdentity } from '../../channels/whatsapp/whatsapp-ids.ts';

// ----- shapes and rules -----

export const MAX_NAME = 250;
/** optimistic writes retried this many times when another write got in between */
export const WRITE_ATTEMPTS = 5;

/**
 * The stored number, which is also the contact's identity: phone channels keep digits only (so "+55 (11)
 * 99988-7766" and "5511999887766" are one contact); groups and other channels keep their id as given.
 */
export const normaliseNumber = (channel: Channel, number: string, isGroup: boolean): string =>
  isPhoneChannel(channel) && !isGroup && !isLidIdentity(number) ? phoneDigits(number) : number.trim();

export const identityOf = (record: Pick<ContactRecord, 'channel' | 'number'>): Identity => ({
  channel: record.channel,
  identity: record.number,
});

export const numberError = (message: string) =>
  new AppError('ERR_VALIDATION', 'Invalid input', { fields: [{ path: 'body.number', message }] });

/** Number of a contact typed by a person: at least 8 digits for phone channels. */
export const typedNumber = (channel: Channel, raw: string, isGroup: boolean): string => {
  const number = normaliseNumber(channel, raw, isGroup);
  if (isPhoneChannel(channel) && !isGroup && number.length < MIN_PHONE_DIGITS) throw numberError('Too Short!');
  return number;
};

export const toContact = (record: ContactRecord): Contact => {
  const { companyId: _c, nameNorm: _n, rev: _r, pictureCheckedAt: _p, ...contact } = record;
  return contact;
};

export type ExtraInfo = Contact['extraInfo'][number];
/** Extra info rows keep their ids; new rows get the next free one. */
export const withIds = (rows: { id?: number; name: string; value: string }[]): ExtraInfo[] => {
  let max = rows.reduce((m, r) => Math.max(m, r.id ?? 0), 0);
  const used = new Set<number>();
  return rows.map((r) => {
    const id = r.id && !used.has(r.id) ? r.id : ++max;
    used.add(id);
    return { id, name: r.name, value: r.value };
  });
};

export const acceptsAudioByDefault = (settings: Partial<CompanySettings> | undefined): boolean =>
  (settings as Record<string, string | undefined> | undefined)?.acceptAudioMessageContact !== 'disabled';

export interface NewContactFields {
  channel: Channel;
  number: string;
  name: string;
  email: string;
  isGroup: boolean;
  urlPicture: string | null;
  whatsappId: number | null;
  extraInfo: ExtraInfo[];
  acceptAudioMessage: boolean;
  /** when WhatsApp confirmed the number (see Contact.whatsappCheckedAt) */
  whatsappCheckedAt?: string;
  pictureCheckedAt?: string;
}

export const newRecord = (companyId: number, id: number, f: NewContactFields): ContactRecord => {
  const now = clock().now().toISOString();
  const name = f.name.trim().slice(0, MAX_NAME) || f.number;
  return {
    id,
    companyId,
    name,
    nameNorm: normaliseText(name),
    number: f.number,
    email: f.email,
    urlPicture: f.urlPicture,
    active: true,
    disableBot: false,
    acceptAudioMessage: f.acceptAudioMessage,
    lgpdAcceptedAt: null,
    channel: f.channel,
    isGroup: f.isGroup,
    tags: [],
    extraInfo: f.extraInfo,
    whatsappId: f.whatsappId,
    ...(f.whatsappCheckedAt ? { whatsappCheckedAt: f.whatsappCheckedAt } : {}),
    createdAt: now,
    updatedAt: now,
    rev: 0,
    ...(f.pictureCheckedAt ? { pictureCheckedAt: f.pictureCheckedAt } : {}),
  };
};

// ----- events -----

type ContactEvent = { action: 'create' | 'update'; contact: Contact } | { action: 'delete'; contactId: number };

/**
 * Records a contact's change as a domain event (listeners push `company-<id>-contact` to the company's agents).
 * With the privacy rule on, the event carries the number agents who are not admins may see.
 */
export const recordContactChange = async (
  companyId: number,
  settings: Partial<CompanySettings> | undefined,
  data: ContactEvent,
): Promise<void> => {
  if (data.action === 'update') {
    // tickets keep a copy of their contact for the lists; a job brings those copies up to date
    await enqueueJob({ type: 'tickets.contact-changed', companyId, contactId: data.contact.id });
  }
  if (data.action === 'delete') {
    await domainEvents.emit({ name: 'contact.deleted', companyId, contactId: data.contactId });
    return;
  }
  const { contact } = data;
  await domainEvents.emit({
    name: data.action === 'create' ? 'contact.created' : 'contact.updated',
    companyId,
    contact,
    ...(!contact.isGroup && privacyOn(settings) ? { maskedNumber: maskNumber(contact.number) } : {}),
  });
};

export const settingsOf = async (companyId: number): Promise<Partial<CompanySettings> | undefined> =>
  (await findCompany(companyId))?.settings;

// ----- writes -----

/**
 * Reads the contact, applies `change` and writes it with every derived item, retrying when another write got
 * in between. `change` answers undefined when there is nothing to change.
 */
export const mutate = async (
  companyId: number,
  id: number,
  change: (before: ContactRecord) => Partial<ContactRecord> | undefined,
): Promise<{ record: ContactRecord; changed: boolean }> => {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const before = await getContactRecord(companyId, id);
    if (!before) throw new AppError('ERR_NO_CONTACT_FOUND');
    const patch = change(before);
    if (!patch) return { record: before, changed: false };
    const merged = { ...before, ...patch };
    const after: ContactRecord = {
      ...merged,
      nameNorm: normaliseText(merged.name),
      rev: before.rev + 1,
      updatedAt: clock().now().toISOString(),
    };
    const moved = after.number !== before.number ? { from: identityOf(before), to: identityOf(after) } : undefined;
    const result = await replaceContact(before, after, moved);
    if (result === 'ok') return { record: after, changed: true };
    if (result === 'duplicate') throw new AppError('ERR_DUPLICATED_CONTACT');
  }
  throw new Error(`contact ${id} kept changing while being written`);
};

/** Creates the contact unless its identity is taken; answers the winner's id when it is. */
export const insertNew = async (
  companyId: number,
  fields: NewContactFields,
): Promise<{ record: ContactRecord; created: true } | { existingId: number | undefined; created: false }> => {
  const who = identityOf(fields);
  const taken = await getIdentityContactId(companyId, who);
  if (taken !== undefined) return { existingId: taken, created: false };
  const record = newRecord(companyId, await nextId(companyPk(companyId), 'contact'), fields);
  if ((await insertContact(record, who)) === 'duplicate') {
    return { existingId: await getIdentityContactId(companyId, who), created: false };
  }
  // outside the transaction: a counter every create touched would make concurrent creates conflict
  await addToContactCount(companyId, 1);
  return { record, created: true };
};
