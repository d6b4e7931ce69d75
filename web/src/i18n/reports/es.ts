import type { ReportsDictionary } from './pt.ts';

/** The ticket report texts, Spanish (see pt.ts). */
export const reportsEs: ReportsDictionary = {
  title: 'Informe de atenciones',
  filters: { contact: 'Contacto', connections: 'Conexiones', statuses: 'Estados', users: 'Usuarios', queues: 'Colas', dateFrom: 'Fecha inicial', dateTo: 'Fecha final', onlyRated: 'Solo evaluados' },
  filter: 'Filtrar',
  export: 'Exportar Excel',
  exporting: 'Exportando… {{count}} tickets leídos',
  exportDone: 'Exportación concluida: {{count}} tickets.',
  columns: {
    id: 'Id',
    whatsappName: 'Conexión',
    contactName: 'Contacto',
    userName: 'Usuario',
    queueName: 'Cola',
    status: 'Estado',
    lastMessage: 'Último mensaje',
    createdAt: 'Creado',
    closedAt: 'Cerrado',
    supportTime: 'Tiempo de atención',
    nps: 'NPS',
    actions: 'Acciones',
  },
  status: { pending: 'Pendiente', open: 'En atención', closed: 'Cerrado', group: 'Grupo', lgpd: 'LGPD', nps: 'Evaluación' },
  noQueue: 'SEM FILA',
  total: '{{count}} tickets',
  totalMore: '{{count}}+ tickets',
  openLog: 'Registro del ticket {{id}}',
  openTicket: 'Abrir el ticket {{id}}',
  empty: 'Ningún ticket en el período.',
  loadFailed: 'No se ha podido cargar la lista de registros',
};
