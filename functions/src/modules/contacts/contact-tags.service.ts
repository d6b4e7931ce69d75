/** The tags a contact carries: set, taken off, kept in step with the tag (the tags module's job), read. */
import { type Contact } from '@switchboard/shared/contracts/contacts';
import { type TagSummary } from '@switchboard/shared/contracts/tags';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { getContact as getContactRecord } from './contact-reads.repository.ts';
import { mutate, recordContactChange, settingsOf, toContact } from './contact-writes.ts';
import { presentContact } from './contact-privacy.service.ts';
import { getContact } from './contacts.service.ts';

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

/**
 * How many contacts carry the tag, counted from its memberships page by page (a cost that grows with the tag): only
 * for the tags module's one-off backfill of contact counts; requests read the count kept on the tag.
 */
export const contactTags = async (auth: AuthContext, id: number): Promise<{ tags: TagSummary[] }> => {
  const contact = await getContact(auth.companyId, id);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  return { tags: contact.tags };
};
