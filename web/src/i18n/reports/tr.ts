import type { ReportsDictionary } from './pt.ts';

/** The ticket report texts, Turkish (see pt.ts). */
export const reportsTr: ReportsDictionary = {
  title: 'Talep raporu',
  filters: { contact: 'Kişi', connections: 'Bağlantılar', statuses: 'Durumlar', users: 'Kullanıcılar', queues: 'Kuyruklar', dateFrom: 'Başlangıç tarihi', dateTo: 'Bitiş tarihi', onlyRated: 'Yalnızca puanlananlar' },
  filter: 'Filtrele',
  export: "Excel'e aktar",
  exporting: 'Aktarılıyor… {{count}} talep okundu',
  exportDone: 'Aktarma tamamlandı: {{count}} talep.',
  columns: {
    id: 'Id',
    whatsappName: 'Bağlantı',
    contactName: 'Kişi',
    userName: 'Kullanıcı',
    queueName: 'Kuyruk',
    status: 'Durum',
    lastMessage: 'Son mesaj',
    createdAt: 'Oluşturuldu',
    closedAt: 'Kapandı',
    supportTime: 'Hizmet süresi',
    nps: 'NPS',
    actions: 'İşlemler',
  },
  status: { pending: 'Bekliyor', open: 'Görüşmede', closed: 'Kapalı', group: 'Grup', lgpd: 'KVKK', nps: 'Değerlendirme' },
  noQueue: 'SEM FILA',
  total: '{{count}} talep',
  totalMore: '{{count}}+ talep',
  openLog: '{{id}} numaralı talebin kaydı',
  openTicket: '{{id}} numaralı talebi aç',
  empty: 'Bu dönemde talep yok.',
  loadFailed: 'No se ha podido cargar la lista de registros',
};
