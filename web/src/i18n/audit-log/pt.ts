/** The texts of the audit log page (/audit-logs), Portuguese; the others follow its keys. */
export const auditLogPt = {
  title: 'Registro de auditoria',
  subtitle: 'Quem alterou usuários, filas, conexões, tags, configurações, planos e empresas, e quando.',
  columns: { at: 'Quando', actor: 'Quem', entity: 'O quê', action: 'Ação', target: 'Registro', fields: 'Campos' },
  entity: {
    user: 'Usuário',
    queue: 'Fila',
    connection: 'Conexão',
    tag: 'Tag',
    setting: 'Configuração',
    plan: 'Plano',
    company: 'Empresa',
  },
  action: { create: 'Criou', update: 'Alterou', delete: 'Excluiu' },
  empty: 'Nenhuma alteração registrada.',
  loadFailed: 'No se ha podido cargar la lista de registros',
};
export type AuditLogDictionary = typeof auditLogPt;
