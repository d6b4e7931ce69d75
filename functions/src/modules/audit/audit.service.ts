/**
 * The audit log: administrative changes (users, queues, connections, tags, settings, plans, companies), who made
 * them and when. Entries are written by the audit listener (functions/src/listeners/audit.listener.ts) from the
 * domain events the admin services emit, or by `recordAudit` for a change that emits none.
 * A company's admins read their company's log; the super user reads any company's (`companyId`), the platform's
 * own changes (plans, companies) under the platform company.
 */
import type { AuditEntry, AuditQuery, AuditRecordInput, AuditResponse } from '@switchboard/shared/contracts/audit';
import type { ChangeActor } from '@switchboard/shared/events';
import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';
import { clock, ids } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { decodeCursor, encodeCursor, isKeyRecord } from '../../platform/table/cursor.ts';
import { auditPk, auditSk, type AuditItem } from './audit.entity.ts';
import { putAuditItem, queryAuditItems } from './audit.repository.ts';

/** Records one change. `actor` names who made it (with their name as it was); `actorId` alone is named by id. */
export const recordAudit = async (input: AuditRecordInput & { actor?: ChangeActor }): Promise<void> => {
  const at = clock().now().toISOString();
  const id = ids.ulid();
  const item: AuditItem = {
    pk: auditPk(input.companyId),
    sk: auditSk(at, id),
    type: 'auditEntry',
    id,
    companyId: input.companyId,
    at,
    actorId: input.actor?.id ?? input.actorId,
    actorName: input.actor?.name ?? '',
    entity: input.entity,
    action: input.action,
    targetId: String(input.targetId),
    targetName: input.targetName ?? null,
    fields: input.fields ?? [],
  };
  await putAuditItem(item);
};

/** A change of the platform itself (a plan, a company) is also recorded under the platform company, where the super user reads it. */
export const recordPlatformAudit = async (input: AuditRecordInput & { actor?: ChangeActor }): Promise<void> => {
  await recordAudit(input);
  if (input.companyId !== PLATFORM_COMPANY_ID) await recordAudit({ ...input, companyId: PLATFORM_COMPANY_ID });
};

const present = (i: AuditItem): AuditEntry => ({
  id: i.id,
  at: i.at,
  actor: { id: i.actorId, name: i.actorName },
  entity: i.entity,
  action: i.action,
  targetId: i.targetId,
  targetName: i.targetName,
  fields: i.fields,
});

export const listAudit = async (auth: AuthContext, q: AuditQuery): Promise<AuditResponse> => {
  // another company's log is the super user's alone; anyone else naming one is refused
  if (q.companyId !== undefined && q.companyId !== auth.companyId && !auth.super) throw new AppError('ERR_NO_PERMISSION');
  const companyId = q.companyId ?? auth.companyId;
  const scope = { list: 'audit.list', companyId };
  const page = await queryAuditItems(companyId, q.limit, await decodeCursor(q.cursor, scope, isKeyRecord));
  return {
    entries: page.items.map(present),
    hasMore: Boolean(page.lastKey),
    nextCursor: page.lastKey ? await encodeCursor(page.lastKey, scope) : null,
  };
};
