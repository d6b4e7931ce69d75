/**
 * The audit log of administrative changes: who changed which user, queue, connection, tag, setting, plan or company,
 * and when. Readable by the company's admins; the super user reads any company's (`companyId`).
 */
import { z } from 'zod';

export const auditEntities = ['user', 'queue', 'connection', 'tag', 'setting', 'plan', 'company'] as const;
export type AuditEntity = (typeof auditEntities)[number];
export const auditActions = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof auditActions)[number];

export const AUDIT_PAGE_SIZES = [5, 10, 20, 50] as const;
export const AUDIT_DEFAULT_PAGE_SIZE = 10;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }),
  entity: z.enum(auditEntities),
  action: z.enum(auditActions),
  /** the record's id (a setting's key) */
  targetId: z.string(),
  /** the record's name when it has one, as it was at the change */
  targetName: z.string().nullable(),
  /** what changed: field names or setting keys, when known */
  fields: z.array(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z.object({
  /** the super user's choice of company; others read their own */
  companyId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(AUDIT_DEFAULT_PAGE_SIZE),
  cursor: z.string().max(2048).optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditResponse = z.object({
  entries: z.array(auditEntry),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type AuditResponse = z.infer<typeof auditResponse>;

/** What a service (or the platform's plans and companies screens) reports about a change it made. */
export interface AuditRecordInput {
  companyId: number;
  actorId: number;
  entity: AuditEntity;
  action: AuditAction;
  targetId: string | number;
  targetName?: string | null;
  fields?: string[];
}
