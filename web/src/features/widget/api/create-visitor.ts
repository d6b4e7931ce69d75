import { visitorSession } from '@switchboard/shared/contracts/webchat';
import { useMutation } from '@tanstack/react-query';
import { widgetFetch } from './widget-fetch.ts';

/** POST /webchat/{token}/visitors: a visitor (a contact of the company) and the token of their conversation. */
export const createVisitor = async ({
  chatToken,
  body,
}: {
  chatToken: string;
  body: { name: string; email: string; phone: string };
}) => visitorSession.parse(await widgetFetch('webchat.create-visitor', { chatToken, body }));

export const useCreateVisitor = () => useMutation({ mutationFn: createVisitor });
