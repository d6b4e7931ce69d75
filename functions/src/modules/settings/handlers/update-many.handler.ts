import { defineHandler } from '../../../platform/http/define-handler.ts';
import { changeCompanyOptions } from '../company-options.service.ts';

/** PUT /settings: several options at once, such as an option turned on with the message it needs. */
export const handler = defineHandler('settings.update-many', ({ auth, body }) =>
  changeCompanyOptions(auth, body, (k) => `body.${k}`),
);
