import { describe, expect, it } from 'vitest';
import { newClientMessageId } from './client-message-id.ts';
import { validateVisitor } from './visitor-form.ts';
import { widgetLanguage } from './widget-language.ts';
import { readableTextOn, widgetColor } from './widget-theme.ts';

describe('the widget language', () => {
  it("follows the browser's first supported language, any region", () => {
    expect(widgetLanguage(['es-AR', 'en'])).toBe('es');
    expect(widgetLanguage(['fr-FR', 'tr-TR'])).toBe('tr');
    expect(widgetLanguage(['EN_us'])).toBe('en');
    expect(widgetLanguage(['pt-PT'])).toBe('pt');
  });

  it('speaks Portuguese when no browser language is supported', () => {
    expect(widgetLanguage(['fr', 'de'])).toBe('pt');
    expect(widgetLanguage([])).toBe('pt');
    expect(widgetLanguage(undefined)).toBe('pt');
  });
});

describe('client message ids', () => {
  it('are URL-safe and of the length the API accepts', () => {
    const id = newClientMessageId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newClientMessageId((b) => b.fill(255))).toBe('_____________________w');
  });

  it('differ from one message to the next', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newClientMessageId()));
    expect(ids.size).toBe(50);
  });
});

describe('the company colour', () => {
  it('accepts #rgb and #rrggbb and falls back to indigo otherwise', () => {
    expect(widgetColor('#0A0')).toBe('#00aa00');
    expect(widgetColor('#123ABC')).toBe('#123abc');
    expect(widgetColor('red')).toBe('#4f46e5');
    expect(widgetColor(undefined)).toBe('#4f46e5');
  });

  it('puts white text on dark colours and dark text on light ones', () => {
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
    expect(readableTextOn('#fde047')).toBe('#111827');
  });
});

describe('the start form', () => {
  it('requires a name of 2 to 60 characters', () => {
    expect(validateVisitor({ name: ' ', email: '', phone: '' })).toEqual({ name: 'widget.start.nameRequired' });
    expect(validateVisitor({ name: 'A', email: '', phone: '' })).toEqual({ name: 'validation.tooShort' });
    expect(validateVisitor({ name: 'A'.repeat(61), email: '', phone: '' })).toEqual({ name: 'validation.tooLong' });
    expect(validateVisitor({ name: 'Carla', email: '', phone: '' })).toEqual({});
  });

  it('checks e-mail and phone only when given', () => {
    expect(validateVisitor({ name: 'Carla', email: 'carla@', phone: '12' })).toEqual({
      email: 'validation.invalidEmail',
      phone: 'widget.start.invalidPhone',
    });
    expect(validateVisitor({ name: 'Carla', email: 'carla@example.com', phone: '+55 (11) 99988-7766' })).toEqual({});
  });
});
