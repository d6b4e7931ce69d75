/**
 * Companies (tenants) and their settings.
 * Access patterns:
 * - get a company: pk C#<id>, sk COMPANY
 * - get its settings (one item, a map of the company options): pk C#<id>, sk SETTINGS
 * - list companies in id order (super user): gsi1pk COMPANIES, gsi1sk <padded id>; the search filters that page
 * - a deleted company's data (a job, off the request path): every item whose pk is C#<id> or starts with C#<id>#,
 *   or that carries its companyId
 */
import type { ScheduleEntry } from '@switchboard/shared/contracts/queues';
import type { Recurrence } from '@switchboard/shared/contracts/companies';
import type { CompanySettings } from '@switchboard/shared/contracts/settings';
import { companyPk, padId } from '../../platform/table/keys.ts';

export const companyKey = (id: number) => ({ pk: companyPk(id), sk: 'COMPANY' });
export const companySettingsKey = (id: number) => ({ pk: companyPk(id), sk: 'SETTINGS' });
export const companyListIndex = (id: number) => ({ gsi1pk: 'COMPANIES', gsi1sk: padId(id) });

export interface CompanyRecord {
  id: number;
  name: string;
  email: string;
  phone: string;
  planId: number;
  status: boolean;
  /** ISO date-time; company 1 has a far-future date */
  dueDate: string;
  referrerCompanyId?: number;
  createdAt: string;
  lastLogin?: string;
  /** opening hours used when the company option scheduleType is 'company' (none stored: not yet set) */
  schedules?: ScheduleEntry[];
  /** the super user's fields (spec document 2 section 3 "Company"); absent on companies made before them */
  recurrence?: Recurrence;
  document?: string;
  paymentMethod?: string;
  /** name and e-mail lower-cased, what the companies search matches */
  searchText?: string;
}

export type CompanyItem = CompanyRecord & { pk: string; sk: string; type: 'company'; gsi1pk: string; gsi1sk: string };
export type SettingsItem = { pk: string; sk: string; type: 'companySettings'; companyId: number; settings: CompanySettings };
