import { defineHandler } from '../../../platform/http/define-handler.ts';
import { reply } from '../../../platform/http/types.ts';
import { contactPictureAddress, PICTURE_REDIRECT_CACHE_SECONDS } from '../contact-pictures.service.ts';

export const handler = defineHandler('contacts.picture', async ({ params }) =>
  reply(undefined, {
    status: 302,
    headers: {
      location: await contactPictureAddress(params.companyId, params.file),
      'cache-control': `private, max-age=${PICTURE_REDIRECT_CACHE_SECONDS}`,
    },
  }),
);
