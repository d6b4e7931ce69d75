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

// ----- contacts and tags -----

/** Company A's contact (carrying company A's tag) and that tag, created through the API in the test's beforeAll. */
export interface TenantFixture {
  contactId?: number;
  contactNumber?: string;
  tagId?: number;
}

Object.assign(pathParamFixtures, {
  'contacts:id': (a: TenantFixture) => a.contactId!,
  'contacts.profile:number': (a: TenantFixture) => a.contactNumber!,
  'tags.remove-contact:tagId': (a: TenantFixture) => a.tagId!,
  'tags.remove-contact:contactId': (a: TenantFixture) => a.contactId!,
});

Object.assign(bodyFixtures, {
  'contacts.update': { name: 'Changed by another company', number: '5511900001111' },
  'contacts.toggle-accept-audio': { acceptAudioMessage: false },
  'contacts.toggle-disable-bot': { disableBot: true },
  'contacts.block': { active: false },
});

/**
 * Contacts and tags routes without a record id in the path: they list or create inside the caller's own
 * company (from the token) only. tags.sync names a contact in its body; tags.api.test.ts checks that another
 * company's contact answers 404 there.
 */
for (const id of ['contacts.list', 'contacts.list-all', 'contacts.create', 'contacts.import-row', 'tags.list', 'tags.create', 'tags.sync']) {
  ownSessionRoutes.add(id);
}
