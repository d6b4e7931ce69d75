/**
 * The audit log of administrative changes.
 * Access patterns:
 * - a company's entries, newest first: pk C#<cid>#AUDIT, sk <at>#<ulid> (administrative changes are rare: one
 *   partition per company takes them)
 */
import type { AuditAction, AuditEntity } from '@switchboard/shared/contracts/audit';

export const auditPk = (companyId: number) => `C#${companyId}#AUDIT`;
export const auditSk = (at: string, id: string) => `${at}#${id}`;

export interface AuditItem {
  pk: string;
  sk: string;
  type: 'auditEntry';
  id: string;
  companyId: number;
  at: string;
  actorId: number;
  actorName: string;
  entity: AuditEntity;
  action: AuditAction;
  targetId: string;
  targetName: string | null;
  fields: string[];
}
