import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan } from '@switchboard/shared/contracts/plans';
import { clock } from '../../platform/clock.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { PLAN_PK, planKey, toPlan, type PlanItem } from './plan.entity.ts';

export const getPlan = async (id: number): Promise<Plan | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: planKey(id) }));
  return out.Item ? toPlan(out.Item as PlanItem) : undefined;
};

/** Plans are few (a handful per platform); the list is one Query, paged through for completeness. */
export const listPlans = async (): Promise<Plan[]> => {
  const plans: Plan[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await table().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': PLAN_PK, ':prefix': 'PLAN#' },
        ExclusiveStartKey: startKey,
      }),
    );
    plans.push(...((out.Items ?? []) as PlanItem[]).map(toPlan));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return plans;
};

export const createPlan = async (input: Omit<Plan, 'id'>): Promise<Plan> => {
  const id = await nextId('COUNTER', 'plan');
  const plan: Plan = { id, ...input };
  const item: PlanItem = { ...planKey(id), type: 'plan', createdAt: clock().now().toISOString(), ...plan };
  await table().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  return plan;
};
