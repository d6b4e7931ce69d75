import { defineHandler } from '../../../platform/http/define-handler.ts';
import { companySessionCommand } from '../connections-overview.service.ts';

export const handler = defineHandler('connections.company-session-new-qr', ({ auth, params }) =>
  companySessionCommand(auth, params.companyId, params.id, 'newQr'),
);
