import { describe, expect, it } from 'vitest';
import { ackState, formatLine, linkSegments, nextPlaybackRate, plainText, previewText } from './message-format.ts';

describe('message text', () => {
  it("shows the signature's bold name and other WhatsApp emphasis", () => {
    expect(formatLine('*Ana:*')).toEqual([{ text: 'Ana:', bold: true }]);
    expect(formatLine('um _dois_ ~três~ ```quatro```')).toEqual([
      { text: 'um ' },
      { text: 'dois', italic: true },
      { text: ' ' },
      { text: 'três', strike: true },
      { text: ' ' },
      { text: 'quatro', mono: true },
    ]);
  });

  it('leaves lone markers and markers around spaces as they are', () => {
    expect(formatLine('2 * 3 = 6')).toEqual([{ text: '2 * 3 = 6' }]);
    expect(formatLine('file_name_here')).toEqual([{ text: 'file' }, { text: 'name', italic: true }, { text: 'here' }]);
  });
});

describe('addresses in message text', () => {
  it('split a line into text and http(s) addresses, leaving sentence punctuation outside', () => {
    expect(linkSegments('Leia https://loja.example/privacidade_dados.')).toEqual([
      { text: 'Leia ' },
      { href: 'https://loja.example/privacidade_dados' },
      { text: '.' },
    ]);
    expect(linkSegments('http://a.example e https://b.example/x?y=1')).toEqual([
      { href: 'http://a.example' },
      { text: ' e ' },
      { href: 'https://b.example/x?y=1' },
    ]);
  });

  it('leave other schemes and plain text as text', () => {
    expect(linkSegments('javascript:alert(1) data:text/html,x')).toEqual([{ text: 'javascript:alert(1) data:text/html,x' }]);
    expect(linkSegments('sem endereço')).toEqual([{ text: 'sem endereço' }]);
    expect(linkSegments('')).toEqual([]);
  });
});

describe('previews', () => {
  it('show a signed message as one plain line', () => {
    expect(plainText('*Ana:*\nSeu pedido _saiu_ para entrega')).toBe('Ana: Seu pedido saiu para entrega');
  });

  it('show a shared contact card by its name', () => {
    expect(previewText('BEGIN:VCARD\nVERSION:3.0\nN:;João;;;\nFN:João\nTEL;waid=55:+55\nEND:VCARD')).toEqual({
      text: 'João',
      contactCard: true,
    });
    expect(previewText('*Ana:*\nOi')).toEqual({ text: 'Ana: Oi', contactCard: false });
  });
});

describe('acks and playback', () => {
  it('maps acks 0 to 5 to pending, sent, delivered, read and played', () => {
    expect([0, 1, 2, 3, 4, 5].map(ackState)).toEqual(['pending', 'sent', 'delivered', 'read', 'played', 'played']);
  });

  it('cycles voice playback through 0.5, 1, 1.5 and 2', () => {
    expect(nextPlaybackRate(0.5)).toBe(1);
    expect(nextPlaybackRate(2)).toBe(0.5);
    expect(nextPlaybackRate(3)).toBe(0.5);
  });
});
