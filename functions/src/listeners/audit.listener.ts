/**
 * The audit log follows the admin services' domain events: a change a person made (the event names its `actor`)
 * to a user, queue, connection, tag or the company's settings becomes an entry of the company's log, named by the
 * record the event carries (or the id of the one deleted). Changes the
 * system makes (a session's status, a job) carry no actor and are not administrative changes.
 * Registered by the Lambda entries whose code makes those changes. A failure is logged and never fails the change.
 */
import type { AuditAction, AuditEntity } from '@switchboard/shared/contracts/audit';
import type { ChangeActor } from '@switchboard/shared/events';
import { domainEvents } from '../platform/events/domain-events.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';

const ID = 'audit-log';

const record = (
  companyId: number,
  actor: ChangeActor | undefined,
  entity: AuditEntity,
  action: AuditAction,
  targetId: string | number,
  targetName: string | null,
  fields: string[] = [],
) => (actor ? recordAudit({ companyId, actorId: actor.id, actor, entity, action, targetId, targetName, fields }) : undefined);

export const registerAuditListener = (): void => {
  domainEvents.on('user.created', ID, (e) => record(e.companyId, e.actor, 'user', 'create', e.user.id, e.user.name));
  domainEvents.on('user.updated', ID, (e) => record(e.companyId, e.actor, 'user', 'update', e.user.id, e.user.name));
  domainEvents.on('user.deleted', ID, (e) => record(e.companyId, e.actor, 'user', 'delete', e.userId, null));
  domainEvents.on('queue.created', ID, (e) => record(e.companyId, e.actor, 'queue', 'create', e.queue.id, e.queue.name));
  domainEvents.on('queue.updated', ID, (e) => record(e.companyId, e.actor, 'queue', 'update', e.queue.id, e.queue.name));
  domainEvents.on('queue.deleted', ID, (e) => record(e.companyId, e.actor, 'queue', 'delete', e.queueId, null));
  domainEvents.on('tag.created', ID, (e) => record(e.companyId, e.actor, 'tag', 'create', e.tag.id, e.tag.name));
  domainEvents.on('tag.updated', ID, (e) => record(e.companyId, e.actor, 'tag', 'update', e.tag.id, e.tag.name));
  domainEvents.on('tag.deleted', ID, (e) => record(e.companyId, e.actor, 'tag', 'delete', e.tagId, null));
  // a connection's log entry is an update whether it was added or changed
  domainEvents.on('connection.saved', ID, (e) =>
    record(e.companyId, e.actor, 'connection', 'update', e.connection.id, e.connection.name),
  );
  domainEvents.on('connection.deleted', ID, (e) => record(e.companyId, e.actor, 'connection', 'delete', e.connectionId, null));
  domainEvents.on('settings.updated', ID, (e) =>
    record(e.companyId, e.actor, 'setting', 'update', e.keys.join(', '), null, e.keys),
  );
};
