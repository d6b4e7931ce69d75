/**
 * What other modules may join to their own transactions to keep a tag's contactCount (tag.entity.ts): the contacts
 * module adds it to every transaction that writes or deletes a membership, so the count moves atomically with it.
 * The tag item's key and its rules (never re-create a deleted tag) stay in this module.
 */
export { tagContactCountUpdate } from './tags.repository.ts';
