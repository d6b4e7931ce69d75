import { describe, expect, it } from 'vitest';
import { MalformedMultipart, multipartBoundary, parseMultipart } from './multipart.ts';

/** What a browser's FormData or curl -F sends, made by the platform's own encoder. */
const encode = async (form: FormData): Promise<{ body: Buffer; type: string }> => {
  const request = new Request('http://x/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
};

describe('multipartBoundary', () => {
  it('reads the boundary of multipart/form-data only, quoted or not', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b:c"')).toBe('a b:c');
    expect(multipartBoundary('application/json')).toBeUndefined();
    expect(multipartBoundary('multipart/form-data')).toBeUndefined();
    expect(multipartBoundary(undefined)).toBeUndefined();
  });
});

describe('parseMultipart', () => {
  it('reads text fields and files (names in UTF-8, bytes untouched) as FormData encodes them', async () => {
    const bytes = Buffer.from([0, 1, 2, 13, 10, 45, 45, 255, 254]);
    const form = new FormData();
    form.set('number', '5511999998888');
    form.set('body', 'Olá\r\nmundo');
    form.append('medias', new Blob([bytes], { type: 'application/pdf' }), 'relatório.pdf');
    form.append('medias', new Blob(['hi'], { type: 'text/plain' }), 'b.txt');
    const { body, type } = await encode(form);
    const parsed = parseMultipart(body, multipartBoundary(type)!);
    expect(parsed.fields).toEqual({ number: '5511999998888', body: 'Olá\r\nmundo' });
    expect(parsed.files.map((f) => ({ field: f.field, name: f.name, mimeType: f.mimeType }))).toEqual([
      { field: 'medias', name: 'relatório.pdf', mimeType: 'application/pdf' },
      { field: 'medias', name: 'b.txt', mimeType: 'text/plain' },
    ]);
    expect(Buffer.compare(parsed.files[0]!.data, bytes)).toBe(0);
    expect(parsed.files[1]!.data.toString()).toBe('hi');
  });

  it('reads an RFC 5987 file name and an empty form', () => {
    const raw = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="medias"; filename*=UTF-8\'\'a%20%C3%A7.png\r\nContent-Type: image/png\r\n\r\nPNG\r\n--b--\r\n',
    );
    expect(parseMultipart(raw, 'b').files[0]).toMatchObject({ name: 'a ç.png', mimeType: 'image/png' });
    expect(parseMultipart(Buffer.from('--b--\r\n'), 'b')).toEqual({ fields: {}, files: [] });
  });

  it.each([
    ['no boundary at all', 'hello'],
    ['a part that never ends', '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue'],
    ['a part without a name', '--b\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--b--'],
    ['a part that is not form-data', '--b\r\nContent-Disposition: attachment; name="a"\r\n\r\nv\r\n--b--'],
    ['a bad header line', '--b\r\nno colon here\r\n\r\nv\r\n--b--'],
    ['a bad delimiter line', '--bXX\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--b--'],
  ])('refuses %s', (_what, text) => {
    expect(() => parseMultipart(Buffer.from(text), 'b')).toThrow(MalformedMultipart);
  });

  it('refuses more than 50 parts', () => {
    const part = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n';
    expect(() => parseMultipart(Buffer.from(part.repeat(51) + '--b--'), 'b')).toThrow(/Too many parts/);
    expect(parseMultipart(Buffer.from(part.repeat(50) + '--b--'), 'b').fields).toEqual({ a: 'v' });
  });
});
