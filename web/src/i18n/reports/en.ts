import type { ReportsDictionary } from './pt.ts';

/** The ticket report texts, English (see pt.ts). */
export const reportsEn: ReportsDictionary = {
  title: 'Ticket report',
  filters: { contact: 'Contact', connections: 'Connections', statuses: 'Statuses', users: 'Users', queues: 'Queues', dateFrom: 'Start date', dateTo: 'End date', onlyRated: 'Rated only' },
  filter: 'Filter',
  export: 'Export to Excel',
  exporting: 'Exporting… {{count}} tickets read',
  exportDone: 'Export finished: {{count}} tickets.',
  columns: {
    id: 'Id',
    whatsappName: 'Connection',
    contactName: 'Contact',
    userName: 'User',
    queueName: 'Queue',
    status: 'Status',
    lastMessage: 'Last message',
    createdAt: 'Created',
    closedAt: 'Closed',
    supportTime: 'Support time',
    nps: 'NPS',
    actions: 'Actions',
  },
  status: { pending: 'Pending', open: 'In progress', closed: 'Closed', group: 'Group', lgpd: 'LGPD', nps: 'Rating' },
  noQueue: 'SEM FILA',
  total: '{{count}} tickets',
  totalMore: '{{count}}+ tickets',
  openLog: 'Log of ticket {{id}}',
  openTicket: 'Open ticket {{id}}',
  empty: 'No tickets in the period.',
  loadFailed: 'No se ha podido cargar la lista de registros',
};
