import type { Plan, PlanBody } from '@switchboard/shared/contracts/plans';
import { AppError } from '../../platform/errors.ts';
import { createPlan, deletePlanItem, getPlan, listPlans, replacePlan } from './plans.repository.ts';

export const listPublicPlans = async (): Promise<Plan[]> => (await listPlans()).filter((p) => p.isPublic);

/** Every plan, public or not (the super user's plans tab and the companies form). */
export const listAllPlans = (): Promise<Plan[]> => listPlans();

export const findPlan = async (id: number): Promise<Plan> => {
  const plan = await getPlan(id);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  return plan;
};

export const addPlan = (input: Omit<Plan, 'id'>): Promise<Plan> => createPlan(input);

/**
 * The plans of the super user (spec document 2 section 3 "Plan"). The limits and flags are read by the users,
 * connections and queues services on create (server reference 9.3) and by the route access rules.
 */
export const savePlan = async (id: number, body: PlanBody): Promise<Plan> => {
  const plan: Plan = { id, ...body };
  if (!(await replacePlan(plan))) throw new AppError('ERR_NO_PLAN_FOUND');
  return plan;
};

/** A plan companies still use cannot go: their limits and features would be lost. */
export const deletePlan = async (id: number, inUse: (planId: number) => Promise<boolean>): Promise<void> => {
  await findPlan(id);
  if (await inUse(id)) throw new AppError('ERR_PLAN_IN_USE');
  if (!(await deletePlanItem(id))) throw new AppError('ERR_NO_PLAN_FOUND');
};

/** The plan a fresh install offers: every feature on, generous limits, public, 7 trial days. */
export const defaultPlanInput: Omit<Plan, 'id'> = {
  name: 'Plano Completo',
  users: 10,
  connections: 5,
  queues: 10,
  amount: '0.00',
  isPublic: true,
  trialDays: 7,
  useWhatsapp: true,
  useFacebook: true,
  useInstagram: true,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
};
