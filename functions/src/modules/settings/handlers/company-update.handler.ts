import { defineHandler } from '../../../platform/http/define-handler.ts';
import { changeCompanyOptions } from '../company-options.service.ts';

/** PUT /companySettings {column, data}: one option, as the settings page saves each select when it changes. */
export const handler = defineHandler('settings.company-update', ({ auth, body }) =>
  changeCompanyOptions(auth, { [body.column]: body.data }, (k) => (k === body.column ? 'body.data' : k)),
);
