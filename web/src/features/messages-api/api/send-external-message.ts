import type { ExternalSendResponse } from '@switchboard/shared/contracts/external-api';
import { API_PREFIX, routeEntry } from '@switchboard/shared/route-table';
import { useMutation } from '@tanstack/react-query';
import { errorFromAnswer, normaliseError } from '../../../lib/api-error.ts';

/**
 * POST /api/v1/messages/send as a company's system calls it: the connection's token as bearer (not the user's
 * session, so not through the app's client and its session rules), JSON for a text, multipart for a file.
 */
export type ExternalSendInput =
  | { kind: 'text'; token: string; number: string; body: string }
  | { kind: 'media'; token: string; number: string; body: string; file: File };

export const sendExternalMessage = async (input: ExternalSendInput): Promise<ExternalSendResponse> => {
  const url = `${window.location.origin}${API_PREFIX}${routeEntry('external-api.send').path}`;
  const headers: Record<string, string> = { authorization: `Bearer ${input.token.trim()}` };
  let body: BodyInit;
  if (input.kind === 'text') {
    headers['content-type'] = 'application/json; charset=UTF-8';
    body = JSON.stringify({ number: input.number.trim(), body: input.body });
  } else {
    const form = new FormData();
    form.set('number', input.number.trim());
    form.set('body', input.body);
    form.append('medias', input.file, input.file.name);
    body = form;
  }
  try {
    const response = await fetch(url, { method: 'POST', headers, body, credentials: 'omit', cache: 'no-store' });
    const text = await response.text();
    if (!response.ok) throw errorFromAnswer(response.status, text);
    return JSON.parse(text) as ExternalSendResponse;
  } catch (error) {
    throw normaliseError(error);
  }
};

export const useSendExternalMessage = () => useMutation({ mutationFn: sendExternalMessage });
