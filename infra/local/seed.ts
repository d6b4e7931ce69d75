/**
 * First start of a fresh install: platform settings, a default public plan, company 1 (the platform, which
 * never expires) and its super admin. Later starts find company 1 and change nothing.
 */
import { randomBytes } from 'node:crypto';
import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';
import { provisionCompany } from '../../functions/src/modules/companies/companies.service.ts';
import { PLATFORM_DUE_DATE } from '../../functions/src/modules/tenancy/company-lookup.service.ts';
import { companyExists, createCompany } from '../../functions/src/modules/tenancy/company-records.service.ts';
import { listConnectionsOf } from '../../functions/src/modules/connections/connections.service.ts';
import { addPlan, defaultPlanInput, listPublicPlans } from '../../functions/src/modules/plans/plans.service.ts';
import { seedPlatformSettings } from '../../functions/src/modules/settings/settings.service.ts';
import { createUser } from '../../functions/src/modules/users/users.service.ts';

export interface SeedOptions {
  adminEmail?: string;
  adminPassword?: string;
}

export type SeedResult = (
  { created: false } | { created: true; adminEmail: string; adminPassword: string; generatedPassword: boolean }
) & {
  /** the platform company's web chat widget key, for the widget link printed at start */
  webchatToken?: string;
};

export const DEFAULT_ADMIN_EMAIL = 'admin@switchboard.local';

export const seedFreshInstall = async (options: SeedOptions = {}): Promise<SeedResult> => {
  await seedPlatformSettings();
  if (await companyExists(PLATFORM_COMPANY_ID)) {
    const webchat = (await listConnectionsOf(PLATFORM_COMPANY_ID)).find(
      (c) => c.channel === 'webchat' && c.status === 'CONNECTED',
    );
    return { created: false, webchatToken: webchat?.widgetKey ?? undefined };
  }
  const plan = (await listPublicPlans())[0] ?? (await addPlan(defaultPlanInput));
  const adminEmail = (options.adminEmail ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const generatedPassword = !options.adminPassword;
  const adminPassword = options.adminPassword ?? randomBytes(12).toString('base64url');
  await createCompany({
    id: PLATFORM_COMPANY_ID,
    name: 'Switchboard',
    email: adminEmail,
    phone: '',
    planId: plan.id,
    dueDate: PLATFORM_DUE_DATE,
  });
  const admin = await createUser(PLATFORM_COMPANY_ID, {
    name: 'Admin',
    email: adminEmail,
    password: adminPassword,
    profile: 'admin',
    super: true,
  });
  const { webchatToken } = await provisionCompany(PLATFORM_COMPANY_ID, admin.id);
  return { created: true, adminEmail, adminPassword, generatedPassword, webchatToken };
};
