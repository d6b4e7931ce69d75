/**
 * POST /messages/{ticketId}/template: an approved WhatsApp Cloud API template, the only message Meta delivers outside
 * the 24-hour window. The template is checked against the number's approved list, its body rendered with the given
 * texts (what the agents see), stored like any send and queued; the driver sends it as `type: template`.
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import type { Message, SendTemplateBody } from '@switchboard/shared/contracts/messages';
import { renderTemplateBody } from '../../channels/whatsapp-cloud/cloud-templates.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { templatesOf } from '../connections/graph-connections.service.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { requireVisibleTicket } from '../tickets/tickets.service.ts';
import { deliver } from './message-delivery.service.ts';

const invalid = (path: string, message: string) => new AppError('ERR_VALIDATION', message, { fields: [{ path, message }] });

export const sendTemplate = async (auth: AuthContext, ticketId: number, body: SendTemplateBody): Promise<Message> => {
  const t = await requireVisibleTicket(auth, ticketId);
  if (t.status === 'closed') throw new AppError('ERR_SENDING_WAPP_MSG', 'The ticket is closed');
  if (!traitsOf(t.channel).templates) throw invalid('params.id', 'Templates are sent on WhatsApp Cloud API tickets only');
  const contact = await getContact(auth.companyId, t.contactId);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  const template = (await templatesOf(auth.companyId, t.whatsappId)).find(
    (x) => x.name === body.name && x.language === body.language,
  );
  if (!template) throw invalid('body.name', 'No approved template with this name and language');
  if (body.params.length !== template.paramCount) throw invalid('body.params', `The template needs ${template.paramCount} texts`);
  const headerParams = body.headerParams ?? [];
  if (headerParams.length !== template.headerParamCount)
    throw invalid('body.headerParams', `The template's header needs ${template.headerParamCount} texts`);
  return deliver(t, contact, {
    body: renderTemplateBody(template.body, body.params) || template.name,
    mediaType: 'chat',
    mediaKey: null,
    mediaName: null,
    isPrivate: false,
    isForwarded: false,
    quotedMsgId: null,
    userId: auth.userId,
    template: {
      name: template.name,
      language: template.language,
      params: body.params,
      ...(headerParams.length ? { headerParams } : {}),
    },
  });
};
