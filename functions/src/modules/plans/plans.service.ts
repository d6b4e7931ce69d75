import type { Plan } from '@switchboard/shared/contracts/plans';
import { AppError } from '../../platform/errors.ts';
import { createPlan, getPlan, listPlans } from './plans.repository.ts';

export const listPublicPlans = async (): Promise<Plan[]> => (await listPlans()).filter((p) => p.isPublic);

export const findPlan = async (id: number): Promise<Plan> => {
  const plan = await getPlan(id);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  return plan;
};

export const addPlan = (input: Omit<Plan, 'id'>): Promise<Plan> => createPlan(input);

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
