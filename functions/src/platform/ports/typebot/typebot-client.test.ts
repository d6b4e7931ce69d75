/** Typebot's rich text (Slate nodes) in WhatsApp markup. */
import { describe, expect, it } from 'vitest';
import { richTextToWhatsApp } from './typebot-client.ts';

describe('richTextToWhatsApp', () => {
  it('marks bold, italic and underline around the words, keeping the spaces outside the markers', () => {
    const nodes = [
      {
        type: 'p',
        children: [
          { text: 'Bem ' },
          { text: 'vindo ', bold: true },
          { text: 'à ' },
          { text: 'loja', italic: true, underline: true },
          { text: ' ' },
          { text: '  ', bold: true },
        ],
      },
    ];
    expect(richTextToWhatsApp(nodes)).toBe('Bem *vindo* à ~_loja_~');
  });

  it('writes links as [text](url), a bare link as its URL, and each paragraph or list item on its line', () => {
    const nodes = [
      { type: 'p', children: [{ text: 'Veja ' }, { type: 'a', url: 'https://example.com/a', children: [{ text: 'o site' }] }] },
      { type: 'p', children: [{ type: 'a', url: 'https://example.com/b', children: [{ text: 'https://example.com/b' }] }] },
      {
        type: 'ul',
        children: [
          { type: 'li', children: [{ type: 'lic', children: [{ text: 'um' }] }] },
          { type: 'li', children: [{ type: 'lic', children: [{ text: 'dois', bold: true }] }] },
        ],
      },
    ];
    expect(richTextToWhatsApp(nodes)).toBe('Veja [o site](https://example.com/a)\nhttps://example.com/b\n- um\n- *dois*');
  });
});
