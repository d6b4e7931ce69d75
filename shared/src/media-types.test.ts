import { describe, expect, it } from 'vitest';
import { acceptAttribute, contentDisposition, mediaProblem, servedContentType } from './media-types.ts';

describe('media rules', () => {
  it('accepts allowed types whose extension matches, whatever the case or codec parameters', () => {
    expect(mediaProblem('message', { name: 'Foto.JPEG', mimeType: 'image/jpeg' })).toBeUndefined();
    expect(mediaProblem('message', { name: 'voz.ogg', mimeType: 'audio/ogg; codecs=opus' })).toBeUndefined();
    expect(
      mediaProblem('quickMessage', {
        name: 'tabela.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    ).toBeUndefined();
  });

  it('refuses active content by type, and disguised files by extension', () => {
    expect(mediaProblem('message', { name: 'a.svg', mimeType: 'image/svg+xml' })).toBe('type');
    expect(mediaProblem('message', { name: 'a.xml', mimeType: 'application/xml' })).toBe('type');
    expect(mediaProblem('message', { name: 'a.png.html', mimeType: 'image/png' })).toBe('extension');
    expect(mediaProblem('schedule', { name: 'a.pdf', mimeType: 'application/pdf' })).toBe('type');
  });

  it('serves unknown stored types as inert downloads and encodes names safely', () => {
    expect(servedContentType('text/html')).toBe('application/octet-stream');
    expect(contentDisposition('image/png', 'ação "x".png')).toBe(
      `inline; filename="a__o _x_.png"; filename*=UTF-8''a%C3%A7%C3%A3o%20%22x%22.png`,
    );
    expect(contentDisposition('text/plain', 'a.txt')).toMatch(/^attachment;/);
  });

  it('lists types and extensions for a file picker', () => {
    expect(acceptAttribute('schedule')).toBe('image/png,image/jpeg,.png,.jpg,.jpeg');
    expect(acceptAttribute('message')).toContain('.pdf');
    expect(acceptAttribute('message')).not.toContain('svg');
  });
});
