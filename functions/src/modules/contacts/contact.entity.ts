/**
 * Contacts of a company, their channel identities, the search index and tag memberships.
 *
 * Items and access patterns (cid = company id, id = contact id, padId = zero-padded id):
 * - contact: pk C#<cid>, sk CONTACT#<padId>, type 'contact'. The `contact` contract's fields (tags denormalised
 *   as tagSummary[]), plus nameNorm (lowercased, accents removed) and rev (bumped by every write; writes that
 *   derive other items from the contact are conditioned on it).
 *   - get one / BatchGet many by id.
 *   - list ordered by name: gsi1pk C#<cid>#CONTACTS, gsi1sk <nameNorm>#<padId> (Query, cursor = last key).
 * - identity marker: pk C#<cid>, sk CONTACTID#<family>#<identity>, { contactId }. One per contact; family is
 *   'wa' for whatsapp and whatsappapi (the same phone numbers), otherwise the channel name. Written with the
 *   contact in one transaction with attribute_not_exists, so a company never has two contacts for one identity;
 *   a number change moves it in one transaction. Also answers "find the contact of this number".
 * - search index: pk C#<cid>#CSEARCH#<first two characters of the token>, sk <token>#<padId>, { contactId,
 *   nameNorm, number, words, contact }, one item per token: each word of nameNorm (up to 6), the e-mail and the
 *   digits of the number (also without the first 2 and 4 digits, so a number is found with or without country
 *   and area code). A contact whose identity is not a phone number (a web chat visitor) is also indexed by the
 *   digits of the phone it gave, kept in its extra info as `phone` (givenPhone), the same way. Search = Query begins_with(sk, longest query token) in that token's partition with a Limit, the other
 *   tokens filtered with contains(words, ' <token>') (words = ' ' + every word of the name, so each token must
 *   begin a word). The partitions are spread by the tokens' first characters, so a search reads a small one and
 *   imports do not pile onto one key: a page costs the same, and takes the same time, at 1,000 or 100,000
 *   contacts. A one-character search reads the name index instead (names beginning with it). Rewritten in the
 *   contact's transactions.
 * - tag membership: pk C#<cid>#TAG#<tagId>, sk CONTACT#<padId>, { contactId, tagId } (contacts of a tag, for the
 *   contactTag filter: Query the first tag's members, BatchGet them, filter the other tags in memory).
 *   Written in the same transaction as the contact's denormalised tags.
 * - contact count: pk C#<cid>, sk CONTACTCOUNT, { total } updated with ADD on create and delete.
 * - ids: counter item from nextId(C#<cid>, 'contact').
 */
import { type Channel } from '@switchboard/shared/contracts/connections';
import { givenPhone, isPhoneChannel, type Contact } from '@switchboard/shared/contracts/contacts';
import { companyPk, padId } from '../../platform/table/keys.ts';

export type ContactRecord = Contact & {
  companyId: number;
  nameNorm: string;
  rev: number;
  /** WhatsApp: when the profile picture was last asked for (ISO); the connector asks again only after a while */
  pictureCheckedAt?: string;
};
export type ContactItem = ContactRecord & { pk: string; sk: string; type: 'contact'; gsi1pk: string; gsi1sk: string };

export interface IdentityMarkerItem {
  pk: string;
  sk: string;
  type: 'contactIdentity';
  companyId: number;
  contactId: number;
}

export interface SearchIndexItem {
  pk: string;
  sk: string;
  type: 'contactSearch';
  companyId: number;
  contactId: number;
  nameNorm: string;
  number: string;
  /** every word of the name, each preceded by a space, for the other tokens' filter */
  words: string;
  /** the whole contact, so that a search page is one Query (rewritten with the contact in its transactions) */
  contact?: ContactRecord;
}

export interface TagMemberItem {
  pk: string;
  sk: string;
  type: 'contactTag';
  companyId: number;
  contactId: number;
  tagId: number;
}

export type Key = { pk: string; sk: string };

export const contactKey = (companyId: number, id: number): Key => ({ pk: companyPk(companyId), sk: `CONTACT#${padId(id)}` });
export const contactByNamePk = (companyId: number): string => `${companyPk(companyId)}#CONTACTS`;
export const contactByNameIndex = (companyId: number, nameNorm: string, id: number) => ({
  gsi1pk: contactByNamePk(companyId),
  gsi1sk: `${nameNorm}#${padId(id)}`,
});

/** The phone channels (WhatsApp by session and Cloud API) share phone numbers, so they share one identity space. */
export const identityFamily = (channel: Channel): string => (isPhoneChannel(channel) ? 'wa' : channel);
export const identityMarkerKey = (companyId: number, channel: Channel, identity: string): Key => ({
  pk: companyPk(companyId),
  sk: `CONTACTID#${identityFamily(channel)}#${identity}`,
});

/** Search tokens are spread over partitions by their first two characters (one for one-character tokens). */
export const SEARCH_SHARD_CHARS = 2;
export const searchPk = (companyId: number, token: string): string =>
  `${companyPk(companyId)}#CSEARCH#${[...token].slice(0, SEARCH_SHARD_CHARS).join('')}`;
export const searchKey = (companyId: number, token: string, id: number): Key => ({
  pk: searchPk(companyId, token),
  sk: `${token}#${padId(id)}`,
});
/** The partition every search token lived in before the index was spread; read only to move its items. */
export const legacySearchPk = (companyId: number): string => `${companyPk(companyId)}#CSEARCH`;

export const tagMembersPk = (companyId: number, tagId: number): string => `${companyPk(companyId)}#TAG#${tagId}`;
export const tagMemberKey = (companyId: number, tagId: number, contactId: number): Key => ({
  pk: tagMembersPk(companyId, tagId),
  sk: `CONTACT#${padId(contactId)}`,
});

export const contactCountKey = (companyId: number): Key => ({ pk: companyPk(companyId), sk: 'CONTACTCOUNT' });

/** Lowercased, accents removed, spaces collapsed: the form names are sorted and searched in. */
export const normaliseText = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

const MAX_NAME_WORDS = 6;
const PHONE_LIKE = /^[\d\s+().-]+$/;

const wordsOf = (nameNorm: string): string[] => [...new Set(nameNorm.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0))];

/** The words of a normalised name, as search tokens (distinct, in order, at most 6). */
export const nameTokens = (nameNorm: string): string[] => wordsOf(nameNorm).slice(0, MAX_NAME_WORDS);

/** ' ' + each word of the name: `contains(words, ' ' + token)` holds when a word begins with the token. */
export const searchWords = (nameNorm: string): string =>
  wordsOf(nameNorm)
    .map((w) => ` ${w}`)
    .join('');

/** Digit tokens of a phone-like number: all digits, and without the first 2 and 4 when 8 or more remain. */
export const numberTokens = (number: string): string[] => {
  if (!PHONE_LIKE.test(number)) return [];
  const digits = number.replace(/\D/g, '');
  if (digits.length === 0) return [];
  const out = [digits];
  for (const skip of [2, 4]) if (digits.length - skip >= 8) out.push(digits.slice(skip));
  return out;
};

/** A contact's e-mail as a search token: whole and lowercased, so that it is found by any beginning of it. */
export const emailToken = (email: string | undefined | null): string[] => {
  const e = (email ?? '').trim().toLowerCase();
  return e.includes('@') ? [e] : [];
};

/** Every search token of a contact; the index holds one item per token. */
export const searchTokens = (nameNorm: string, number: string, email?: string | null, phone?: string): string[] => [
  ...new Set([...nameTokens(nameNorm), ...numberTokens(number), ...emailToken(email), ...(phone ? numberTokens(phone) : [])]),
];

/**
 * Tokens of a search text: a phone-like text is one digit token (formatting dropped), anything else its
 * normalised words. The longest token drives the index Query; the others filter it.
 */
export const queryTokens = (text: string): string[] => {
  const trimmed = text.trim();
  // an e-mail (or its beginning up to the @) is one token, matched against the e-mail token
  if (trimmed.includes('@') && !/\s/.test(trimmed)) return [trimmed.toLowerCase()];
  if (PHONE_LIKE.test(trimmed) && /\d/.test(trimmed)) return [trimmed.replace(/\D/g, '')];
  return nameTokens(normaliseText(trimmed));
};

/**
 * A contact may have several tokens that begin with the searched prefix ("ana" matches "ana" and "anabela");
 * only the smallest of them counts, so each contact appears once across all pages of a search.
 */
export const isFirstMatch = (item: Pick<SearchIndexItem, 'sk' | 'nameNorm' | 'number' | 'contact'>, prefix: string): boolean => {
  const token = item.sk.slice(0, item.sk.lastIndexOf('#'));
  const matching = searchTokens(item.nameNorm, item.number, item.contact?.email, item.contact && givenPhone(item.contact))
    .filter((t) => t.startsWith(prefix))
    .sort();
  return matching[0] === token;
};

/** Cursor positions are checked against the partition they must belong to before they reach DynamoDB. */
const PADDED_CONTACT_SK = /^CONTACT#\d{10}$/;
export const isNamePosition = (companyId: number, p: Record<string, string>): boolean =>
  Object.keys(p).length === 4 &&
  p.pk === companyPk(companyId) &&
  PADDED_CONTACT_SK.test(p.sk ?? '') &&
  p.gsi1pk === contactByNamePk(companyId) &&
  typeof p.gsi1sk === 'string';
export const isSearchPosition = (companyId: number, prefix: string, p: Record<string, string>): boolean =>
  Object.keys(p).length === 2 && p.pk === searchPk(companyId, prefix) && typeof p.sk === 'string' && p.sk.startsWith(prefix);
export const isTagMemberPosition = (companyId: number, tagId: number, p: Record<string, string>): boolean =>
  Object.keys(p).length === 2 && p.pk === tagMembersPk(companyId, tagId) && PADDED_CONTACT_SK.test(p.sk ?? '');
