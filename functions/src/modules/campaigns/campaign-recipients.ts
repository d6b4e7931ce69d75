/**
 * Who a campaign goes to, a page at a time: the items of its contact list whose number is on WhatsApp, or the
 * contacts carrying its tag (server reference 6.2). Read through the contact-lists and contacts services.
 *
 * A campaign goes out through one connection, so its recipients are the members the connection's channel can
 * reach; the others are counted as unreachable (the report shows how many):
 * - a WhatsApp connection (Baileys or Cloud API) reaches phone numbers: contact list items on WhatsApp, and tagged
 *   contacts of either WhatsApp channel (they share one identity, the number), never groups or contacts known only
 *   by a LID;
 * - a Messenger or Instagram connection reaches the tagged contacts of its own channel who wrote to that page or
 *   account: their ids are page-scoped, so another page's contact cannot be written to;
 * - a web chat connection reaches nobody (a visitor cannot be written to first), and a contact list (phone numbers)
 *   reaches nobody through a Messenger or Instagram page: the report then shows every member as unreachable.
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import type { Channel } from '@switchboard/shared/contracts/connections';
import { type Contact, isPhoneChannel, phoneDigits } from '@switchboard/shared/contracts/contacts';
import { isLidIdentity } from '../../channels/whatsapp/whatsapp-ids.ts';
import { findContactsPage } from '../contacts/contact-search.service.ts';
import { countValidContactListItems, pageContactListItems } from '../contact-lists/contact-lists.service.ts';

export interface Recipient {
  /** the phone number, or the page-scoped id on Messenger and Instagram */
  number: string;
  name: string;
  email: string;
}

export interface RecipientPage {
  recipients: Recipient[];
  /** members read but not reachable through the connection (number not on WhatsApp, a group, another channel) */
  invalid: number;
  nextCursor: string | null;
}

export type RecipientSource = { contactListId: number | null; tagListId: number | null };
/** The campaign's connection: what decides who can be reached. */
export type Reach = { channel: Channel; connectionId: number };

const PAGE = 100;

/** The address a tagged contact is written to through the connection, or undefined when it cannot be reached. */
export const reachableAddress = (
  c: Pick<Contact, 'channel' | 'number' | 'isGroup' | 'whatsappId' | 'active'>,
  reach: Reach,
): string | undefined => {
  // a blocked contact is sent nothing (server reference 6.2: active contacts carrying the tag)
  if (c.isGroup || !c.active) return undefined;
  if (isPhoneChannel(reach.channel)) {
    if (!isPhoneChannel(c.channel) || isLidIdentity(c.number)) return undefined;
    const digits = phoneDigits(c.number);
    return digits.length >= 8 ? digits : undefined;
  }
  // page-scoped ids: only the people who wrote to this page or account
  if (traitsOf(reach.channel).campaignReach === 'tags') {
    return c.channel === reach.channel && c.whatsappId === reach.connectionId && c.number.trim() ? c.number.trim() : undefined;
  }
  return undefined;
};

export const pageRecipients = async (
  companyId: number,
  source: RecipientSource,
  reach: Reach,
  cursor: string | undefined,
): Promise<RecipientPage> => {
  if (source.contactListId) {
    const page = await pageContactListItems(companyId, source.contactListId, cursor, PAGE);
    const valid = isPhoneChannel(reach.channel)
      ? page.items.filter((i) => i.isWhatsappValid && phoneDigits(i.number).length >= 8)
      : [];
    return {
      recipients: valid.map((i) => ({ number: phoneDigits(i.number), name: i.name, email: i.email })),
      invalid: page.items.length - valid.length,
      nextCursor: page.nextCursor,
    };
  }
  if (source.tagListId) {
    const page = await findContactsPage(companyId, { contactTag: [source.tagListId], cursor, rowsPerPage: PAGE });
    const recipients: Recipient[] = [];
    for (const c of page.contacts) {
      const number = reachableAddress(c, reach);
      if (number) recipients.push({ number, name: c.name, email: c.email ?? '' });
    }
    return { recipients, invalid: page.contacts.length - recipients.length, nextCursor: page.nextCursor };
  }
  return { recipients: [], invalid: 0, nextCursor: null };
};

/** The valid recipients a list has now (the tag count is only known once the campaign is prepared). */
export const countValidRecipients = async (companyId: number, source: RecipientSource): Promise<number | undefined> =>
  source.contactListId ? countValidContactListItems(companyId, source.contactListId) : undefined;
