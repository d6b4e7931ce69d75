/**
 * The company options of the settings page (spec document 2 sections 3, 5, 6 and 7): read all, one, or another
 * company's (super user); change them per column (PUT /companySettings), per key (PUT /settings/{key}) or several at
 * once (PUT /settings). Every change is checked the same way:
 * - each value is one of its key's choices, or a text within its limit (400 naming the field);
 * - userCreation is the super user's (403);
 * - a custom message may not be empty while its option is on, when the change touches either (400 naming it);
 * only what differs is written, then announced on `company-{id}-settings` (the keys; clients read the values).
 * The next request of any user of the company reads the new values: authentication reads the company per request.
 */
import {
  missingMessages,
  optionValueIssue,
  superOnlyOptions,
  withDefaults,
  type CompanyOptionKey,
} from '@switchboard/shared/company-options';
import type { SettingEntry } from '@switchboard/shared/contracts/company-settings';
import type { CompanySettings } from '@switchboard/shared/contracts/settings';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { actorOf } from '../../platform/events/actor.ts';
import { findCompany } from '../tenancy/company-lookup.service.ts';
import { updateCompanySettings } from '../tenancy/company-records.service.ts';

/** Where a key's value sits in the request, for the field paths of a 400. */
export type FieldPath = (key: CompanyOptionKey) => string;

const own = (auth: AuthContext): CompanySettings => withDefaults(auth.company.settings);

export const listCompanyOptions = (auth: AuthContext): SettingEntry[] =>
  Object.entries(own(auth)).map(([key, value]) => ({ key, value }));

export const showCompanyOption = (auth: AuthContext, key: CompanyOptionKey): SettingEntry => ({ key, value: own(auth)[key] });

/** The caller's company's options; another company's only for a super user (404 otherwise, as for a missing one). */
export const companyOptionsOf = async (auth: AuthContext, companyId: number): Promise<CompanySettings> => {
  if (companyId === auth.companyId) return own(auth);
  const company = auth.super ? await findCompany(companyId) : undefined;
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  return withDefaults(company.settings);
};

export const changeCompanyOptions = async (
  auth: AuthContext,
  patch: Partial<Record<CompanyOptionKey, string>>,
  pathOf: FieldPath,
): Promise<CompanySettings> => {
  const keys = (Object.keys(patch) as CompanyOptionKey[]).filter((k) => patch[k] !== undefined);
  const reserved = keys.filter((k) => superOnlyOptions.includes(k));
  if (reserved.length > 0 && !auth.super) {
    throw new AppError('ERR_NO_PERMISSION', 'Only a super user changes this option', {
      fields: reserved.map((k) => ({ path: pathOf(k), message: 'ERR_NO_PERMISSION' })),
    });
  }
  const invalid = keys.flatMap((k) => {
    const issue = optionValueIssue(k, patch[k]!);
    return issue ? [{ path: pathOf(k), message: issue }] : [];
  });
  if (invalid.length > 0) throw new AppError('ERR_VALIDATION', 'Invalid input', { fields: invalid });
  const before = own(auth);
  const after: CompanySettings = { ...before, ...patch };
  const missing = missingMessages(after, keys);
  if (missing.length > 0) {
    throw new AppError('ERR_VALIDATION', 'A custom message is required while its option is on', {
      fields: missing.map((k) => ({ path: pathOf(k), message: 'Required' })),
    });
  }
  const changed = keys.filter((k) => before[k] !== patch[k]);
  if (changed.length > 0) {
    const values: Partial<CompanySettings> = Object.fromEntries(changed.map((k) => [k, patch[k]!]));
    await updateCompanySettings(auth.companyId, values);
    // listeners get the new values with the event: a read of the company right after the write may see the old ones
    await domainEvents.emit({ name: 'settings.updated', companyId: auth.companyId, keys: changed, values, actor: actorOf(auth) });
  }
  return after;
};
