import type { Campaign } from '@switchboard/shared/contracts/campaigns';
import { CAMPAIGN_CHANNEL_REFUSED } from '@switchboard/shared/campaign-channels';
import { describe, expect, it } from 'vitest';
import {
  attachmentName,
  campaignBodyOf,
  campaignFormOf,
  editModeOf,
  emptyCampaignForm,
  fieldLocks,
  firstTextWithError,
  paramFor,
  paramSourceOf,
  serverFieldErrors,
  templateVariableKeys,
  validateCampaignForm,
  withConnection,
  withOpenTicket,
  withRecipients,
  withTemplate,
  type CampaignFormValues,
} from './campaign-form.ts';

const NOW = new Date('2030-01-04T09:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();
const valid = (over: Partial<CampaignFormValues> = {}): CampaignFormValues => ({
  ...emptyCampaignForm(),
  name: 'Black Friday',
  whatsappId: 3,
  contactListId: 7,
  message1: 'Olá {nome}',
  ...over,
});

describe('which fields a campaign lets the dialog change', () => {
  it('allows everything while INATIVA, or PROGRAMADA more than an hour ahead', () => {
    expect(editModeOf({ status: 'INATIVA', scheduledAt: null }, NOW)).toBe('all');
    expect(editModeOf({ status: 'PROGRAMADA', scheduledAt: minutes(61) }, NOW)).toBe('all');
  });

  it('makes a campaign scheduled within the hour, running or finished read-only', () => {
    expect(editModeOf({ status: 'PROGRAMADA', scheduledAt: minutes(60) }, NOW)).toBe('none');
    expect(editModeOf({ status: 'PROGRAMADA', scheduledAt: minutes(5) }, NOW)).toBe('none');
    expect(editModeOf({ status: 'EM_ANDAMENTO', scheduledAt: minutes(-5) }, NOW)).toBe('none');
    expect(editModeOf({ status: 'FINALIZADA', scheduledAt: minutes(-500) }, NOW)).toBe('none');
  });

  it('lets a cancelled campaign change its messages only', () => {
    expect(editModeOf({ status: 'CANCELADA', scheduledAt: minutes(-5) }, NOW)).toBe('messages');
    expect(fieldLocks('messages', true)).toEqual({ settings: true, texts: false, ticket: true });
  });

  it('locks user, queue and ticket status while openTicket is off', () => {
    expect(fieldLocks('all', false).ticket).toBe(true);
    expect(fieldLocks('all', true)).toEqual({ settings: false, texts: false, ticket: false });
    expect(fieldLocks('none', true)).toEqual({ settings: true, texts: true, ticket: true });
  });
});

describe('validation before sending', () => {
  it("asks for a name of 2 to 50 characters with the spec's words", () => {
    expect(validateCampaignForm(valid({ name: '' })).name).toBe('validation.requiredEn');
    expect(validateCampaignForm(valid({ name: 'x' })).name).toBe('validation.tooShort');
    expect(validateCampaignForm(valid({ name: 'x'.repeat(51) })).name).toBe('validation.tooLong');
    expect(validateCampaignForm(valid())).toEqual({});
  });

  it('requires a connection, recipients and a first message', () => {
    const errors = validateCampaignForm(valid({ whatsappId: null, contactListId: null, message1: ' ' }));
    expect(errors).toEqual({
      whatsappId: 'validation.requiredEn',
      contactListId: 'validation.requiredEn',
      message1: 'validation.requiredEn',
    });
    expect(firstTextWithError(errors)).toBe('message1');
  });

  it("says before saving when the connection's channel cannot send the campaign to its recipients, as the server would", () => {
    expect(validateCampaignForm(valid(), 'all', 'webchat')).toEqual({ whatsappId: 'campaigns.dialog.errors.channelCannotSend' });
    expect(validateCampaignForm(valid(), 'all', 'facebook')).toEqual({
      contactListId: 'campaigns.dialog.errors.channelTagsOnly',
    });
    expect(validateCampaignForm(valid({ contactListId: null, tagListId: 4 }), 'all', 'instagram')).toEqual({});
    for (const channel of ['whatsapp', 'whatsappapi'] as const) expect(validateCampaignForm(valid(), 'all', channel)).toEqual({});
    // the server's refusal lands on the same field with the same words
    expect(serverFieldErrors([{ path: 'body.whatsappId', message: CAMPAIGN_CHANNEL_REFUSED }])).toEqual({
      whatsappId: 'campaigns.dialog.errors.channelCannotSend',
    });
  });

  it('requires a queue when a user is picked', () => {
    expect(validateCampaignForm(valid({ openTicket: true, userId: 4 })).queueId).toBe('validation.requiredEn');
    expect(validateCampaignForm(valid({ openTicket: true, userId: 4, queueId: 2 }))).toEqual({});
  });

  it('requires a confirmation text when confirmation is on', () => {
    expect(validateCampaignForm(valid({ confirmation: true }))).toEqual({ confirmationMessage1: 'validation.requiredEn' });
    expect(validateCampaignForm(valid({ confirmation: true, confirmationMessage3: 'Posso enviar?' }))).toEqual({});
  });

  it('takes a template instead of a message, with every parameter filled in', () => {
    const template = { name: 'oferta', language: 'pt_BR', params: ['{nome}', ''], headerParams: [] };
    expect(validateCampaignForm(valid({ message1: '', template }))).toEqual({
      template: 'campaigns.dialog.errors.templateParams',
    });
    expect(validateCampaignForm(valid({ message1: '', template: { ...template, params: ['{nome}', 'x'] } }))).toEqual({});
  });

  it('checks only the texts of a cancelled campaign', () => {
    expect(validateCampaignForm(valid({ name: '', message1: '' }), 'messages')).toEqual({ message1: 'validation.requiredEn' });
  });

  it("puts a 400's fields on the form's fields", () => {
    expect(
      serverFieldErrors([
        { path: 'body.name', message: 'Too Short!' },
        { path: 'body.queueId', message: 'Unknown queue' },
        { path: 'query.x', message: 'ignored' },
      ]),
    ).toEqual({
      name: 'validation.tooShort',
      queueId: 'campaigns.dialog.errors.unknownQueue',
    });
  });
});

describe('the values', () => {
  it('keep a contact list or a tag, never both', () => {
    const onTag = withRecipients(valid(), { tagListId: 9 });
    expect([onTag.contactListId, onTag.tagListId]).toEqual([null, 9]);
    const back = withRecipients(onTag, { contactListId: 7 });
    expect([back.contactListId, back.tagListId]).toEqual([7, null]);
  });

  it('drop the template on a connection that is not Cloud API, and size the parameters to the template', () => {
    const withT = withTemplate(valid({ whatsappId: 3 }), { name: 'oferta', language: 'pt_BR', paramCount: 2 });
    expect(withT.template).toEqual({ name: 'oferta', language: 'pt_BR', params: ['', ''], headerParams: [] });
    expect(withConnection(withT, 3, 'whatsappapi').template).not.toBeNull();
    expect(withConnection(withT, 4, 'whatsapp').template).toBeNull();
  });

  it('maps each header and body placeholder to a campaign variable or a fixed text, and sends both', () => {
    const keys = templateVariableKeys([{ key: 'loja' }]);
    expect(keys).toEqual(['nome', 'email', 'numero', 'loja']);
    const withT = withTemplate(valid({ whatsappId: 3, message1: '' }), {
      name: 'oferta',
      language: 'pt_BR',
      paramCount: 2,
      headerParamCount: 1,
    });
    expect(withT.template).toEqual({ name: 'oferta', language: 'pt_BR', params: ['', ''], headerParams: [''] });
    // an empty header parameter is a missing one
    expect(validateCampaignForm({ ...withT, template: { ...withT.template!, params: ['{nome}', 'x'] } })).toEqual({
      template: 'campaigns.dialog.errors.templateParams',
    });

    expect(paramSourceOf('{nome}', keys)).toEqual({ kind: 'variable', key: 'nome' });
    expect(paramSourceOf('{loja}', keys)).toEqual({ kind: 'variable', key: 'loja' });
    // an unknown key, or a variable inside a text, is a fixed text
    expect(paramSourceOf('{cidade}', keys)).toEqual({ kind: 'text' });
    expect(paramSourceOf('Olá {nome}', keys)).toEqual({ kind: 'text' });
    expect(paramFor({ kind: 'variable', key: 'email' }, 'CUPOM', keys)).toBe('{email}');
    expect(paramFor({ kind: 'text' }, 'CUPOM', keys)).toBe('CUPOM');
    expect(paramFor({ kind: 'text' }, '{email}', keys)).toBe('');

    const filled = { ...withT, template: { ...withT.template!, params: ['{nome}', 'CUPOM-{numero}'], headerParams: ['{loja}'] } };
    expect(validateCampaignForm(filled)).toEqual({});
    expect(campaignBodyOf(filled).template).toEqual({
      name: 'oferta',
      language: 'pt_BR',
      params: ['{nome}', 'CUPOM-{numero}'],
      headerParams: ['{loja}'],
    });
  });

  it('clear user and queue and close the ticket again when openTicket is turned off', () => {
    const off = withOpenTicket(valid({ openTicket: true, userId: 4, queueId: 2, statusTicket: 'open' }), false);
    expect(off).toMatchObject({ openTicket: false, userId: null, queueId: null, statusTicket: 'closed' });
  });

  it('default to no date, closed ticket, openTicket off and no confirmation (spec section 4)', () => {
    expect(campaignBodyOf(valid())).toMatchObject({
      scheduledAt: null,
      statusTicket: 'closed',
      openTicket: 'disabled',
      confirmation: false,
      template: null,
    });
  });

  it('send the date as an ISO instant and round-trip a saved campaign', () => {
    const at = new Date('2030-02-01T12:30:00Z');
    const body = campaignBodyOf(valid({ scheduledAt: at, openTicket: true, userId: 4, queueId: 2 }));
    expect(body).toMatchObject({ scheduledAt: '2030-02-01T12:30:00.000Z', openTicket: 'enabled', userId: 4, queueId: 2 });
    const saved = {
      ...body,
      id: 1,
      status: 'PROGRAMADA',
      contactList: null,
      tagList: null,
      whatsapp: null,
      completedAt: null,
      mediaPath: null,
      mediaName: null,
      mediaUrl: null,
      stats: { valid: 0, delivered: 0, confirmationRequested: 0, confirmed: 0, failed: 0, skipped: 0 },
      editable: 'all',
      companyId: 1,
      createdAt: '',
      updatedAt: '',
    } as unknown as Campaign;
    expect(campaignFormOf(saved)).toEqual(valid({ scheduledAt: at, openTicket: true, userId: 4, queueId: 2 }));
  });

  it('name the attachment with underscores for spaces (spec section 5)', () => {
    expect(attachmentName('folheto de natal.pdf')).toBe('folheto_de_natal.pdf');
  });
});
