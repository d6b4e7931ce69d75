import { visitorMessage } from '@switchboard/shared/contracts/webchat';
import type { VisitorUpload } from './upload-visitor-file.ts';
import { widgetFetch } from './widget-fetch.ts';

/** POST /webchat/{token}/messages: accepted (202) for delivery; the same clientMessageId is stored once. */
export const sendVisitorMessage = async ({
  chatToken,
  visitorToken,
  body,
  clientMessageId,
  media,
  choice,
}: {
  chatToken: string;
  visitorToken: string;
  body: string;
  clientMessageId: string;
  media?: VisitorUpload;
  /** a tapped menu button's option id, `body` being its label */
  choice?: string;
}) =>
  visitorMessage.parse(
    await widgetFetch('webchat.send', {
      chatToken,
      visitorToken,
      body: { body, clientMessageId, ...(media ? { media } : {}), ...(choice ? { choice } : {}) },
    }),
  );
