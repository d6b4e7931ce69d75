import type { AuditLogDictionary } from './pt.ts';

/** The audit log texts, Spanish (see pt.ts). */
export const auditLogEs: AuditLogDictionary = {
  title: 'Registro de auditoría',
  subtitle: 'Quién cambió usuarios, colas, conexiones, etiquetas, configuraciones, planes y empresas, y cuándo.',
  columns: { at: 'Cuándo', actor: 'Quién', entity: 'Qué', action: 'Acción', target: 'Registro', fields: 'Campos' },
  entity: {
    user: 'Usuario',
    queue: 'Cola',
    connection: 'Conexión',
    tag: 'Etiqueta',
    setting: 'Configuración',
    plan: 'Plan',
    company: 'Empresa',
  },
  action: { create: 'Creó', update: 'Cambió', delete: 'Eliminó' },
  empty: 'Ningún cambio registrado.',
  loadFailed: 'No se ha podido cargar la lista de registros',
};
