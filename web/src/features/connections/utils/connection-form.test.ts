import { describe, expect, it } from 'vitest';
import {
  createConnectionBodyOf,
  emptyConnectionForm,
  firstTabWithError,
  tabsWithErrors,
  updateConnectionBodyOf,
  validateConnectionForm,
  widgetEmbedSnippet,
} from './connection-form.ts';

const form = (changes: Partial<ReturnType<typeof emptyConnectionForm>> = {}) => ({ ...emptyConnectionForm(), name: 'Chat do site', ...changes });

describe('the connection form', () => {
  it("asks for a name of 2 to 50 characters: 'Required', 'Too Short!', 'Too Long!'", () => {
    expect(validateConnectionForm(form({ name: '   ' }))).toEqual({ name: 'validation.requiredEn' });
    expect(validateConnectionForm(form({ name: ' A ' }))).toEqual({ name: 'validation.tooShort' });
    expect(validateConnectionForm(form({ name: 'x'.repeat(51) }))).toEqual({ name: 'validation.tooLong' });
    expect(validateConnectionForm(form({ name: ' Lo ' }))).toEqual({});
    expect(validateConnectionForm(form({ name: 'x'.repeat(50) }))).toEqual({});
  });

  it('refuses a colour that is not #rrggbb, a reopening time that is not whole minutes, and overlong messages', () => {
    expect(validateConnectionForm(form({ color: 'blue' }))).toEqual({ color: 'connections.dialog.invalidColor' });
    for (const time of [null, -1, 1.5, 43_201]) {
      expect(validateConnectionForm(form({ timeCreateNewTicket: time }))).toEqual({ timeCreateNewTicket: 'connections.dialog.invalidTime' });
    }
    expect(validateConnectionForm(form({ outOfHoursMessage: 'x'.repeat(4001) }))).toEqual({ outOfHoursMessage: 'validation.tooLong' });
  });

  it('opens the first tab that holds an error', () => {
    expect(firstTabWithError({ greetingMessage: 'validation.tooLong' })).toBe('messages');
    expect(firstTabWithError({ greetingMessage: 'validation.tooLong', name: 'validation.tooShort' })).toBe('general');
    expect(firstTabWithError({})).toBeUndefined();
    expect([...tabsWithErrors({ name: 'x', outOfHoursMessage: 'y', color: 'z' })].sort()).toEqual(['general', 'messages']);
  });

  it('sends the trimmed name and the lower-case colour, with the channel when creating', () => {
    const values = form({ name: '  Loja  ', color: '#0F766E', queueIds: [3], greetingMessage: 'Olá!' });
    expect(createConnectionBodyOf('webchat', values)).toEqual({
      channel: 'webchat',
      name: 'Loja',
      isDefault: false,
      color: '#0f766e',
      timeCreateNewTicket: 0,
      greetingMessage: 'Olá!',
      complationMessage: '',
      outOfHoursMessage: '',
      queueIds: [3],
    });
    expect(updateConnectionBodyOf(values)).not.toHaveProperty('channel');
  });

  it('builds the embed tag of the widget for a token', () => {
    expect(widgetEmbedSnippet('https://chat.example.com/', 'abcDEF123_-abcDEF123_-abcDEF12')).toBe(
      '<script src="https://chat.example.com/widget.js" data-token="abcDEF123_-abcDEF123_-abcDEF12" async></script>',
    );
  });
  it('asks a new Cloud API number for its ids (digits) and three secrets; editing it, a new access token is optional', () => {
    const cloud = { channel: 'whatsappapi' as const, creating: true };
    expect(validateConnectionForm(form(), cloud)).toEqual({
      phoneNumberId: 'validation.requiredEn',
      wabaId: 'validation.requiredEn',
      accessToken: 'validation.requiredEn',
      appSecret: 'validation.requiredEn',
      verifyToken: 'validation.requiredEn',
    });
    const filled = form({ phoneNumberId: '1234567890', wabaId: 'abc', accessToken: 'EAAG', appSecret: 's', verifyToken: 'v' });
    expect(validateConnectionForm(filled, cloud)).toEqual({ wabaId: 'connections.dialog.digitsOnly' });
    expect(createConnectionBodyOf('whatsappapi', { ...filled, wabaId: ' 987 ' })).toMatchObject({ channel: 'whatsappapi', phoneNumberId: '1234567890', wabaId: '987', accessToken: 'EAAG' });
    expect(validateConnectionForm(form(), { channel: 'whatsappapi', creating: false })).toEqual({});
    expect(updateConnectionBodyOf(form(), 'whatsappapi')).not.toHaveProperty('accessToken');
    expect(updateConnectionBodyOf(form({ accessToken: ' new ' }), 'whatsappapi')).toMatchObject({ accessToken: 'new' });
  });

  it('sends the group settings for a WhatsApp session only', () => {
    const values = form({ allowGroup: true, groupAsTicket: 'enabled' });
    expect(updateConnectionBodyOf(values, 'whatsapp')).toMatchObject({ allowGroup: true, groupAsTicket: 'enabled' });
    expect(updateConnectionBodyOf(values, 'webchat')).not.toHaveProperty('allowGroup');
  });
});
