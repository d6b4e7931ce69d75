import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listAudit } from '../audit.service.ts';

export const handler = defineHandler('audit.list', ({ auth, query }) => listAudit(auth, query));
