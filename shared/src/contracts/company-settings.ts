/**
 * The settings page's calls (spec document 2 sections 3 and 7 "Settings and branding"): company options read and
 * changed per column, per key or several at once, and the company's weekly opening hours. The values each key
 * takes are checked by the service with company-options.ts, so the three ways of changing an option answer alike.
 */
import { z } from 'zod';
import { companyOptionKeys, type CompanyOptionKey } from '../company-options.ts';
import { idParam } from './common.ts';
import { scheduleEntry, weekSchedule } from './queues.ts';
import { companySettings } from './settings.ts';

export const companyOptionKey = z.enum(companyOptionKeys as [CompanyOptionKey, ...CompanyOptionKey[]]);

/** A free text of 2000 characters at most travels in any of these; its own limit is the service's check. */
const optionValue = z.string().max(5000);

/** PUT /companySettings: one column, as the reference client saves each select when it changes. */
export const companySettingsColumnBody = z.object({ column: companyOptionKey, data: optionValue });
/** PUT /settings: several options at once (an option turned on together with the message it needs). */
export const companySettingsPatchBody = z
  .strictObject(
    Object.fromEntries(companyOptionKeys.map((k) => [k, optionValue.optional()])) as Record<
      CompanyOptionKey,
      z.ZodOptional<z.ZodString>
    >,
  )
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), 'Nothing to change');
export type CompanySettingsPatch = z.infer<typeof companySettingsPatchBody>;

export const settingKeyParams = z.object({ key: companyOptionKey });
/** PUT /settings/{key}: the update by key and value. */
export const settingValueBody = z.object({ value: optionValue });
export const settingEntry = z.object({ key: z.string(), value: z.string() });
export type SettingEntry = z.infer<typeof settingEntry>;
export const settingList = z.array(settingEntry);

export const companySettingsParams = z.object({ companyId: idParam });
export const companySettingsResponse = companySettings;

/** Live event `company-{id}-settings`: which options changed; clients read the new values over HTTP. */
export interface CompanySettingsEvent {
  action: 'update';
  keys: CompanyOptionKey[];
}

/** Company opening hours (scheduleType 'company'): at most one entry per weekday. */
export const companySchedulesBody = z.object({ schedules: weekSchedule });
export const companySchedulesParams = z.object({ id: idParam });
export const companySchedules = z.object({ id: z.number().int(), schedules: z.array(scheduleEntry) });
export type CompanySchedules = z.infer<typeof companySchedules>;

export const companySettingQuery = z.object({
  column: z.enum([
    'lgpdHideNumber',
    'sendSignMessage',
    'sendGreetingAccepted',
    'greetingAcceptedMessage',
    'requiredTag',
    'lgpdDeleteMessage',
    'enableLGPD',
    'allUserChat',
    'showNotificationPending',
    'userRating',
    'timeZone',
  ]),
});
