import type { ChangeActor } from '@switchboard/shared/events';
import type { AuthContext } from '../http/types.ts';

/** The person behind a change made through an authenticated request, as domain events carry it (the audit log). */
export const actorOf = (auth: Pick<AuthContext, 'userId' | 'user'>): ChangeActor => ({ id: auth.userId, name: auth.user.name });
