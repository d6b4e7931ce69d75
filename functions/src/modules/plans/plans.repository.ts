import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { deleteExisting, putExpecting } from '../../platform/table/guarded-writes.ts';
import type { Plan } from '@switchboard/shared/contracts/plans';
import { clock } from '../../platform/clock.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { queryWholePartition } from '../../platform/table/partition.repository.ts';
import { PLAN_PK, planKey, toPlan, type PlanItem } from './plan.entity.ts';

export const getPlan = async (id: number): Promise<Plan | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: planKey(id) }));
  return out.Item ? toPlan(out.Item as PlanItem) : undefined;
};

/** Plans are few (a handful per platform); the list reads their one partition. */
export const listPlans = async (): Promise<Plan[]> => (await queryWholePartition<PlanItem>(PLAN_PK, 'PLAN#')).map(toPlan);

export const createPlan = async (input: Omit<Plan, 'id'>): Promise<Plan> => {
  const id = await nextId('COUNTER', 'plan');
  const plan: Plan = { id, ...input };
  const item: PlanItem = { ...planKey(id), type: 'plan', createdAt: clock().now().toISOString(), ...plan };
  await table().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  return plan;
};

/** Replaces an existing plan's fields; false when there is no such plan. */
export const replacePlan = async (plan: Plan): Promise<boolean> => {
  const existing = await table().send(new GetCommand({ TableName: tableName(), Key: planKey(plan.id) }));
  if (!existing.Item) return false;
  const item: PlanItem = { ...(existing.Item as PlanItem), ...plan, ...planKey(plan.id), type: 'plan' };
  return putExpecting(item, true);
};

export const deletePlanItem = (id: number): Promise<boolean> => deleteExisting(planKey(id));
