/**
 * Contacts: the people (and groups) a company talks to, one per channel identity.
 * Spec document 1: sections 2 "Contacts", 3, 5 (contact form), 6 (privacy, delete permission), 7 "Contacts".
 */
import { type Channel } from '@switchboard/shared/contracts/connections';
import {
  isPhoneChannel,
  MIN_PHONE_DIGITS,
  PHONE_INFO_NAME,
  phoneDigits,
  type Contact,
} from '@switchboard/shared/contracts/contacts';
import { type TagSummary } from '@switchboard/shared/contracts/tags';
import type { CompanySettings } from '@switchboard/shared/contracts/settings';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { clock } from '../../platform/clock.ts';
import { ttlCache } from '../../platform/ttl-cache.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { decodeCursor, encodeCursor } from '../../platform/table/cursor.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { findCompany } from '../tenancy/company-lookup.service.ts';
import {
  isFirstMatch,
  isNamePosition,
  isSearchPosition,
  isTagMemberPosition,
  normaliseText,
  nameTokens,
  numberTokens,
  queryTokens,
  emailToken,
  SEARCH_SHARD_CHARS,
  type ContactRecord,
  identityFamily,
} from './contact.entity.ts';
import {
  addToContactCount,
  deleteContact as deleteContactItems,
  getContact as getContactRecord,
  getContactCount,
  getContacts,
  getFirstIdentityContactId,
  getIdentityContactId,
  insertContact,
  queryContactNames,
  queryContactsByName,
  querySearchIndex,
  queryTagMembers,
  replaceContact,
  type Identity,
  type IndexPage,
  type Position,
} from './contacts.repository.ts';

// ----- shapes and rules -----

const MAX_NAME = 250;
/** optimistic writes retried this many times when another write got in between */
const WRITE_ATTEMPTS = 5;

/**
 * The stored number, which is also the contact's identity: phone channels keep digits only (so "+55 (11)
 * 99988-7766" and "5511999887766" are one contact); groups and other channels keep their id as given.
 */
const normaliseNumber = (channel: Channel, number: string, isGroup: boolean): string =>
  isPhoneChannel(channel) && !isGroup && !isLidIdentity(number) ? phoneDigits(number) : number.trim();

/** A WhatsApp LID (`<digits>@lid`): a person whose phone number is not known yet; kept whole, never read as digits. */
const isLidIdentity = (number: string): boolean => /^\d+@lid$/.test(number.trim());

const identityOf = (record: Pick<ContactRecord, 'channel' | 'number'>): Identity => ({
  channel: record.channel,
  identity: record.number,
});

const numberError = (message: string) =>
  new AppError('ERR_VALIDATION', 'Invalid input', { fields: [{ path: 'body.number', message }] });

/** Number of a contact typed by a person: at least 8 digits for phone channels. */
export const typedNumber = (channel: Channel, raw: string, isGroup: boolean): string => {
  const number = normaliseNumber(channel, raw, isGroup);
  if (isPhoneChannel(channel) && !isGroup && number.length < MIN_PHONE_DIGITS) throw numberError('Too Short!');
  return number;
};

const toContact = (record: ContactRecord): Contact => {
  const { companyId: _c, nameNorm: _n, rev: _r, pictureCheckedAt: _p, ...contact } = record;
  return contact;
};

type ExtraInfo = Contact['extraInfo'][number];
/** Extra info rows keep their ids; new rows get the next free one. */
const withIds = (rows: { id?: number; name: string; value: string }[]): ExtraInfo[] => {
  let max = rows.reduce((m, r) => Math.max(m, r.id ?? 0), 0);
  const used = new Set<number>();
  return rows.map((r) => {
    const id = r.id && !used.has(r.id) ? r.id : ++max;
    used.add(id);
    return { id, name: r.name, value: r.value };
  });
};

const acceptsAudioByDefault = (settings: Partial<CompanySettings> | undefined): boolean =>
  (settings as Record<string, string | undefined> | undefined)?.acceptAudioMessageContact !== 'disabled';

interface NewContactFields {
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

const newRecord = (companyId: number, id: number, f: NewContactFields): ContactRecord => {
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

// ----- privacy (spec document 1 section 6) -----

const privacyOn = (settings: Partial<CompanySettings> | undefined): boolean =>
  settings?.enableLGPD === 'enabled' && settings?.lgpdHideNumber === 'enabled';

/**
 * Hides a number from viewers who may not see it: the last 2 characters stay visible, the 6 before them
 * become '*', a longer number keeps its leading part (`5511999887766` -> `55119******66`); a number of 8
 * characters or fewer shows only its last 2.
 */
export const maskNumber = (number: string): string => {
  if (number.length <= 2) return number;
  if (number.length > 8) return `${number.slice(0, -8)}******${number.slice(-2)}`;
  return `${'*'.repeat(number.length - 2)}${number.slice(-2)}`;
};

/** True when the viewer sees masked numbers: profile user while enableLGPD and lgpdHideNumber are enabled. */
export const hidesNumbers = (auth: Pick<AuthContext, 'profile' | 'company'>): boolean =>
  auth.profile === 'user' && privacyOn(auth.company.settings);

/** A contact as this viewer may see it (group numbers are never masked). */
export const presentContact = (auth: Pick<AuthContext, 'profile' | 'company'>, contact: Contact): Contact =>
  contact.isGroup || !hidesNumbers(auth) ? contact : { ...contact, number: maskNumber(contact.number) };

// ----- events -----

type ContactEvent = { action: 'create' | 'update'; contact: Contact } | { action: 'delete'; contactId: number };

/**
 * Records a contact's change as a domain event (listeners push `company-<id>-contact` to the company's agents).
 * With the privacy rule on, the event carries the number agents who are not admins may see.
 */
const recordContactChange = async (
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

const settingsOf = async (companyId: number): Promise<Partial<CompanySettings> | undefined> =>
  (await findCompany(companyId))?.settings;

// ----- writes -----

/**
 * Reads the contact, applies `change` and writes it with every derived item, retrying when another write got
 * in between. `change` answers undefined when there is nothing to change.
 */
const mutate = async (
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
const insertNew = async (
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

export interface ContactIdentityInput {
  channel: Channel;
  identity: string;
  name?: string;
  email?: string;
  phone?: string;
  urlPicture?: string;
  isGroup?: boolean;
  /** the person's WhatsApp LID, when `identity` is their phone number */
  lid?: string;
  /** when the channel was last asked for the picture (WhatsApp; `urlPicture` is its answer, absent for none) */
  pictureCheckedAt?: string;
  connectionId?: number;
  /**
   * The identity comes from the channel itself (the person wrote from it, or WhatsApp just confirmed it): a phone
   * contact created for it is recorded as confirmed on WhatsApp.
   */
  numberConfirmed?: boolean;
  /**
   * The person's name and picture from the channel (Messenger and Instagram profiles), asked only when a contact
   * without a given name is about to be created; a failure is the caller's to absorb (answer undefined).
   */
  profile?: () => Promise<{ name?: string; urlPicture?: string } | undefined>;
}

/**
 * The contact of a channel identity, created on first contact. Race-safe: of two calls at once for one new
 * identity, one creates and the other (losing the marker's condition) reads the winner's contact.
 * An existing contact's name is replaced only while it is still its number; its picture is refreshed.
 */
/**
 * Which contact a channel identity belongs to, remembered per instance: the mapping never changes while the
 * contact exists (ids are never reused), and a deleted contact is noticed when it is read, so an entry can only be
 * stale in a way the next read detects.
 */
const identities = ttlCache<string, number>(10 * 60_000, 10_000);

export const findOrCreateContactByIdentity = async (
  companyId: number,
  input: ContactIdentityInput,
): Promise<{ contact: Contact; created: boolean }> => {
  const isGroup = input.isGroup ?? false;
  const number = normaliseNumber(input.channel, input.identity, isGroup);
  if (!number) throw new AppError('ERR_VALIDATION', 'A contact needs an identity');
  const name = input.name?.trim() ?? '';
  const cacheKey = `${companyId}:${identityFamily(input.channel)}:${number}`;
  // asked at most once, even when a lost race makes another round
  let profile: { name?: string; urlPicture?: string } | undefined;
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const remembered = identities.peek(cacheKey);
    const existingId = remembered ?? (await getIdentityContactId(companyId, { channel: input.channel, identity: number }));
    if (existingId !== undefined) {
      // a remembered id counts only while the contact still has this identity (its number may have been edited)
      const existing = await refreshKnownContact(companyId, existingId, name, input, {
        channel: input.channel,
        number,
      });
      if (existing) {
        identities.set(cacheKey, existingId);
        return { contact: existing, created: false };
      }
      identities.forget(cacheKey);
      continue; // the marker's contact was deleted or renumbered in between
    }
    const adopted = input.lid && !isGroup ? await adoptLidContact(companyId, input.channel, input.lid, number, name) : undefined;
    if (adopted) {
      identities.set(cacheKey, adopted.id);
      return { contact: adopted, created: false };
    }
    profile ??= !name && input.profile ? ((await input.profile()) ?? {}) : {};
    const settings = await settingsOf(companyId);
    const extraInfo =
      input.channel === 'webchat' && input.phone ? withIds([{ name: PHONE_INFO_NAME, value: input.phone.trim() }]) : [];
    const outcome = await insertNew(companyId, {
      channel: input.channel,
      number,
      name: name || profile.name?.trim().slice(0, MAX_NAME) || number,
      email: input.email?.trim().toLowerCase() ?? '',
      isGroup,
      urlPicture: input.urlPicture ?? profile.urlPicture ?? null,
      whatsappId: input.connectionId ?? null,
      extraInfo,
      acceptAudioMessage: acceptsAudioByDefault(settings),
      whatsappCheckedAt:
        input.numberConfirmed && isConfirmableNumber(input.channel, number, isGroup) ? clock().now().toISOString() : undefined,
      pictureCheckedAt: input.pictureCheckedAt,
    });
    if (outcome.created) {
      const contact = toContact(outcome.record);
      await recordContactChange(companyId, settings, { action: 'create', contact });
      return { contact, created: true };
    }
    // lost the race: the next round reads the winner's contact
  }
  throw new Error('could not find or create the contact');
};

/** The contact of a channel identity, if there is one; receipts and echoes look their conversation up with it. */
export const findContactIdByIdentity = async (
  companyId: number,
  channel: Channel,
  identity: string,
): Promise<number | undefined> => {
  const number = normaliseNumber(channel, identity, false);
  return number ? getIdentityContactId(companyId, { channel, identity: number }) : undefined;
};

/**
 * The other forms a Brazilian number is written in: with or without the country code 55, and a mobile number with
 * or without the ninth digit it gained (WhatsApp still knows many accounts by the older eight-digit form). A
 * number that is not a Brazilian one (a national part of 10 or 11 digits after an area code of two non-zero digits)
 * has no other form.
 */
export const brazilianNumberForms = (digits: string): string[] => {
  const national = /^55\d{10,11}$/.test(digits) ? digits.slice(2) : /^\d{10,11}$/.test(digits) ? digits : undefined;
  if (!national || !/^[1-9]{2}/.test(national)) return [];
  const area = national.slice(0, 2);
  const subscriber = national.slice(2);
  const nationals = [national];
  if (subscriber.length === 9 && subscriber.startsWith('9')) nationals.push(area + subscriber.slice(1));
  if (subscriber.length === 8 && /^[6-9]/.test(subscriber)) nationals.push(`${area}9${subscriber}`);
  return [...new Set(nationals.flatMap((n) => [`55${n}`, n]))].filter((form) => form !== digits);
};

/**
 * The company's contact a number names, as a channel addresses people by it: the channel's own identity or a phone
 * contact's (the lookup of GET /contacts/profile/{number}), in any of the forms one number is written in (the given
 * one first, then with or without 55 or the ninth digit; the channel's identity before WhatsApp's). Every identity
 * tried is read in one BatchGet, as the external API asks this on each send.
 */
export const findContactIdByNumber = async (companyId: number, channel: Channel, number: string): Promise<number | undefined> => {
  const given = number.trim();
  if (!given) return undefined;
  const channels = identityFamily(channel) === identityFamily('whatsapp') ? [channel] : [channel, 'whatsapp' as const];
  const forms = /^\d+$/.test(given) ? [given, ...brazilianNumberForms(given)] : [given];
  return getFirstIdentityContactId(
    companyId,
    forms.flatMap((form) => channels.map((ch) => ({ channel: ch, identity: normaliseNumber(ch, form, false) }))),
  );
};

/**
 * A person first seen by their LID alone (WhatsApp did not tell their number) becomes their phone number's contact
 * once the pair is known: the LID contact is renumbered, keeping its tickets. Nothing when there is none, or when
 * the phone number has a contact of its own already (the two are left apart).
 */
const adoptLidContact = async (
  companyId: number,
  channel: Channel,
  lid: string,
  number: string,
  name: string,
): Promise<Contact | undefined> => {
  if (!isLidIdentity(lid) || lid === number) return undefined;
  const lidContactId = await getIdentityContactId(companyId, { channel, identity: lid.trim() });
  if (lidContactId === undefined) return undefined;
  try {
    const { record, changed } = await mutate(companyId, lidContactId, (c) =>
      c.number === lid.trim()
        ? { number, ...(c.name === c.number ? { name: (name || number).slice(0, MAX_NAME) } : {}) }
        : undefined,
    );
    if (!changed) return undefined;
    identities.forget(`${companyId}:${identityFamily(channel)}:${lid.trim()}`);
    const contact = toContact(record);
    await recordContactChange(companyId, await settingsOf(companyId), { action: 'update', contact });
    return contact;
  } catch (error) {
    if (error instanceof AppError && (error.code === 'ERR_DUPLICATED_CONTACT' || error.code === 'ERR_NO_CONTACT_FOUND'))
      return undefined;
    throw error;
  }
};

const refreshKnownContact = async (
  companyId: number,
  id: number,
  name: string,
  picture: Pick<ContactIdentityInput, 'urlPicture' | 'pictureCheckedAt'>,
  identity: { channel: Channel; number: string },
): Promise<Contact | undefined> => {
  const { urlPicture, pictureCheckedAt } = picture;
  try {
    let renumbered = false;
    let visible = false;
    const { record, changed } = await mutate(companyId, id, (c) => {
      renumbered = c.number !== identity.number || identityFamily(c.channel) !== identityFamily(identity.channel);
      if (renumbered) return undefined;
      const patch: Partial<ContactRecord> = {};
      if (name && name !== c.name && c.name === c.number) patch.name = name.slice(0, MAX_NAME);
      if (urlPicture && urlPicture !== c.urlPicture) patch.urlPicture = urlPicture;
      visible = Object.keys(patch).length > 0;
      if (pictureCheckedAt && pictureCheckedAt > (c.pictureCheckedAt ?? '')) patch.pictureCheckedAt = pictureCheckedAt;
      return Object.keys(patch).length > 0 ? patch : undefined;
    });
    if (renumbered) return undefined;
    const contact = toContact(record);
    // the asked-at time alone is no change anyone sees
    if (changed && visible) await recordContactChange(companyId, await settingsOf(companyId), { action: 'update', contact });
    return contact;
  } catch (error) {
    if (error instanceof AppError && error.code === 'ERR_NO_CONTACT_FOUND') return undefined;
    throw error;
  }
};

export interface NewContactInput {
  name: string;
  number: string;
  email: string;
  channel: Channel;
  extraInfo: { id?: number; name: string; value: string }[];
}

// ----- numbers confirmed on WhatsApp (contact-numbers.service.ts asks) -----

/** Whether a contact's number is one WhatsApp can confirm: a phone number (not a group, not a LID). */
export const isConfirmableNumber = (channel: Channel, number: string, isGroup: boolean): boolean =>
  isPhoneChannel(channel) && !isGroup && !isLidIdentity(number);

/**
 * Records that WhatsApp confirmed a contact's number, storing it as WhatsApp knows the account when it differs (the
 * ninth digit). When another contact already has that number, that one is the person WhatsApp answers as: it is
 * confirmed and answered, and the first is left as it was.
 */
export const confirmWhatsappNumber = async (companyId: number, contactId: number, accountNumber: string): Promise<Contact> => {
  const at = clock().now().toISOString();
  try {
    const { record, changed } = await mutate(companyId, contactId, (c) => ({
      whatsappCheckedAt: at,
      ...(c.number !== accountNumber ? { number: accountNumber } : {}),
    }));
    const contact = toContact(record);
    if (changed) await recordContactChange(companyId, await settingsOf(companyId), { action: 'update', contact });
    return contact;
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'ERR_DUPLICATED_CONTACT')) throw error;
    const holder = await getIdentityContactId(companyId, { channel: 'whatsapp', identity: accountNumber });
    if (holder === undefined || holder === contactId) throw error;
    return confirmWhatsappNumber(companyId, holder, accountNumber);
  }
};

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

/** Sets the contact's tags exactly (memberships diffed in the same transaction); used by POST /tags/sync. */
export const setContactTags = async (auth: AuthContext, contactId: number, tags: TagSummary[]): Promise<Contact> => {
  const unique = [...new Map(tags.map((t) => [t.id, t])).values()];
  const { record, changed } = await mutate(auth.companyId, contactId, (c) => {
    const same = c.tags.length === unique.length && c.tags.every((t, i) => JSON.stringify(t) === JSON.stringify(unique[i]));
    return same ? undefined : { tags: unique };
  });
  const contact = toContact(record);
  if (changed) await recordContactChange(auth.companyId, auth.company.settings, { action: 'update', contact });
  return presentContact(auth, contact);
};

/** Takes one tag off a contact (nothing happens when it does not carry it). */
export const removeContactTag = async (auth: AuthContext, contactId: number, tagId: number): Promise<void> => {
  const { record, changed } = await mutate(auth.companyId, contactId, (c) =>
    c.tags.some((t) => t.id === tagId) ? { tags: c.tags.filter((t) => t.id !== tagId) } : undefined,
  );
  if (changed) await recordContactChange(auth.companyId, auth.company.settings, { action: 'update', contact: toContact(record) });
};

/**
 * A tag changed or was deleted: the contact's copy of it follows (`tag` null removes it). Run by the tags module's
 * job, so no caller is signed in; a contact already in step (or gone) is left alone.
 */
export const refreshContactTag = async (
  companyId: number,
  contactId: number,
  tagId: number,
  tag: TagSummary | null,
): Promise<void> => {
  if (!(await getContactRecord(companyId, contactId))) return;
  const { record, changed } = await mutate(companyId, contactId, (c) => {
    const current = c.tags.find((t) => t.id === tagId);
    if (!current) return undefined;
    if (!tag) return { tags: c.tags.filter((t) => t.id !== tagId) };
    if (JSON.stringify(current) === JSON.stringify(tag)) return undefined;
    return { tags: c.tags.map((t) => (t.id === tagId ? tag : t)) };
  });
  if (changed)
    await recordContactChange(companyId, await settingsOf(companyId), { action: 'update', contact: toContact(record) });
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

/**
 * How many contacts carry the tag, counted from its memberships page by page (a cost that grows with the tag): only
 * for the tags module's one-off backfill of contact counts; requests read the count kept on the tag.
 */
export const contactTags = async (auth: AuthContext, id: number): Promise<{ tags: TagSummary[] }> => {
  const contact = await getContact(auth.companyId, id);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  return { tags: contact.tags };
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

/**
 * Whether every search token begins a word of the name (or, for groups, whose numbers are never masked, the
 * number): what a viewer who sees masked numbers may find a contact by, so that searching digits cannot reveal
 * the hidden ones.
 */
const matchesVisibleText = (
  c: { nameNorm: string; number: string; isGroup: boolean; email?: string | null },
  tokens: string[],
): boolean => {
  const words = [...nameTokens(c.nameNorm), ...emailToken(c.email)];
  const numbers = c.isGroup ? numberTokens(c.number) : [];
  return tokens.every((t) => words.some((w) => w.startsWith(t)) || numbers.some((n) => n.startsWith(t)));
};

/**
 * The search index Query alone (one round trip): ids of contacts whose name or number matches, for ticket search.
 * `namesOnly`: the viewer sees masked numbers, so only what they can see counts (names, group numbers).
 */
export const searchContactIds = async (companyId: number, text: string, limit: number, namesOnly = false): Promise<number[]> =>
  (await searchContactIdPage(companyId, text, undefined, limit, namesOnly)).ids;

/**
 * Every contact a search text matches, read a page at a time until `max` distinct ids or `maxReads` reads:
 * `complete` is false when the matches may go on past what was read.
 */
export const searchAllContactIds = async (
  companyId: number,
  text: string,
  { max, maxReads, namesOnly = false }: { max: number; maxReads: number; namesOnly?: boolean },
): Promise<{ ids: number[]; complete: boolean }> => {
  const found = new Set<number>();
  let start: Parameters<typeof querySearchIndex>[3];
  for (let reads = 0; reads < maxReads; reads++) {
    const page = await searchContactIdPage(companyId, text, start, max + 1, namesOnly);
    page.ids.forEach((id) => found.add(id));
    start = page.next;
    if (!start) break;
    if (found.size > max) break;
  }
  const ids = [...found];
  return { ids: ids.slice(0, max), complete: !start && ids.length <= max };
};

const searchContactIdPage = async (
  companyId: number,
  text: string,
  start: Parameters<typeof querySearchIndex>[3],
  limit: number,
  namesOnly: boolean,
): Promise<{ ids: number[]; next?: Parameters<typeof querySearchIndex>[3] }> => {
  const tokens = queryTokens(text);
  if (tokens.length === 0) return { ids: [] };
  const [prefix, ...others] = byLength(tokens);
  if (isInitial(prefix!)) {
    const { entries, next } = await queryContactsByName(companyId, start, limit, prefix!);
    return {
      ids: entries.filter((e) => matchesVisibleText({ ...e.value, isGroup: false }, tokens)).map((e) => e.value.id),
      next,
    };
  }
  const page = await querySearchIndex(companyId, prefix!, others, start, limit);
  const ids = page.entries
    .filter((e) => isFirstMatch(e.value, prefix!))
    .filter(
      (e) =>
        !namesOnly ||
        matchesVisibleText(
          {
            nameNorm: e.value.nameNorm,
            number: e.value.number,
            isGroup: e.value.contact?.isGroup ?? false,
            email: e.value.contact?.email,
          },
          tokens,
        ),
    )
    .map((e) => e.value.contactId);
  return { ids, next: page.next };
};

const byLength = (tokens: string[]): string[] => [...tokens].sort((a, b) => b.length - a.length);

/** A search whose longest token is one character reads the names beginning with it (see contact.entity.ts). */
const isInitial = (prefix: string): boolean => [...prefix].length < SEARCH_SHARD_CHARS;

// ----- the contacts page -----

export interface ContactListQuery {
  searchParam?: string;
  channel?: Channel;
  isGroup?: boolean;
  contactTag?: number[];
  cursor?: string;
  rowsPerPage: number;
}

interface ListCursor {
  /** which index the position belongs to: 'name', 'tag:<id>' or 'search:<prefix>' */
  s: string;
  p: Position;
  /** contacts answered on the earlier pages */
  n: number;
}

const isListCursor = (v: unknown): v is ListCursor => {
  const c = v as ListCursor;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.s === 'string' &&
    Number.isInteger(c.n) &&
    c.n >= 0 &&
    typeof c.p === 'object' &&
    c.p !== null &&
    !Array.isArray(c.p) &&
    Object.values(c.p).every((x) => typeof x === 'string')
  );
};

const badCursor = () =>
  new AppError('ERR_VALIDATION', 'Invalid cursor', { fields: [{ path: 'query.cursor', message: 'Invalid cursor' }] });

type Reader = (start: Position | undefined, limit: number) => Promise<IndexPage<ContactRecord | undefined>>;

/** Index reads a filtered page may take before it answers with what it found (and hasMore). */
const MAX_ROUNDS = 3;

/**
 * Fills a page from an index: reads `rows + 1` entries at a time (the extra one tells honestly whether more
 * follow), keeps those that pass `keep`, and stops after MAX_ROUNDS reads, so a page never costs more than
 * a fixed number of reads whatever the company's size. A filtered page may come back short with hasMore.
 */
const fillPage = async (read: Reader, keep: (c: ContactRecord) => boolean, rows: number, start: Position | undefined) => {
  const page: ContactRecord[] = [];
  let lastTaken: Position | undefined;
  let from = start;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { entries, next } = await read(from, rows - page.length + 1);
    for (const entry of entries) {
      if (!entry.value || !keep(entry.value)) continue;
      if (page.length === rows) return { page, resume: lastTaken, hasMore: true };
      page.push(entry.value);
      lastTaken = entry.position;
    }
    if (!next) return { page, resume: undefined, hasMore: false };
    from = next;
    if (page.length === rows) break;
  }
  return { page, resume: from, hasMore: true };
};

/** Reads search index entries and resolves them to contacts with one BatchGet. */
const searchReader =
  (companyId: number, prefix: string, others: string[]): Reader =>
  async (start, limit) => {
    const { entries, next } = await querySearchIndex(companyId, prefix, others, start, limit);
    const first = entries.filter((e) => isFirstMatch(e.value, prefix));
    // index items carry the contact; only items written before they did need the contacts read
    const missing = first.filter((e) => !e.value.contact).map((e) => e.value.contactId);
    const contacts: Map<number, ContactRecord> = missing.length > 0 ? await getContacts(companyId, missing) : new Map();
    for (const e of first) if (e.value.contact) contacts.set(e.value.contactId, e.value.contact);
    return {
      entries: entries.map((e) => ({
        position: e.position,
        value: first.includes(e) ? contacts.get(e.value.contactId) : undefined,
      })),
      next,
    };
  };

/** Names beginning with `prefix` whose other words begin with the other tokens. */
const initialReader =
  (companyId: number, prefix: string, tokens: string[]): Reader =>
  async (start, limit) => {
    const { entries, next } = await queryContactsByName(companyId, start, limit, prefix);
    return {
      entries: entries.map((e) => ({
        position: e.position,
        value: matchesVisibleText({ ...e.value, isGroup: false }, tokens) ? e.value : undefined,
      })),
      next,
    };
  };

const tagReader =
  (companyId: number, tagId: number): Reader =>
  async (start, limit) => {
    const { entries, next } = await queryTagMembers(companyId, tagId, start, limit);
    const contacts =
      entries.length > 0
        ? await getContacts(
            companyId,
            entries.map((e) => e.value),
          )
        : new Map();
    return { entries: entries.map((e) => ({ position: e.position, value: contacts.get(e.value) })), next };
  };

/**
 * One page of the contacts list for a company (no masking; see listContacts).
 * Which index answers: a search text -> the search index (then one BatchGet); else a tag filter -> the first
 * tag's members (then one BatchGet); else contacts by name. Channel, isGroup and the other tags filter in memory;
 * with several tags a contact must carry every one of them.
 *
 * `count`: unfiltered, the company's total from its counter item. Filtered, counting every match would cost
 * what the company has, so it is what is known for sure: the matches answered on this page and the earlier
 * ones (carried in the cursor); it is exact once hasMore is false.
 */
export const findContactsPage = async (
  companyId: number,
  query: ContactListQuery,
  /** the viewer sees masked numbers: a search matches names (and group numbers) only */
  namesOnly = false,
): Promise<{ contacts: Contact[]; count: number; hasMore: boolean; nextCursor: string | null }> => {
  const tokens = query.searchParam ? queryTokens(query.searchParam) : [];
  // a search made only of punctuation matches nothing (rather than everything)
  if (query.searchParam && tokens.length === 0) return { contacts: [], count: 0, hasMore: false, nextCursor: null };
  const tagIds = [...new Set(query.contactTag ?? [])];
  const filtered = tokens.length > 0 || tagIds.length > 0 || query.channel !== undefined || query.isGroup !== undefined;

  let source: string;
  let read: Reader;
  let validPosition: (p: Position) => boolean;
  if (tokens.length > 0) {
    const [prefix, ...others] = byLength(tokens);
    if (isInitial(prefix!)) {
      source = `initial:${prefix}`;
      read = initialReader(companyId, prefix!, tokens);
      validPosition = (p) => isNamePosition(companyId, p) && p.gsi1sk!.startsWith(prefix!);
    } else {
      source = `search:${prefix}`;
      read = searchReader(companyId, prefix!, others);
      validPosition = (p) => isSearchPosition(companyId, prefix!, p);
    }
  } else if (tagIds.length > 0) {
    const tagId = tagIds[0]!;
    source = `tag:${tagId}`;
    read = tagReader(companyId, tagId);
    validPosition = (p) => isTagMemberPosition(companyId, tagId, p);
  } else {
    source = 'name';
    read = queryContactsByName.bind(null, companyId);
    validPosition = (p) => isNamePosition(companyId, p);
  }

  const scope = {
    list: 'contacts.list',
    companyId,
    filters: {
      searchParam: query.searchParam,
      channel: query.channel,
      isGroup: query.isGroup,
      contactTag: query.contactTag,
      namesOnly,
    },
  };
  const cursor = await decodeCursor(query.cursor, scope, isListCursor);
  if (cursor && (cursor.s !== source || !validPosition(cursor.p))) throw badCursor();

  const keep = (c: ContactRecord): boolean =>
    (query.channel === undefined || c.channel === query.channel) &&
    (query.isGroup === undefined || c.isGroup === query.isGroup) &&
    tagIds.every((id) => c.tags.some((t) => t.id === id)) &&
    (!namesOnly || tokens.length === 0 || matchesVisibleText(c, tokens));

  const [result, total] = await Promise.all([
    fillPage(read, keep, query.rowsPerPage, cursor?.p),
    filtered ? Promise.resolve(undefined) : getContactCount(companyId),
  ]);
  const before = cursor?.n ?? 0;
  const count = total ?? before + result.page.length;
  const nextCursor =
    result.hasMore && result.resume
      ? await encodeCursor({ s: source, p: result.resume, n: before + result.page.length } satisfies ListCursor, scope)
      : null;
  return { contacts: result.page.map(toContact), count, hasMore: nextCursor !== null, nextCursor };
};

/** GET /contacts: the page, with numbers masked for viewers who may not see them. */
export const listContacts = async (auth: AuthContext, query: ContactListQuery) => {
  const page = await findContactsPage(auth.companyId, query, hidesNumbers(auth));
  return { ...page, contacts: page.contacts.map((c) => presentContact(auth, c)) };
};

/** `l`: a position in the name index; a cursor of the contacts page (which has `s`, `p`, `n`) is not one. */
const isNamesCursor = (v: unknown): v is { l: Position } => {
  const c = v as { l?: unknown };
  return (
    typeof c === 'object' &&
    c !== null &&
    Object.keys(c).length === 1 &&
    typeof c.l === 'object' &&
    c.l !== null &&
    !Array.isArray(c.l)
  );
};

/** GET /contacts/list: ids and names in name order for pickers, up to 100 a page. */
export const listContactNames = async (
  auth: AuthContext,
  query: { cursor?: string; limit: number },
): Promise<{ contacts: { id: number; name: string }[]; hasMore: boolean; nextCursor: string | null }> => {
  const scope = { list: 'contacts.list-all', companyId: auth.companyId };
  const cursor = await decodeCursor(query.cursor, scope, isNamesCursor);
  if (cursor && !isNamePosition(auth.companyId, cursor.l)) throw badCursor();
  const { entries, next } = await queryContactNames(auth.companyId, cursor?.l, query.limit + 1);
  const page = entries.slice(0, query.limit);
  const resume = entries.length > query.limit ? page[page.length - 1]!.position : next;
  return {
    contacts: page.map((e) => e.value),
    hasMore: resume !== undefined,
    nextCursor: resume ? await encodeCursor({ l: resume }, scope) : null,
  };
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

export { getContactWallet, putContactWallet, type ContactWallet } from './contact-wallets.repository.ts';
