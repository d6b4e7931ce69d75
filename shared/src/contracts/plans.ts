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

/** A plan as the super user writes it (spec document 2 section 3 "Plan"); limits checked on create (server reference 9.3). */
export const planBody = z.object({
  name: z.string({ error: 'Required' }).trim().min(2, 'Too Short!').max(50, 'Too Long!'),
  users: z.coerce.number({ error: 'Required' }).int().min(0).max(100000),
  connections: z.coerce.number({ error: 'Required' }).int().min(0).max(100000),
  queues: z.coerce.number({ error: 'Required' }).int().min(0).max(100000),
  /** the price with 2 decimals, as text ("49.90") */
  amount: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim().replace(',', '.'))
    .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'Invalid value'))
    .transform((v) => Number(v).toFixed(2)),
  isPublic: z.boolean().default(true),
  trialDays: z.coerce.number().int().min(0).max(365).default(3),
  useWhatsapp: z.boolean().default(true),
  useFacebook: z.boolean().default(false),
  useInstagram: z.boolean().default(false),
  useCampaigns: z.boolean().default(false),
  useSchedules: z.boolean().default(false),
  useInternalChat: z.boolean().default(false),
  useExternalApi: z.boolean().default(false),
  useKanban: z.boolean().default(false),
  useOpenAi: z.boolean().default(false),
  useIntegrations: z.boolean().default(false),
});
export type PlanBody = z.infer<typeof planBody>;
export const planIdParams = z.object({ id: z.coerce.number().int().positive() });
