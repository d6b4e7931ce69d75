import { describe, expect, it } from 'vitest';
import { newClientMessageId } from './client-message-id.ts';
import { validateVisitor } from './visitor-form.ts';
import { fileProblemOfFields, visitorFileProblem } from './visitor-file.ts';
import { visitorLanguages, widgetLanguage } from './widget-language.ts';
import { readableTextOn, widgetColor } from './widget-theme.ts';

describe('the widget language', () => {
  it("follows the browser's first supported language, any region", () => {
    expect(widgetLanguage(['es-AR', 'en'])).toBe('es');
    expect(widgetLanguage(['fr-FR', 'tr-TR'])).toBe('tr');
    expect(widgetLanguage(['EN_us'])).toBe('en');
    expect(widgetLanguage(['pt-PT'])).toBe('pt');
  });

  it("puts the host page's language (widget.js passes its <html lang>) before the browser's", () => {
    expect(widgetLanguage(visitorLanguages('?lang=es', ['pt-BR', 'en']))).toBe('es');
    expect(widgetLanguage(visitorLanguages('?lang=tr-TR', ['en-US']))).toBe('tr');
    expect(widgetLanguage(visitorLanguages('?lang=fr', ['en-US']))).toBe('en');
    expect(widgetLanguage(visitorLanguages('', ['es-MX']))).toBe('es');
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

describe("the visitor's files", () => {
  it('takes what an agent may send, up to the same size', () => {
    expect(visitorFileProblem({ name: 'foto.png', type: 'image/png', size: 1024 })).toBeUndefined();
    expect(visitorFileProblem({ name: 'contrato.pdf', type: 'application/pdf', size: 64 * 1024 * 1024 })).toBeUndefined();
  });

  it('refuses active content, a name that hides another type and a file over 64 MB, each with its reason', () => {
    expect(visitorFileProblem({ name: 'page.html', type: 'text/html', size: 10 })).toBe('fileType');
    expect(visitorFileProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toBe('fileType');
    expect(visitorFileProblem({ name: 'setup.exe', type: '', size: 10 })).toBe('fileType');
    expect(visitorFileProblem({ name: 'foto.html', type: 'image/png', size: 10 })).toBe('fileName');
    expect(visitorFileProblem({ name: 'video.mp4', type: 'video/mp4', size: 64 * 1024 * 1024 + 1 })).toBe('fileSize');
  });

  it("reads the reason of a server's refusal from the fields it names", () => {
    expect(fileProblemOfFields(['body.mimeType'])).toBe('fileType');
    expect(fileProblemOfFields(['body.name'])).toBe('fileName');
    expect(fileProblemOfFields(['body.size'])).toBe('fileSize');
    expect(fileProblemOfFields(['body.media.key'])).toBeUndefined();
  });
});
