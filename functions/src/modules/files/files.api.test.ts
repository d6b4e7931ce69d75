import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, fieldsOf, SocketProbe, startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let company: TestCompany;
let other: TestCompany;
let agent: { client: ApiClient; id: number };

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Files Co');
  other = await signupCompany(runtime, 'Other Files Co');
  agent = await addAgent(runtime, company);
});
afterAll(async () => {
  await runtime?.stop();
});

describe('file lists', () => {
  it('creates a list with options, uploads a file per option through the blob store and serves it as a download', async () => {
    const created = await company.admin.post('/files', {
      name: 'Catálogo',
      message: 'Nossos arquivos',
      options: [{ name: 'Tabela de preços' }, { name: 'Foto' }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Catálogo',
      message: 'Nossos arquivos',
      options: [
        { id: 1, name: 'Tabela de preços', fileName: null, url: null },
        { id: 2, name: 'Foto' },
      ],
    });
    const upload = await company.admin.post(`/files/${created.body.id}/upload`, {
      optionId: 1,
      name: 'precos.pdf',
      mimeType: 'application/pdf',
      size: 9,
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const put = await fetch(new URL(upload.body.uploadUrl, runtime.url), {
      method: 'PUT',
      headers: upload.body.headers,
      body: '%PDF-1.4\n',
    });
    expect(put.status).toBeLessThan(300);
    const shown = (await company.admin.get(`/files/${created.body.id}`)).body;
    expect(shown.options[0]).toMatchObject({ fileName: 'precos.pdf', mediaType: 'application/pdf' });
    const served = await fetch(new URL(shown.options[0].url, runtime.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('refuses active content (HTML, SVG) and a name whose extension does not match its type', async () => {
    const list = (await company.admin.post('/files', { name: 'Perigosos', message: 'Arquivos', options: [{ name: 'Página' }] }))
      .body;
    for (const file of [
      { name: 'x.html', mimeType: 'text/html' },
      { name: 'x.svg', mimeType: 'image/svg+xml' },
      { name: 'x.html', mimeType: 'image/png' },
    ]) {
      const res = await company.admin.post(`/files/${list.id}/upload`, { optionId: list.options[0].id, size: 10, ...file });
      expect(res.status).toBe(400);
    }
    expect(
      (await company.admin.post(`/files/${list.id}/upload`, { optionId: 99, name: 'x.png', mimeType: 'image/png', size: 10 }))
        .status,
    ).toBe(404);
  });

  it('keeps the files of options still named on update, adds new ones and drops the others', async () => {
    const list = (
      await company.admin.post('/files', {
        name: 'Mudanças',
        message: 'Arquivos',
        options: [{ name: 'Um arquivo' }, { name: 'Dois arquivos' }],
      })
    ).body;
    await company.admin.post(`/files/${list.id}/upload`, {
      optionId: list.options[0].id,
      name: 'um.png',
      mimeType: 'image/png',
      size: 10,
    });
    const res = await company.admin.put(`/files/${list.id}`, {
      name: 'Mudanças 2',
      message: 'Arquivos',
      options: [{ id: list.options[0].id, name: 'Um renomeado' }, { name: 'Três arquivos' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.options).toMatchObject([
      { id: list.options[0].id, name: 'Um renomeado', fileName: 'um.png' },
      { id: 3, name: 'Três arquivos', fileName: null },
    ]);
  });

  it('lists by name prefix with paging, and the pickers get every name', async () => {
    for (const name of ['Zeta 1', 'Zeta 2'])
      expect((await company.admin.post('/files', { name, message: 'Arquivos' })).status).toBe(201);
    const found = await company.admin.get('/files?searchParam=zeta&pageNumber=1');
    expect(found.body).toMatchObject({ hasMore: false, files: [{ name: 'Zeta 1' }, { name: 'Zeta 2' }] });
    expect((await company.admin.get('/files/list')).body.map((f: { name: string }) => f.name)).toContain('Zeta 2');
    expect((await other.admin.get('/files')).body.files).toEqual([]);
  });

  it('validates the name, deletes with a live event, and answers 404 to another company and 403 to a profile user', async () => {
    const short = await company.admin.post('/files', { name: 'ab', message: 'Arquivos' });
    expect(short.status).toBe(400);
    expect(fieldsOf(short.body)).toEqual({ 'body.name': 'nombre muy corto' });
    expect(fieldsOf((await company.admin.post('/files', { name: 'Sem mensagem' })).body)).toEqual({
      'body.message': 'Requerido',
    });
    expect(fieldsOf((await company.admin.post('/files', { name: 'Sem mensagem', message: '   ' })).body)).toEqual({
      'body.message': 'Requerido',
    });
    expect((await company.admin.get('/files?searchParam=sem')).body.files).toEqual([]);
    const list = (await company.admin.post('/files', { name: 'Apagar', message: 'Arquivos' })).body;
    expect(fieldsOf((await company.admin.put(`/files/${list.id}`, { name: 'Apagar', message: '' })).body)).toEqual({
      'body.message': 'Requerido',
    });
    expect((await other.admin.get(`/files/${list.id}`)).status).toBe(404);
    expect((await other.admin.delete(`/files/${list.id}`)).status).toBe(404);
    expect((await agent.client.get('/files')).status).toBe(403);
    expect((await agent.client.delete(`/files/${list.id}`)).status).toBe(403);
    const socket = await SocketProbe.open(runtime.url, `token=${agent.client.token}`);
    try {
      expect((await company.admin.delete(`/files/${list.id}`)).body).toEqual({ ok: true });
      expect((await socket.waitFor((f) => f.event === `company${company.companyId}-file`)).data).toEqual({
        action: 'delete',
        fileId: list.id,
      });
    } finally {
      await socket.close();
    }
    expect((await company.admin.get(`/files/${list.id}`)).status).toBe(404);
  });
});
