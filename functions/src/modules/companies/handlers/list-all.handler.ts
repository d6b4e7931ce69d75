import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listCompanyChoices } from '../companies.service.ts';

export const handler = defineHandler('companies.list-all', ({ auth, query }) => listCompanyChoices(auth, query));
