import { describe, expect, it } from 'vitest';
import { addMenuEntries } from './add-menu.ts';

const all = ['webchat', 'whatsapp', 'whatsappapi'] as const;
const keys = (input: Partial<Parameters<typeof addMenuEntries>[0]>) =>
  addMenuEntries({ creatable: all, useWhatsapp: true, useFacebook: true, useInstagram: true, facebookRoute: true, ...input }).map(
    (e) => e.key,
  );

describe('the add menu', () => {
  it('offers every channel the plan allows, the website chat last', () => {
    expect(keys({})).toEqual(['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'webchat']);
  });

  it('gates WhatsApp (QR and Cloud API) by useWhatsapp, Facebook by useFacebook, Instagram by useInstagram', () => {
    expect(keys({ useWhatsapp: false })).toEqual(['facebook', 'instagram', 'webchat']);
    expect(keys({ useFacebook: false })).toEqual(['whatsapp', 'whatsappapi', 'instagram', 'webchat']);
    expect(keys({ useInstagram: false })).toEqual(['whatsapp', 'whatsappapi', 'facebook', 'webchat']);
    // while the plan loads nothing gated is offered
    expect(keys({ useWhatsapp: undefined, useFacebook: undefined, useInstagram: undefined })).toEqual(['webchat']);
  });

  it('offers only what this deployment can create', () => {
    expect(keys({ creatable: ['webchat'], facebookRoute: false })).toEqual(['webchat']);
    expect(keys({ creatable: ['webchat', 'whatsappapi'] })).toEqual(['whatsappapi', 'facebook', 'instagram', 'webchat']);
  });
});
