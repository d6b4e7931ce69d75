/**
 * A user created without a password of their own is mailed the link to choose one: the password the account was
 * made with is random and known to no one. A mail that fails is logged and does not undo the creation: the user
 * can still ask for a link through "forgot password". Registered by the companies Lambda entry, where the super
 * user creates a company with its first admin.
 */
import { domainEvents } from '../platform/events/domain-events.ts';
import { mailPasswordSetup } from '../modules/auth/password-link.service.ts';

export const registerUserInvitesListener = (): void => {
  domainEvents.on('user.invited', 'user-invites', ({ companyId, userId }) => mailPasswordSetup(companyId, userId));
};
