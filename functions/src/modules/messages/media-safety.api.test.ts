/**
 * A file sent in a ticket or attached to a quick reply is never active content: types outside the allow-list
 * and names whose extension is not their type's are refused before anything is stored, and every stored file is
 * served with nosniff and a sandbox policy, downloaded unless it is an image, audio or video shown safely.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldPathsOf, startApi } from '../../../../test/api.ts';
import { signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { blobStore, localMediaPath } from '../../platform/ports/blob-store.ts';

let runtime: Runtime;
let company: TestCompany;
let ticketId: number;

const refused: [string, string, string[]][] = [
  ['page.svg', 'image/svg+xml', ['body.mimeType']],
  ['page.html', 'text/html', ['body.mimeType']],
  ['page.xhtml', 'application/xhtml+xml', ['body.mimeType']],
  ['script.js', 'text/javascript', ['body.mimeType']],
  ['setup.exe', 'application/x-msdownload', ['body.mimeType']],
  ['photo.html', 'image/png', ['body.name']],
  ['photo', 'image/png', ['body.name']],
  ['report.svg', 'application/pdf', ['body.name']],
];

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Arquivos');
  const visitor = await new Visitor(runtime, company.webchatToken).start('Lia Arquivo');
  await visitor.say('oi');
  await runtime.drainQueues();
  const list = await company.admin.get('/tickets?status=pending');
  ticketId = list.body.tickets.find((t: { contact: { name: string } }) => t.contact.name === 'Lia Arquivo').id;
  await company.admin.put(`/tickets/${ticketId}`, { status: 'open', userId: company.adminId });
});

afterAll(async () => {
  await runtime?.stop();
});

const upload = async (name: string, mimeType: string, bytes: Buffer) => {
  const target = await company.admin.post(`/messages/${ticketId}/upload-url`, { name, mimeType, size: bytes.length });
  expect(target.status, JSON.stringify(target.body)).toBe(200);
  const put = await fetch(target.body.uploadUrl, { method: 'PUT', headers: target.body.headers, body: bytes });
  expect(put.status).toBe(200);
  return target.body.key as string;
};

describe('uploads', () => {
  it.each(refused)('refuses %s declared as %s on the ticket upload, naming the field', async (name, mimeType, fields) => {
    const res = await company.admin.post(`/messages/${ticketId}/upload-url`, { name, mimeType, size: 100 });
    expect(res.status).toBe(400);
    expect(fieldPathsOf(res.body)).toEqual(fields);
  });

  it('refuses the same files on the quick-reply upload and keeps the reply without media', async () => {
    const reply = await company.admin.post('/quick-messages', { shortcode: 'arquivo', message: 'Segue o arquivo' });
    expect(reply.status).toBe(201);
    for (const [name, mimeType, fields] of refused) {
      const res = await company.admin.post(`/quick-messages/${reply.body.id}/media-upload`, { name, mimeType, size: 100 });
      expect(res.status, name).toBe(400);
      expect(fieldPathsOf(res.body), name).toEqual(fields);
    }
    expect((await company.admin.get(`/quick-messages/${reply.body.id}`)).body).toMatchObject({ isMedia: false, mediaPath: null });
  });

  it('refuses a send that names a refused file', async () => {
    const res = await company.admin.post(`/messages/${ticketId}`, {
      body: 'x',
      media: { key: `c${company.companyId}/t${ticketId}/x.svg`, name: 'x.svg', mimeType: 'image/svg+xml', size: 10 },
    });
    expect(res.status).toBe(400);
    expect(fieldPathsOf(res.body)).toEqual(['body.media.mimeType']);
  });

  it('accepts documents, recordings with codec parameters and vCards', async () => {
    for (const [name, mimeType] of [
      ['contrato.pdf', 'application/pdf'],
      ['planilha.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['audio-1.webm', 'audio/webm;codecs=opus'],
      ['notas.txt', 'text/plain'],
      ['ana.vcf', 'text/vcard'],
      ['FOTO.JPG', 'image/jpeg'],
    ]) {
      const res = await company.admin.post(`/messages/${ticketId}/upload-url`, { name, mimeType, size: 100 });
      expect(res.status, name).toBe(200);
    }
  });
});

describe('serving stored files', () => {
  it('serves a PDF as a download with nosniff and a sandbox policy', async () => {
    const key = await upload('contrato final.pdf', 'application/pdf', Buffer.from('%PDF-1.4 contrato'));
    const sent = await company.admin.post(`/messages/${ticketId}`, {
      body: 'segue',
      media: { key, name: 'contrato final.pdf', mimeType: 'application/pdf', size: 17 },
    });
    expect(sent.status).toBe(201);
    const file = await fetch(`${runtime.url}${sent.body.mediaUrl}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="contrato_final.pdf"; filename*=UTF-8''contrato_final.pdf`,
    );
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('shows a PNG inline, still with nosniff and the sandbox policy', async () => {
    const key = await upload('foto.png', 'image/png', Buffer.alloc(64, 1));
    const file = await fetch(`${runtime.url}${await blobStore().downloadUrl(key)}`);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="foto\.png"/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('serves a file stored earlier as SVG or HTML as an inert download, never inline', async () => {
    for (const [name, type] of [
      ['01HZX3K4M5N6P7Q8R9S0T1V2W3-logo.svg', 'image/svg+xml'],
      ['01HZX3K4M5N6P7Q8R9S0T1V2W4-page.html', 'text/html'],
    ]) {
      const key = `c${company.companyId}/t${ticketId}/${name}`;
      const file = localMediaPath(key)!;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      writeFileSync(`${file}.meta.json`, JSON.stringify({ contentType: type }));
      const res = await fetch(`${runtime.url}${await blobStore().downloadUrl(key)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="(logo\.svg|page\.html)"/);
      expect(res.headers.get('content-security-policy')).toBe('sandbox');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
