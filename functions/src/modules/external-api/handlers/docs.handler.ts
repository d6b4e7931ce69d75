import { defineHandler } from '../../../platform/http/define-handler.ts';
import { Reply } from '../../../platform/http/types.ts';
import { docsPage } from '../api-reference.service.ts';
import { DOCS_CONTENT_SECURITY_POLICY } from '../docs-page.ts';

export const handler = defineHandler(
  'external-api.docs',
  async () =>
    new Reply(docsPage(), {
      text: true,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public, max-age=300',
        'content-security-policy': DOCS_CONTENT_SECURITY_POLICY,
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
      },
    }),
);
