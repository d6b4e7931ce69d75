/**
 * NPS ratings (server reference 2.8, `UserRatings`): the 0..10 a customer gave the agent who closed the ticket.
 * Item: pk C#<cid>#RATING, sk <ticketId padded>, one per ticket (a ticket is rated once, so a repeated write of
 * the same rating changes nothing). The dashboard's Assessments tab reads them.
 */
import { BatchGetCommand, GetCommand, PutCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { queryKeyPage } from '../../platform/table/paging.ts';
import { padId } from '../../platform/table/keys.ts';
import { strip } from '../../platform/table/strip.ts';

export interface RatingRecord {
  companyId: number;
  ticketId: number;
  userId: number | null;
  queueId: number | null;
  rate: number;
  createdAt: string;
}

const ratingPk = (companyId: number) => `C#${companyId}#RATING`;

export const putRating = async (r: RatingRecord): Promise<void> => {
  await table().send(
    new PutCommand({ TableName: tableName(), Item: { pk: ratingPk(r.companyId), sk: padId(r.ticketId), type: 'rating', ...r } }),
  );
};

export const getRating = async (companyId: number, ticketId: number): Promise<RatingRecord | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: { pk: ratingPk(companyId), sk: padId(ticketId) } }),
  );
  if (!out.Item) return undefined;
  return strip(out.Item as RatingRecord & { pk: string; sk: string; type: string });
};

/** A page of a company's ratings in ticket order. */
export const queryRatings = async (companyId: number, limit: number, startKey?: Record<string, string>) => {
  const out = await queryKeyPage<Record<string, NativeAttributeValue>>(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': ratingPk(companyId) },
    },
    { start: startKey, limit },
  );
  return { items: out.items as RatingRecord[], lastKey: out.next as Record<string, string> | undefined };
};

/** The ratings of some tickets (a report page), by ticket id. */
export const getRatings = async (companyId: number, ticketIds: number[]): Promise<Map<number, number>> => {
  const rates = new Map<number, number>();
  const unique = [...new Set(ticketIds)];
  for (let i = 0; i < unique.length; i += 100) {
    const keys = unique.slice(i, i + 100).map((id) => ({ pk: ratingPk(companyId), sk: padId(id) }));
    const out = await table().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys, ProjectionExpression: 'ticketId, rate' } } }),
    );
    for (const item of (out.Responses?.[tableName()] ?? []) as { ticketId: number; rate: number }[])
      rates.set(item.ticketId, item.rate);
  }
  return rates;
};
