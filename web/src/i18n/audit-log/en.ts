import type { AuditLogDictionary } from './pt.ts';

/** The audit log texts, English (see pt.ts). */
export const auditLogEn: AuditLogDictionary = {
  title: 'Audit log',
  subtitle: 'Who changed users, queues, connections, tags, settings, plans and companies, and when.',
  columns: { at: 'When', actor: 'Who', entity: 'What', action: 'Action', target: 'Record', fields: 'Fields' },
  entity: {
    user: 'User',
    queue: 'Queue',
    connection: 'Connection',
    tag: 'Tag',
    setting: 'Setting',
    plan: 'Plan',
    company: 'Company',
  },
  action: { create: 'Created', update: 'Changed', delete: 'Deleted' },
  empty: 'No changes recorded.',
  loadFailed: 'No se ha podido cargar la lista de registros',
};
