/**
 * Plans are platform-wide.
 * Access patterns:
 * - get a plan by id: pk PLAN, sk PLAN#<id>
 * - list plans in id order: Query pk PLAN, sk begins_with PLAN#
 */
import type { Plan } from '@switchboard/shared/contracts/plans';
import { padId } from '../../platform/table/keys.ts';
import { stripWith } from '../../platform/table/strip.ts';

export const PLAN_PK = 'PLAN';
export const planKey = (id: number) => ({ pk: PLAN_PK, sk: `PLAN#${padId(id)}` });

export type PlanItem = Plan & { pk: string; sk: string; type: 'plan'; createdAt: string };

export const toPlan = (item: PlanItem): Plan => stripWith('createdAt')(item);
