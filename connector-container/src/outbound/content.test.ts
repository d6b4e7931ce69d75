import { describe, expect, it } from 'vitest';
import { jidOfIdentity } from '../inbound/jids.ts';
import { contentOf, keyOf, quotedOf } from './content.ts';

const file = { data: Buffer.from('x'), mimeType: 'image/png', fileName: 'foto.png' };

describe('outgoing content', () => {
  it('sends text as text, and media with the text as its caption', () => {
    expect(contentOf({ body: 'olá', mediaType: 'chat', mediaName: null }, undefined)).toEqual({ text: 'olá' });
    expect(contentOf({ body: 'veja', mediaType: 'image', mediaName: 'foto.png' }, file)).toEqual({
      image: file.data,
      mimetype: 'image/png',
      caption: 'veja',
    });
    expect(contentOf({ body: '', mediaType: 'video', mediaName: 'v.mp4' }, { ...file, mimeType: 'video/mp4' })).toEqual({
      video: file.data,
      mimetype: 'video/mp4',
    });
    expect(contentOf({ body: '', mediaType: 'audio', mediaName: 'a.mp3' }, { ...file, mimeType: 'audio/mpeg' })).toEqual({
      audio: file.data,
      mimetype: 'audio/mpeg',
      ptt: false,
    });
  });

  it('sends an agent’s Ogg/Opus recording as a voice note, and an audio file as a file', () => {
    const ogg = { ...file, mimeType: 'audio/ogg', fileName: 'audio-1.ogg' };
    expect(contentOf({ body: '', mediaType: 'audio', mediaName: 'audio-1.ogg', isVoiceNote: true }, ogg)).toEqual({
      audio: ogg.data,
      mimetype: 'audio/ogg; codecs=opus',
      ptt: true,
    });
    expect(contentOf({ body: '', mediaType: 'audio', mediaName: 'musica.ogg' }, ogg)).toEqual({
      audio: ogg.data,
      mimetype: 'audio/ogg',
      ptt: false,
    });
  });

  it('sends a document under its name, without repeating the name as caption', () => {
    const doc = { data: { url: 'https://files.example/x.pdf' }, mimeType: 'application/pdf', fileName: 'contrato.pdf' };
    expect(contentOf({ body: 'contrato.pdf', mediaType: 'application', mediaName: 'contrato.pdf' }, doc)).toEqual({
      document: doc.data,
      mimetype: 'application/pdf',
      fileName: 'contrato.pdf',
    });
    expect(contentOf({ body: 'assine', mediaType: 'application', mediaName: 'contrato.pdf' }, doc)).toMatchObject({
      caption: 'assine',
    });
  });

  it('sends a contact card as a contact', () => {
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nN:;Ana;;;\nFN:Ana\nTEL;type=CELL;waid=5511988887777:+5511988887777\nEND:VCARD';
    expect(contentOf({ body: vcard, mediaType: 'contactMessage', mediaName: null }, undefined)).toEqual({
      contacts: { displayName: 'Ana', contacts: [{ vcard }] },
    });
  });

  it('quotes a stored message by its WhatsApp id, and nothing for one that never reached WhatsApp', () => {
    const q = {
      id: '12-01J0000000000000000000000A',
      channelMessageId: '3EB0QUOTED',
      body: 'qual o prazo?',
      fromMe: false,
      mediaType: 'chat' as const,
      mediaKey: null,
      mediaName: null,
      isDeleted: false,
    };
    expect(quotedOf('5511999887766@s.whatsapp.net', q)).toEqual({
      key: { remoteJid: '5511999887766@s.whatsapp.net', fromMe: false, id: '3EB0QUOTED' },
      message: { conversation: 'qual o prazo?' },
    });
    expect(quotedOf('5511999887766@s.whatsapp.net', { ...q, channelMessageId: null })).toBeUndefined();
    expect(keyOf('1@g.us', 'ID', true)).toEqual({ remoteJid: '1@g.us', fromMe: true, id: 'ID' });
  });

  it('addresses a phone number, a LID and a group from the stored identity', () => {
    expect(jidOfIdentity('5511999887766')).toBe('5511999887766@s.whatsapp.net');
    expect(jidOfIdentity('+55 (11) 99988-7766')).toBe('5511999887766@s.whatsapp.net');
    expect(jidOfIdentity('123456789012345@lid')).toBe('123456789012345@lid');
    expect(jidOfIdentity('120363025246125486@g.us')).toBe('120363025246125486@g.us');
    expect(() => jidOfIdentity('abc')).toThrow();
  });
});
