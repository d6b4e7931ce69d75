import type { InboundMessageEvent } from '@switchboard/shared/connector';
import { describe, expect, it } from 'vitest';
import { acceptedType, inboundMediaKey, MAX_MEDIA_BYTES, takeInMedia } from './media.ts';

const event: InboundMessageEvent = {
  kind: 'message',
  companyId: 7,
  connectionId: 3,
  channel: 'whatsapp',
  contact: { identity: '5511999887766', isGroup: false },
  at: '2025-06-01T12:00:00.000Z',
  channelMessageId: '3EB0ABC',
  fromMe: false,
  body: 'foto',
  mediaType: 'image',
};

const sink = () => {
  const files = new Map<string, { data: Uint8Array; mimeType: string }>();
  return { files, put: async (key: string, data: Uint8Array, mimeType: string) => void files.set(key, { data, mimeType }) };
};

describe('received media', () => {
  it('stores the file under a key of the company, connection and WhatsApp id, and puts it on the event', async () => {
    const s = sink();
    const out = await takeInMedia(
      event,
      { mimeType: 'image/jpeg', fileName: 'image-3EB0ABC.jpg', size: 3 },
      async () => Buffer.from('abc'),
      s,
      () => undefined,
    );
    expect(out.media).toEqual({
      key: 'c7/wa3/3EB0ABC-image-3EB0ABC.jpg',
      name: 'image-3EB0ABC.jpg',
      mimeType: 'image/jpeg',
      size: 3,
    });
    expect(s.files.get('c7/wa3/3EB0ABC-image-3EB0ABC.jpg')?.mimeType).toBe('image/jpeg');
    expect(inboundMediaKey(1, 2, 'a/b', '../x y.pdf')).toBe('c1/wa2/a_b-.._x_y.pdf');
  });

  it('keeps the message with a clear text when the type is refused, the file is too large, or the download fails', async () => {
    const s = sink();
    const errors: unknown[] = [];
    const refused = await takeInMedia(
      { ...event, body: '' },
      { mimeType: 'application/x-msdownload', fileName: 'setup.exe' },
      async () => Buffer.from('MZ'),
      s,
      (e) => errors.push(e),
    );
    expect(refused).toMatchObject({ body: '[file type not accepted: setup.exe]' });
    expect(refused.media).toBeUndefined();
    const large = await takeInMedia(
      event,
      { mimeType: 'video/mp4', fileName: 'v.mp4', size: MAX_MEDIA_BYTES + 1 },
      async () => Buffer.alloc(1),
      s,
      () => undefined,
    );
    expect(large.body).toBe('foto\n[file too large: v.mp4]');
    const failed = await takeInMedia(
      event,
      { mimeType: 'image/jpeg', fileName: 'i.jpg' },
      async () => Promise.reject(new Error('bad decrypt')),
      s,
      (e) => errors.push(e),
    );
    expect(failed.body).toBe('foto\n[file could not be downloaded: i.jpg]');
    expect(errors).toHaveLength(1);
    expect(s.files.size).toBe(0);
  });

  it('serves a file by an allowed type only, with an extension of that type', () => {
    expect(acceptedType({ mimeType: 'audio/ogg; codecs=opus', fileName: 'voice-1.ogg' })).toEqual({
      mimeType: 'audio/ogg',
      fileName: 'voice-1.ogg',
    });
    // WhatsApp sends some documents as octet-stream: the name's type counts then
    expect(acceptedType({ mimeType: 'application/octet-stream', fileName: 'planilha.xlsx' })).toEqual({
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: 'planilha.xlsx',
    });
    expect(acceptedType({ mimeType: 'application/pdf', fileName: 'boleto' })).toEqual({
      mimeType: 'application/pdf',
      fileName: 'boleto.pdf',
    });
    expect(acceptedType({ mimeType: 'text/html', fileName: 'page.html' })).toBeUndefined();
  });
});
