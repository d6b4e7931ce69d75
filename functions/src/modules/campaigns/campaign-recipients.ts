/**
 * Who a campaign goes to, a page at a time: the items of its contact list whose number is on WhatsApp, or the
 * contacts carrying its tag (server reference 6.2). Read through the contact-lists and contacts services.
 */
import { phoneDigits } from '@switchboard/shared/contracts/inbox';
import { findContactsPage } from '../contacts/contacts.service.ts';
import { countValidContactListItems, pageContactListItems } from '../contact-lists/contact-lists.service.ts';

export interface Recipient {
  number: string;
  name: string;
  email: string;
}

export interface RecipientPage {
  recipients: Recipient[];
  /** items read but not sendable (number not on WhatsApp, a group, no number) */
  invalid: number;
  nextCursor: string | null;
}

export type RecipientSource = { contactListId: number | null; tagListId: number | null };

const PAGE = 100;

export const pageRecipients = async (companyId: number, source: RecipientSource, cursor: string | undefined): Promise<RecipientPage> => {
  if (source.contactListId) {
    const page = await pageContactListItems(companyId, source.contactListId, cursor, PAGE);
    const valid = page.items.filter((i) => i.isWhatsappValid && phoneDigits(i.number).length >= 8);
    return {
      recipients: valid.map((i) => ({ number: phoneDigits(i.number), name: i.name, email: i.email })),
      invalid: page.items.length - valid.length,
      nextCursor: page.nextCursor,
    };
  }
  if (source.tagListId) {
    const page = await findContactsPage(companyId, { contactTag: [source.tagListId], cursor, rowsPerPage: PAGE });
    const valid = page.contacts.filter((c) => !c.isGroup && (c.channel === 'whatsapp' || c.channel === 'whatsappapi') && phoneDigits(c.number).length >= 8);
    return {
      recipients: valid.map((c) => ({ number: phoneDigits(c.number), name: c.name, email: c.email ?? '' })),
      invalid: page.contacts.length - valid.length,
      nextCursor: page.nextCursor,
    };
  }
  return { recipients: [], invalid: 0, nextCursor: null };
};

/** The valid recipients a list has now (the tag count is only known once the campaign is prepared). */
export const countValidRecipients = async (companyId: number, source: RecipientSource): Promise<number | undefined> =>
  source.contactListId ? countValidContactListItems(companyId, source.contactListId) : undefined;
