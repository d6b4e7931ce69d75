/**
 * The super user's forms (spec document 2 sections 3, 4, 5 and 9): each form's state, the body it sends, and its
 * errors, checked with the same schemas the API validates with, so the dialog and the server word them alike.
 */
import {
  advanceDueDate,
  createCompanyBody,
  dueState,
  updateCompanyBody,
  type AdminCompany,
  type CreateCompanyBody,
  type DueState,
  type Recurrence,
  type UpdateCompanyBody,
} from '@switchboard/shared/contracts/companies';
import { PASSWORD_TOO_SHORT } from '@switchboard/shared/contracts/common';
import { helpBody, type Help, type HelpBody } from '@switchboard/shared/contracts/helps';
import { planBody, planFlagNames, type Plan, type PlanBody, type PlanFlag } from '@switchboard/shared/contracts/plans';
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** Contract messages the dictionaries word in the reader's language; the others show as the contract gives them. */
const messageKeys: Record<string, string> = { [PASSWORD_TOO_SHORT]: 'validation.passwordTooShort' };
const messageOf = (message: string): string => messageKeys[message] ?? message;

/** The first message of each top-level field of a failed parse. */
export const errorsOf = (error: z.ZodError): FieldErrors => {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !out[key]) out[key] = messageOf(issue.message);
  }
  return out;
};

/** A 400 answer's fields (`body.name`) as form errors. */
export const serverErrorsOf = (fields: { path: string; message: string }[] | undefined): FieldErrors =>
  Object.fromEntries((fields ?? []).map((f) => [f.path.replace(/^body\./, ''), messageOf(f.message)]));

// ----- plans -----

export interface PlanForm {
  name: string;
  users: string;
  connections: string;
  queues: string;
  amount: string;
  trialDays: string;
  isPublic: boolean;
  flags: Record<PlanFlag, boolean>;
}

export const emptyPlanForm = (): PlanForm => ({
  name: '',
  users: '3',
  connections: '3',
  queues: '3',
  amount: '49.00',
  trialDays: '3',
  isPublic: true,
  flags: Object.fromEntries(planFlagNames.map((f) => [f, f === 'useWhatsapp'])) as Record<PlanFlag, boolean>,
});

export const planFormOf = (p: Plan): PlanForm => ({
  name: p.name,
  users: String(p.users),
  connections: String(p.connections),
  queues: String(p.queues),
  amount: p.amount,
  trialDays: String(p.trialDays),
  isPublic: p.isPublic,
  flags: Object.fromEntries(planFlagNames.map((f) => [f, p[f]])) as Record<PlanFlag, boolean>,
});

const wholeNumber = (text: string): number | string => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

export const parsePlanForm = (form: PlanForm): { body: PlanBody } | { errors: FieldErrors } => {
  const result = planBody.safeParse({
    name: form.name,
    users: wholeNumber(form.users),
    connections: wholeNumber(form.connections),
    queues: wholeNumber(form.queues),
    amount: form.amount,
    trialDays: wholeNumber(form.trialDays),
    isPublic: form.isPublic,
    ...form.flags,
  });
  if (!result.success) return { errors: errorsOf(result.error) };
  return { body: result.data };
};

// ----- companies -----

export interface CompanyForm {
  name: string;
  email: string;
  phone: string;
  planId: number | null;
  status: boolean;
  /** yyyy-mm-dd */
  dueDate: string;
  recurrence: Recurrence;
  document: string;
  paymentMethod: string;
  password: string;
}

export const dayOf = (iso: string): string => iso.slice(0, 10);

export const emptyCompanyForm = (now: Date): CompanyForm => ({
  name: '',
  email: '',
  phone: '',
  planId: null,
  status: true,
  dueDate: dayOf(advanceDueDate(now.toISOString(), 'MENSAL')),
  recurrence: 'MENSAL',
  document: '',
  paymentMethod: '',
  password: '',
});

export const companyFormOf = (c: AdminCompany): CompanyForm => ({
  name: c.name,
  email: c.email,
  phone: c.phone,
  planId: c.planId,
  status: c.status,
  dueDate: dayOf(c.dueDate),
  recurrence: c.recurrence,
  document: c.document,
  paymentMethod: c.paymentMethod,
  password: '',
});

/** The form as the create or update body; a due day is kept at noon UTC so that no time zone moves its date. */
export type ParsedCompany = { create: CreateCompanyBody } | { update: UpdateCompanyBody } | { errors: FieldErrors };

export const parseCompanyForm = (form: CompanyForm, creating: boolean): ParsedCompany => {
  const common = {
    name: form.name,
    email: form.email,
    phone: form.phone,
    planId: form.planId ?? undefined,
    status: form.status,
    dueDate: form.dueDate ? `${form.dueDate}T12:00:00.000Z` : undefined,
    recurrence: form.recurrence,
    document: form.document,
    paymentMethod: form.paymentMethod,
  };
  if (creating) {
    const result = createCompanyBody.safeParse({ ...common, ...(form.password ? { password: form.password } : {}) });
    return result.success ? { create: result.data } : { errors: errorsOf(result.error) };
  }
  if (form.planId === null) return { errors: { planId: 'Required' } };
  const result = updateCompanyBody.safeParse(common);
  return result.success ? { update: result.data } : { errors: errorsOf(result.error) };
};

/** The 'due date' button: the next due date by the company's recurrence (document 2 section 4). */
export const nextDueDate = (c: Pick<AdminCompany, 'dueDate' | 'recurrence'>): string => advanceDueDate(c.dueDate, c.recurrence);

/** The row's class by its due date (document 2 section 9): red when due today or past, yellow 1 to 5 days before. */
export const rowClassOf = (c: Pick<AdminCompany, 'id' | 'dueDate'>, now: Date): string | undefined => {
  const state: DueState = dueState(c.dueDate, now);
  return state === 'expired' ? 'company-row--expired' : state === 'soon' ? 'company-row--soon' : undefined;
};

// ----- helps -----

export const helpFormOf = (h?: Help): HelpBody => ({
  title: h?.title ?? '',
  description: h?.description ?? '',
  video: h?.video ?? '',
});

export const parseHelpForm = (form: HelpBody): { body: HelpBody } | { errors: FieldErrors } => {
  const result = helpBody.safeParse(form);
  return result.success ? { body: result.data } : { errors: errorsOf(result.error) };
};

/** Table page sizes of companies and plans (document 2 section 9): 5, 10 or 25, 5 first. */
export const PAGE_SIZES = [5, 10, 25] as const;
