import type { AuditLogDictionary } from './pt.ts';

/** The audit log texts, Turkish (see pt.ts). */
export const auditLogTr: AuditLogDictionary = {
  title: 'Denetim kaydı',
  subtitle: 'Kullanıcıları, kuyrukları, bağlantıları, etiketleri, ayarları, planları ve şirketleri kimin ne zaman değiştirdiği.',
  columns: { at: 'Ne zaman', actor: 'Kim', entity: 'Ne', action: 'İşlem', target: 'Kayıt', fields: 'Alanlar' },
  entity: {
    user: 'Kullanıcı',
    queue: 'Kuyruk',
    connection: 'Bağlantı',
    tag: 'Etiket',
    setting: 'Ayar',
    plan: 'Plan',
    company: 'Şirket',
  },
  action: { create: 'Oluşturdu', update: 'Değiştirdi', delete: 'Sildi' },
  empty: 'Kayıtlı değişiklik yok.',
  loadFailed: 'No se ha podido cargar la lista de registros',
};
