import { z } from 'zod';

export const planFlagNames = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const;
export type PlanFlag = (typeof planFlagNames)[number];

export const plan = z.object({
  id: z.number().int(),
  name: z.string(),
  users: z.number().int(),
  connections: z.number().int(),
  queues: z.number().int(),
  amount: z.string(),
  isPublic: z.boolean(),
  trialDays: z.number().int(),
  useWhatsapp: z.boolean(),
  useFacebook: z.boolean(),
  useInstagram: z.boolean(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
});
export type Plan = z.infer<typeof plan>;
export type PlanFlags = Pick<Plan, PlanFlag>;

export const planList = z.array(plan);

export const listPlanParams = z.object({ companyId: z.coerce.number().int().positive() });
export const companyPlan = z.object({ id: z.number().int(), name: z.string(), plan });
