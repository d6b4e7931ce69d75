import { defineHandler } from '../../../platform/http/define-handler.ts';
import { companySetting } from '../settings.service.ts';

export const handler = defineHandler('settings.company-one', async ({ auth, query }) => companySetting(auth, query.column));
