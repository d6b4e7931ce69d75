/**
 * The super user's companies screen (spec document 2 "Companies (super)", sections 3, 4, 5 and 9).
 */
import { z } from 'zod';
import { newPassword } from './common.ts';

/** Due-date recurrences and the months each adds (document 2 section 4 "Company due date"). */
export const recurrenceMonths = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const;
export type Recurrence = keyof typeof recurrenceMonths;
export const recurrences = Object.keys(recurrenceMonths) as Recurrence[];
export const recurrence = z.enum(recurrences as [Recurrence, ...Recurrence[]]);

/** A company row of the table: the record with its plan's name and value and its storage use. */
export const adminCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  planId: z.number().int(),
  planName: z.string().nullable(),
  planAmount: z.string().nullable(),
  status: z.boolean(),
  dueDate: z.string(),
  recurrence: recurrence,
  document: z.string(),
  paymentMethod: z.string(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  /** bytes of stored media, its file count and the last upload (null: nothing stored yet) */
  folderSize: z.number().int(),
  totalFiles: z.number().int(),
  lastFolderUpdate: z.string().nullable(),
});
export type AdminCompany = z.infer<typeof adminCompany>;

const text = (max: number) => z.string().trim().max(max, 'Too Long!');

/** Validation of document 2 section 5 "Company", messages verbatim. */
export const companyFields = {
  name: z.string({ error: 'Nombre requerido' }).trim().min(2, 'Nombre requerido').max(50, 'Too Long!'),
  email: z.string({ error: 'Required' }).trim().toLowerCase().email('Invalid email').max(254),
  phone: text(30).default(''),
  planId: z.coerce.number({ error: 'Required' }).int().positive('Required'),
  status: z.boolean().default(true),
  dueDate: z.iso.datetime({ offset: true }).optional(),
  recurrence: recurrence.default('MENSAL'),
  document: text(30).default(''),
  paymentMethod: text(30).default(''),
};

export const createCompanyBody = z.object({
  ...companyFields,
  /**
   * the password of the company's first admin (the form's default password); left out, the admin is mailed a link
   * to choose their own
   */
  password: newPassword.optional(),
  /** the admin's name; the company's name when empty */
  adminName: text(50).optional(),
});
export type CreateCompanyBody = z.infer<typeof createCompanyBody>;

export const updateCompanyBody = z
  .object(companyFields)
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type UpdateCompanyBody = z.infer<typeof updateCompanyBody>;

export const companyIdParams = z.object({ id: z.coerce.number().int().positive() });

export const companyListQuery = z.object({
  searchParam: z.string().trim().toLowerCase().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(2048).optional(),
});
export const companyListResponse = z.object({
  companies: z.array(adminCompany),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});

/** Adds the recurrence's months to a due date (a 31st becomes the last day of a shorter month). */
export const advanceDueDate = (dueDate: string, rec: Recurrence): string => {
  const d = new Date(dueDate);
  const day = d.getUTCDate();
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + recurrenceMonths[rec],
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString();
};

export type DueState = 'expired' | 'soon' | 'ok';

/** Row colour rule (document 2 section 9): due today or past red, 1 to 5 days left yellow. Days count calendar days. */
export const dueState = (dueDate: string, now: Date): DueState => {
  const startOf = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const days = Math.round((startOf(new Date(dueDate)) - startOf(now)) / 86_400_000);
  if (days <= 0) return 'expired';
  if (days <= 5) return 'soon';
  return 'ok';
};

/**
 * GET /companies/list: the companies the caller may pick (server reference 9.2: the super user sees every company,
 * anyone else only their own), in id order, a cursor continuing the super user's.
 */
export const companyChoiceQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  cursor: z.string().max(2048).optional(),
});
export const companyChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  planId: z.number().int(),
  status: z.boolean(),
  dueDate: z.string(),
});
export const companyChoiceResponse = z.object({
  companies: z.array(companyChoice),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type CompanyChoiceResponse = z.infer<typeof companyChoiceResponse>;
