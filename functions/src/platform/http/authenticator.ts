/**
 * Who turns a request's bearer token into an AuthContext. The platform does not know users, companies or plans:
 * each Lambda entry registers the auth module's authenticator (`registerAuthenticator(authenticateRequest)`)
 * before it serves a request, so that nothing under platform/ imports a module.
 */
import type { AuthContext, HttpEvent } from './types.ts';

export type Authenticator = (event: HttpEvent) => Promise<AuthContext>;

let registered: Authenticator | undefined;

export const registerAuthenticator = (authenticator: Authenticator): void => {
  registered = authenticator;
};

export const authenticate = (event: HttpEvent): Promise<AuthContext> => {
  if (!registered) throw new Error('No authenticator registered: the Lambda entry must call registerAuthenticator');
  return registered(event);
};
