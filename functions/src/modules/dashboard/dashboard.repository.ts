/** All table access of the dashboard's counters (keys and item shapes in dashboard.entity.ts). */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure, isTransactionConflict } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import {
  contactMarkKey,
  dayPk,
  daySk,
  messageDayKey,
  messageDayPk,
  ticketMarkKey,
  userDayPk,
  userDaySk,
  type Counts,
  type DayItem,
  type TicketMark,
  type UserDayItem,
} from './dashboard.entity.ts';
import { stripWith } from '../../platform/table/strip.ts';
import { queryAll } from '../../platform/table/paging.ts';

type StoredMark = TicketMark & { rev: number };

export const getTicketMark = async (companyId: number, ticketId: number): Promise<StoredMark | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: ticketMarkKey(companyId, ticketId), ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  return stripWith('companyId')(out.Item as StoredMark & { pk: string; sk: string; type: string; companyId: number });
};

export interface ContactMark {
  tickets: number;
  /** the day of the contact's first ticket: where it counts as a lead while it has that one ticket only */
  firstDay: string;
}

export const getContactMark = async (companyId: number, contactId: number): Promise<ContactMark | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: contactMarkKey(companyId, contactId), ConsistentRead: true }),
  );
  return out.Item ? { tickets: Number(out.Item.tickets ?? 0), firstDay: String(out.Item.firstDay ?? '') } : undefined;
};

/** A move of one counter item: the company's day (`D`) or an attendant's day (`U#<userId>`). */
export interface CounterMove {
  day: string;
  item: string;
  counts: Counts;
}

export interface MarkChange {
  companyId: number;
  ticketId: number;
  /** the mark as read (undefined: none yet) */
  before: StoredMark | undefined;
  /** the mark to store (undefined: remove it, the ticket is gone) */
  after: TicketMark | undefined;
  moves: CounterMove[];
  /** the contact's mark as read and as it becomes, when this change counts a new ticket of the contact */
  contact?: { contactId: number; before: ContactMark | undefined; after: ContactMark };
}

/** Conditions failed: the marks changed since they were read. */
export class MarkChanged extends Error {}

const counterUpdate = (companyId: number, move: CounterMove) => {
  const names: Record<string, string> = { '#type': 'type', '#day': 'day' };
  const values: Record<string, NativeAttributeValue> = {
    ':type': move.item === 'D' ? 'dashboardDay' : 'dashboardUserDay',
    ':day': move.day,
    ':cid': companyId,
  };
  const adds: string[] = [];
  Object.entries(move.counts).forEach(([name, n], i) => {
    names[`#c${i}`] = name;
    values[`:c${i}`] = n;
    adds.push(`#c${i} :c${i}`);
  });
  const user = move.item === 'D' ? undefined : Number(move.item.slice(2));
  if (user !== undefined) values[':uid'] = user;
  return {
    Update: {
      TableName: tableName(),
      Key:
        user === undefined
          ? { pk: dayPk(companyId), sk: daySk(move.day) }
          : { pk: userDayPk(companyId), sk: userDaySk(move.day, user) },
      UpdateExpression: `SET #type = :type, #day = :day, companyId = :cid${user === undefined ? '' : ', userId = :uid'} ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
};

/** Merges moves of the same counter item (a transaction may name an item once). */
const merged = (moves: CounterMove[]): CounterMove[] => {
  const byKey = new Map<string, CounterMove>();
  for (const m of moves) {
    const key = `${m.day}|${m.item}`;
    const cur = byKey.get(key) ?? { day: m.day, item: m.item, counts: {} };
    for (const [name, n] of Object.entries(m.counts)) cur.counts[name] = (cur.counts[name] ?? 0) + n;
    byKey.set(key, cur);
  }
  return [...byKey.values()]
    .map((m) => ({ ...m, counts: Object.fromEntries(Object.entries(m.counts).filter(([, n]) => n !== 0)) }))
    .filter((m) => Object.keys(m.counts).length > 0);
};

/**
 * Stores the ticket's new mark and moves the counters by the difference, in one transaction conditioned on the
 * marks as read; throws MarkChanged when another change got there first (the caller reads again).
 */
export const applyMarkChange = async (c: MarkChange): Promise<void> => {
  const markKey = ticketMarkKey(c.companyId, c.ticketId);
  const markCondition = c.before
    ? { ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': c.before.rev } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    c.after
      ? {
          Put: {
            TableName: tableName(),
            Item: { ...markKey, type: 'dashboardMark', companyId: c.companyId, ...c.after, rev: (c.before?.rev ?? 0) + 1 },
            ...markCondition,
          },
        }
      : { Delete: { TableName: tableName(), Key: markKey, ...markCondition } },
  ];
  if (c.contact) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: {
          ...contactMarkKey(c.companyId, c.contact.contactId),
          type: 'dashboardContactMark',
          companyId: c.companyId,
          ...c.contact.after,
        },
        ...(c.contact.before
          ? { ConditionExpression: 'tickets = :n', ExpressionAttributeValues: { ':n': c.contact.before.tickets } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    });
  }
  for (const move of merged(c.moves)) items.push(counterUpdate(c.companyId, move));
  try {
    await table().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (isConditionalCheckFailure(error) || isTransactionConflict(error)) throw new MarkChanged();
    throw error;
  }
};

const queryBetween = (pk: string, from: string, to: string): Promise<Record<string, unknown>[]> =>
  queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
  });

const countsOf = (item: Record<string, unknown>): Counts =>
  Object.fromEntries(
    Object.entries(item).filter(([k, v]) => typeof v === 'number' && k !== 'companyId' && k !== 'userId'),
  ) as Counts;

/** The company's day counters from one day to another (inclusive): one item per day with tickets. */
export const queryDays = async (companyId: number, from: string, to: string): Promise<DayItem[]> =>
  (await queryBetween(dayPk(companyId), daySk(from), daySk(to))).map((i) => ({ day: String(i.day), counts: countsOf(i) }));

/** The attendants' day counters from one day to another (inclusive). */
export const queryUserDays = async (companyId: number, from: string, to: string): Promise<UserDayItem[]> =>
  (await queryBetween(userDayPk(companyId), `${from}#`, `${to}#~`)).map((i) => ({
    day: String(i.day),
    userId: Number(i.userId),
    counts: countsOf(i),
  }));

/** One more message of a day, ours (fromMe) or the customer's. */
export const addMessageToDay = async (companyId: number, day: string, fromMe: boolean): Promise<void> => {
  await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: messageDayKey(companyId, day),
      UpdateExpression: 'SET #type = :type, companyId = :cid ADD #n :one',
      ExpressionAttributeNames: { '#type': 'type', '#n': fromMe ? 'fromMe' : 'fromContact' },
      ExpressionAttributeValues: { ':type': 'dashboardMessageDay', ':cid': companyId, ':one': 1 },
    }),
  );
};

/** The messages of each day from one day to another (inclusive): one item per day with messages. */
export const queryMessageDays = async (
  companyId: number,
  from: string,
  to: string,
): Promise<{ day: string; fromMe: number; fromContact: number }[]> =>
  (await queryBetween(messageDayPk(companyId), from, to)).map((i) => ({
    day: String(i.sk),
    fromMe: Number(i.fromMe ?? 0),
    fromContact: Number(i.fromContact ?? 0),
  }));
