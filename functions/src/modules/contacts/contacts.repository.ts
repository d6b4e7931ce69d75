/**
 * The contacts' table writes: the contact item, its identity marker, search index items and tag memberships,
 * always written together in one transaction so that they never disagree. A membership added or removed moves
 * its tag's contactCount in that same transaction (tag-records.repository.ts `tagContactCountUpdate`). The reads
 * are in contact-reads.repository.ts.
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Channel } from '@switchboard/shared/contracts/connections';
import { givenPhone } from '@switchboard/shared/contracts/contacts';
import { failedTransactionItem, isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName, type TransactItem } from '../../platform/table/client.ts';
import { tagContactCountUpdate } from '../tag-records/tag-records.repository.ts';
import {
  contactByNameIndex,
  contactCountKey,
  contactKey,
  identityMarkerKey,
  searchKey,
  searchTokens,
  searchWords,
  tagMemberKey,
  type ContactItem,
  type ContactRecord,
  type IdentityMarkerItem,
  type Key,
  type SearchIndexItem,
  type TagMemberItem,
} from './contact.entity.ts';

/** DynamoDB's limit of items in one TransactWriteItems call. */
const MAX_TRANSACTION_ITEMS = 100;
/** a tag's item is touched by every tagging of its contacts, so busy tags collide more often: retried with backoff */
const CONFLICT_RETRIES = 8;

/** Where a contact stands in its identity space. */
export interface Identity {
  channel: Channel;
  identity: string;
}

const toItem = (record: ContactRecord): ContactItem => ({
  ...contactKey(record.companyId, record.id),
  ...contactByNameIndex(record.companyId, record.nameNorm, record.id),
  type: 'contact',
  ...record,
});

const isTransactionConflict = (error: unknown): boolean => {
  const name = (error as { name?: string })?.name;
  if (name === 'TransactionConflictException') return true;
  if (name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.some((r) => r.Code === 'TransactionConflict') && !reasons.some((r) => r.Code === 'ConditionalCheckFailed');
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a transaction, retrying when it only collided with another transaction on the same items. */
const transact = async (items: TransactItem[]): Promise<void> => {
  for (let attempt = 0; ; attempt++) {
    try {
      await table().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= CONFLICT_RETRIES) throw error;
      await sleep(Math.min(20 * 2 ** attempt, 640) + Math.floor(Math.random() * 40));
    }
  }
};

/** Membership changes of one transaction merged per tag: DynamoDB refuses a transaction that names an item twice. */
const countDeltas = (changes: { tagId: number; delta: number }[]): Map<number, number> => {
  const deltas = new Map<number, number>();
  for (const c of changes) deltas.set(c.tagId, (deltas.get(c.tagId) ?? 0) + c.delta);
  for (const [tagId, delta] of deltas) if (delta === 0) deltas.delete(tagId);
  return deltas;
};

/**
 * Runs `items` with the counter updates of `deltas` appended. A counter's condition fails only when its tag was
 * deleted meanwhile (its memberships are then removed by the tags module's job, and its count went with it): that
 * tag's counter is dropped and the rest tried again, so the contact's write neither fails nor re-creates the tag.
 * Any other failed condition is the caller's (thrown as it came).
 */
const transactCounting = async (companyId: number, items: TransactItem[], deltas: Map<number, number>): Promise<void> => {
  let counted = [...deltas];
  for (;;) {
    try {
      await transact([...items, ...counted.map(([tagId, delta]) => tagContactCountUpdate(companyId, tagId, delta))]);
      return;
    } catch (error) {
      const first = failedTransactionItem(error);
      if (!isConditionalCheckFailure(error) || first < items.length) throw error;
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      const kept = counted.filter((_, i) => reasons[items.length + i]?.Code !== 'ConditionalCheckFailed');
      if (kept.length === counted.length) throw error;
      counted = kept;
    }
  }
};

const put = (item: Record<string, unknown>, condition?: string, values?: Record<string, unknown>): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: item,
    ...(condition ? { ConditionExpression: condition } : {}),
    ...(values ? { ExpressionAttributeValues: values } : {}),
  },
});
const del = (key: Key, condition?: string, values?: Record<string, unknown>): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: key,
    ...(condition ? { ConditionExpression: condition } : {}),
    ...(values ? { ExpressionAttributeValues: values } : {}),
  },
});

const markerItem = (companyId: number, who: Identity, contactId: number): IdentityMarkerItem => ({
  ...identityMarkerKey(companyId, who.channel, who.identity),
  type: 'contactIdentity',
  companyId,
  contactId,
});

/** The search index items of a contact as it stands (contact.entity.ts). */
export const searchItems = (record: ContactRecord): SearchIndexItem[] =>
  searchTokens(record.nameNorm, record.number, record.email, givenPhone(record)).map((token) => ({
    ...searchKey(record.companyId, token, record.id),
    type: 'contactSearch',
    companyId: record.companyId,
    contactId: record.id,
    nameNorm: record.nameNorm,
    number: record.number,
    words: searchWords(record.nameNorm),
    contact: record,
  }));

const memberItem = (companyId: number, tagId: number, contactId: number): TagMemberItem => ({
  ...tagMemberKey(companyId, tagId, contactId),
  type: 'contactTag',
  companyId,
  contactId,
  tagId,
});

// ----- writes -----

/**
 * Writes a new contact with its identity marker and search index items in one transaction.
 * 'duplicate' when the identity is taken (nothing is written).
 */
export const insertContact = async (record: ContactRecord, who: Identity): Promise<'created' | 'duplicate'> => {
  const items: TransactItem[] = [
    put(toItem(record) as unknown as Record<string, unknown>, 'attribute_not_exists(pk)'),
    put(markerItem(record.companyId, who, record.id) as unknown as Record<string, unknown>, 'attribute_not_exists(pk)'),
    ...searchItems(record).map((i) => put(i as unknown as Record<string, unknown>)),
  ];
  try {
    await transact(items);
    return 'created';
  } catch (error) {
    if (isConditionalCheckFailure(error) && failedTransactionItem(error) === 1) return 'duplicate';
    throw error;
  }
};

export const addToContactCount = async (companyId: number, delta: number): Promise<void> => {
  await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: contactCountKey(companyId),
      UpdateExpression: 'ADD #total :d SET #type = :type, companyId = :cid',
      ExpressionAttributeNames: { '#total': 'total', '#type': 'type' },
      ExpressionAttributeValues: { ':d': delta, ':type': 'contactCount', ':cid': companyId },
    }),
  );
};

export type ChangeResult = 'ok' | 'stale' | 'duplicate';

/**
 * Replaces a contact read at `before.rev` by `after` (whose rev is before.rev + 1) and brings every derived
 * item along: search index items when name or number changed, the identity marker when the identity moved,
 * tag memberships when tags changed. 'stale' when someone else wrote the contact since it was read;
 * 'duplicate' when the new identity belongs to another contact. Nothing is written in either case.
 */
export const replaceContact = async (
  before: ContactRecord,
  after: ContactRecord,
  identity?: { from: Identity; to: Identity },
): Promise<ChangeResult> => {
  const companyId = before.companyId;
  const beforeTags = new Set(before.tags.map((t) => t.id));
  const afterTags = new Set(after.tags.map((t) => t.id));
  const added = [...afterTags].filter((id) => !beforeTags.has(id));
  const removed = [...beforeTags].filter((id) => !afterTags.has(id));

  const derived: TransactItem[] = [];
  {
    // the index items carry the whole contact, so every change rewrites them
    const next = searchItems(after);
    const keep = new Set(next.map((i) => i.sk));
    derived.push(...next.map((i) => put(i as unknown as Record<string, unknown>)));
    for (const old of searchItems(before)) if (!keep.has(old.sk)) derived.push(del({ pk: old.pk, sk: old.sk }));
  }
  let markerAt = -1;
  const moved = identity && identity.from.identity !== identity.to.identity;
  if (identity && moved) {
    derived.push(
      del(identityMarkerKey(companyId, identity.from.channel, identity.from.identity), 'contactId = :id', { ':id': before.id }),
    );
    markerAt = derived.length + 1; // position after the contact item, which goes first
    derived.push(
      put(markerItem(companyId, identity.to, before.id) as unknown as Record<string, unknown>, 'attribute_not_exists(pk)'),
    );
  }

  // removals first, so that a contact never carries more tags than it may, even between two transactions
  const changes = [...removed.map((tagId) => ({ tagId, delta: -1 })), ...added.map((tagId) => ({ tagId, delta: 1 }))];

  // each change is two items (the membership and its tag's counter): a contact that swaps all of 50 tags at once
  // takes several transactions, each leaving the contact whole, with its memberships and counts in step
  const fits = Math.floor((MAX_TRANSACTION_ITEMS - 1 - derived.length) / 2);
  if (changes.length > fits) {
    const now = changes.slice(0, fits);
    const removedNow = new Set(now.filter((c) => c.delta < 0).map((c) => c.tagId));
    const addedNow = new Set(now.filter((c) => c.delta > 0).map((c) => c.tagId));
    const middle: ContactRecord = {
      ...after,
      tags: [...before.tags.filter((t) => !removedNow.has(t.id)), ...after.tags.filter((t) => addedNow.has(t.id))],
      rev: before.rev + 1,
    };
    const first = await replaceContact(before, middle, identity);
    if (first !== 'ok') return first;
    return replaceContact(middle, { ...after, rev: middle.rev + 1 });
  }

  const items: TransactItem[] = [
    put(toItem(after) as unknown as Record<string, unknown>, 'rev = :rev', { ':rev': before.rev }),
    ...derived,
    ...changes.map(({ tagId, delta }) =>
      delta < 0
        ? del(tagMemberKey(companyId, tagId, before.id))
        : put(memberItem(companyId, tagId, before.id) as unknown as Record<string, unknown>),
    ),
  ];
  try {
    await transactCounting(companyId, items, countDeltas(changes));
    return 'ok';
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const failed = failedTransactionItem(error);
    return failed === markerAt ? 'duplicate' : 'stale';
  }
};

/**
 * Deletes the contact read at `record.rev` with its marker, index items and memberships, taking one off each of its
 * tags' counts; 'stale' if it changed. A contact with more tags than one transaction holds first sheds some of them.
 */
export const deleteContact = async (record: ContactRecord, who: Identity): Promise<'ok' | 'stale'> => {
  const fixed = 2 + searchItems(record).length;
  if (fixed + 2 * record.tags.length > MAX_TRANSACTION_ITEMS) {
    const shed = Math.floor((MAX_TRANSACTION_ITEMS - 1 - searchItems(record).length) / 2);
    const fewer: ContactRecord = { ...record, tags: record.tags.slice(shed), rev: record.rev + 1 };
    if ((await replaceContact(record, fewer)) !== 'ok') return 'stale';
    return deleteContact(fewer, who);
  }
  const items: TransactItem[] = [
    del(contactKey(record.companyId, record.id), 'rev = :rev', { ':rev': record.rev }),
    del(identityMarkerKey(record.companyId, who.channel, who.identity)),
    ...searchItems(record).map((i) => del({ pk: i.pk, sk: i.sk })),
    ...record.tags.map((t) => del(tagMemberKey(record.companyId, t.id, record.id))),
  ];
  try {
    await transactCounting(record.companyId, items, countDeltas(record.tags.map((t) => ({ tagId: t.id, delta: -1 }))));
    return 'ok';
  } catch (error) {
    if (isConditionalCheckFailure(error)) return 'stale';
    throw error;
  }
};
