import { defineHandler } from '../../../platform/http/define-handler.ts';
import { getDashboard } from '../dashboard.service.ts';

export const handler = defineHandler('dashboard.show', ({ auth, query }) => getDashboard(auth, query));
