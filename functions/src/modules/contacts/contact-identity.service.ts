/**
 * Which contact a channel identity is: found or created on first contact (race-safe), looked up by a number in the
 * forms it is written in, a WhatsApp LID's contact adopted by its phone number once known, and numbers WhatsApp
 * confirmed.
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import { type Channel } from '@switchboard/shared/contracts/connections';
import { isPhoneChannel, PHONE_INFO_NAME, type Contact } from '@switchboard/shared/contracts/contacts';
import { isLidIdentity } from '../../channels/whatsapp/whatsapp-ids.ts';
import { clock } from '../../platform/clock.ts';
import { ttlCache } from '../../platform/ttl-cache.ts';
import { AppError } from '../../platform/errors.ts';
import { type ContactRecord, identityFamily } from './contact.entity.ts';
import { getFirstIdentityContactId, getIdentityContactId } from './contact-reads.repository.ts';
import {
  acceptsAudioByDefault,
  insertNew,
  MAX_NAME,
  mutate,
  normaliseNumber,
  recordContactChange,
  settingsOf,
  toContact,
  withIds,
  WRITE_ATTEMPTS,
} from './contact-writes.ts';

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
      traitsOf(input.channel).identity === 'web-visitor' && input.phone
        ? withIds([{ name: PHONE_INFO_NAME, value: input.phone.trim() }])
        : [];
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
  const channels = isPhoneChannel(channel) ? [channel] : [channel, 'whatsapp' as const];
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
