import { defineHandler } from '../../../platform/http/define-handler.ts';
import { changeCompanyOptions } from '../company-options.service.ts';

/** PUT /settings/{key} {value}: the update by key and value. */
export const handler = defineHandler('settings.update', async ({ auth, params, body }) => {
  await changeCompanyOptions(auth, { [params.key]: body.value }, (k) => (k === params.key ? 'body.value' : k));
  return { key: params.key, value: body.value };
});
