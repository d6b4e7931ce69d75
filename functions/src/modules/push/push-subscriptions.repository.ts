/** All table access of push subscriptions. */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { queryAll } from '../../platform/table/paging.ts';
import { strip } from '../../platform/table/strip.ts';
import {
  pushSubscriptionKey,
  toPushSubscriptionItem,
  userSubscriptionsPrefix,
  type PushSubscriptionItem,
  type PushSubscriptionRecord,
} from './push-subscription.entity.ts';

/** Stores the subscription, replacing the one of the same endpoint (a browser that subscribes again). */
export const putPushSubscription = async (record: PushSubscriptionRecord): Promise<void> => {
  await table().send(new PutCommand({ TableName: tableName(), Item: toPushSubscriptionItem(record) }));
};

/** The user's subscriptions, oldest first (one Query of the user's key range). */
export const listPushSubscriptions = async (companyId: number, userId: number): Promise<PushSubscriptionRecord[]> => {
  const items = await queryAll<PushSubscriptionItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ':prefix': userSubscriptionsPrefix(userId) },
    ConsistentRead: true,
  });
  return items.map((i) => strip(i)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
};

/** Removes the user's subscription of that endpoint; true when there was one. */
export const deletePushSubscription = async (companyId: number, userId: number, endpoint: string): Promise<boolean> => {
  const out = await table().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: pushSubscriptionKey(companyId, userId, endpoint),
      ReturnValues: 'ALL_OLD',
    }),
  );
  return out.Attributes !== undefined;
};
