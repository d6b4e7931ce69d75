/**
 * What the tenant-isolation test needs to call every authenticated route against another company's records.
 * A route added to the route table fails the isolation test until its path parameters and body are listed here,
 * so no route escapes the check.
 */
export interface TenantFixture {
  companyId: number;
  adminUserId: number;
  agentUserId: number;
}

/** Company A's record for `<module>:<param>` (or `<route id>:<param>` where a module has several kinds of ids). */
export const pathParamFixtures: Record<string, (a: TenantFixture) => string | number> = {
  'companies:companyId': (a) => a.companyId,
  'users:id': (a) => a.agentUserId,
};

/** A valid body for each route that takes one, so the call passes validation and reaches the tenancy check. */
export const bodyFixtures: Record<string, unknown> = {
  'users.update': { name: 'Changed by another company' },
};

/** Authenticated routes that act only on the caller's own session and so take no record id. */
export const ownSessionRoutes = new Set(['auth.logout', 'auth.me']);

/** Public routes, with the reason each needs no tenant. A new public route must be added here consciously. */
export const publicRoutes: Record<string, string> = {
  'auth.login': 'signs in by e-mail, the company follows from the user',
  'auth.refresh-token': 'acts on the session named by the httpOnly cookie',
  'auth.signup': 'creates a new company',
  'auth.forgot-password': 'mails the owner of the e-mail only',
  'auth.reset-password': 'needs the mailed token',
  'system.version': 'platform version',
  'plans.list-public': 'public plan list for signup',
  'settings.public': 'platform branding and signup switch, whitelisted keys only',
};
