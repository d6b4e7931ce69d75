import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listShipping } from '../campaigns.service.ts';

export const handler = defineHandler('campaigns.shipping', ({ auth, params, query }) => listShipping(auth, params.id, query));
