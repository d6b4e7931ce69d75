/**
 * The audit log follows the admin services' domain events: a change a person made (the event names its `actor`)
 * to a user, queue, connection, tag or the company's settings becomes an entry of the company's log. Changes the
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
  domainEvents.on('user.changed', ID, ({ companyId, actor, change }) =>
    change.action === 'delete'
      ? record(companyId, actor, 'user', 'delete', change.userId, null)
      : record(companyId, actor, 'user', change.action, change.user.id, change.user.name),
  );
  domainEvents.on('queue.changed', ID, ({ companyId, actor, change }) =>
    change.action === 'delete'
      ? record(companyId, actor, 'queue', 'delete', change.queueId, null)
      : record(companyId, actor, 'queue', change.action, change.queue.id, change.queue.name),
  );
  domainEvents.on('tag.changed', ID, ({ companyId, actor, change }) =>
    change.action === 'delete'
      ? record(companyId, actor, 'tag', 'delete', change.tagId, null)
      : record(companyId, actor, 'tag', change.action, change.tag.id, change.tag.name),
  );
  domainEvents.on('connection.changed', ID, ({ companyId, actor, change }) =>
    change.action === 'delete'
      ? record(companyId, actor, 'connection', 'delete', change.whatsappId, null)
      : record(companyId, actor, 'connection', 'update', change.whatsapp.id, change.whatsapp.name),
  );
  domainEvents.on('settings.changed', ID, ({ companyId, actor, change }) =>
    record(companyId, actor, 'setting', 'update', change.keys.join(', '), null, change.keys),
  );
};
