/**
 * Helpers of the tests that call services over the test table (test/table.ts): a company made as the signup makes
 * it, with its admin and its first queue and web chat, and the admin's request context.
 */
import type { Company } from '@switchboard/shared/contracts/auth';
import { provisionCompany } from '../functions/src/modules/companies/companies.service.ts';
import { findCompany } from '../functions/src/modules/tenancy/company-lookup.service.ts';
import { createCompany } from '../functions/src/modules/tenancy/company-records.service.ts';
import { createUser } from '../functions/src/modules/users/users.service.ts';
import type { AuthContext } from '../functions/src/platform/http/types.ts';

export interface SeededCompany {
  company: Company;
  admin: Awaited<ReturnType<typeof createUser>>;
  queueId: number;
}

/** The company `name` on plan 1, never due, with its admin (`admin-<id>@example.com`, password pass-12345), provisioned. */
export const seedCompany = async (name: string, email: string): Promise<SeededCompany> => {
  const company = await createCompany({ name, email, phone: '', planId: 1, dueDate: '2999-01-01T00:00:00.000Z' });
  const admin = await createUser(company.id, {
    name: 'Admin',
    email: `admin-${company.id}@example.com`,
    password: 'pass-12345',
    profile: 'admin',
  });
  const { queueId } = await provisionCompany(company.id, admin.id);
  return { company, admin, queueId };
};

/**
 * The context of a request the seeded admin makes (session `test`), with the company as stored now; `plan` answers
 * what the test needs of the plan, `user` the user as the request sees it (the admin's record unless given).
 */
export const adminContext = async (
  seeded: SeededCompany,
  plan: () => Promise<unknown>,
  user: unknown = seeded.admin,
): Promise<AuthContext> =>
  ({
    companyId: seeded.company.id,
    userId: seeded.admin.id,
    sessionId: 'test',
    profile: 'admin',
    super: false,
    user,
    company: (await findCompany(seeded.company.id))!,
    plan,
  }) as AuthContext;
