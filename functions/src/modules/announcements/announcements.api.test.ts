import { describe, expect, it } from 'vitest';
import { fieldsOf, SocketProbe } from '../../../../test/api.ts';
import { useCompanyApi } from '../../../../test/inbox.ts';

const api = useCompanyApi('Announcements Co', { agent: true });

describe('announcements', () => {
  it('the super user writes one (priority 3 and active by default); every company hears of it and reads the active ones', async () => {
    const probe = await SocketProbe.open(api.runtime.url, `token=${api.agent.client.token}`);
    const created = await api.root.post('/announcements', { title: 'Manutenção', text: 'Sábado às 22h' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Manutenção',
      text: 'Sábado às 22h',
      priority: 3,
      status: true,
      mediaName: null,
      mediaUrl: null,
    });
    await probe.waitFor((f) => f.event === 'company-announcement' && (f.data as { action: string }).action === 'create');
    await probe.close();
    const urgent = await api.root.post('/announcements', { title: 'Urgente', text: 'Agora', priority: 1 });
    const hidden = await api.root.post('/announcements', { title: 'Rascunho', text: 'Ainda não', status: false });
    const seen = await api.agent.client.get('/announcements/for-company');
    expect(seen.body.map((a: { title: string }) => a.title)).toEqual(['Urgente', 'Manutenção']);
    const all = await api.root.get('/announcements');
    expect(all.body.map((a: { id: number }) => a.id)).toEqual([hidden.body.id, urgent.body.id, created.body.id]);
    expect((await api.root.get('/announcements?searchParam=urgen')).body.map((a: { title: string }) => a.title)).toEqual([
      'Urgente',
    ]);
    const changed = await api.root.put(`/announcements/${hidden.body.id}`, {
      title: 'Publicado',
      text: 'Já',
      priority: 2,
      status: true,
    });
    expect(changed.body).toMatchObject({ title: 'Publicado', priority: 2, status: true });
    expect((await api.root.delete(`/announcements/${urgent.body.id}`)).status).toBe(200);
    expect((await api.company.admin.get('/announcements/for-company')).body.map((a: { title: string }) => a.title)).toEqual([
      'Publicado',
      'Manutenção',
    ]);
    expect((await api.root.delete(`/announcements/${urgent.body.id}`)).status).toBe(404);
  });

  it('takes a png or jpeg image through a signed upload and removes it', async () => {
    const a = await api.root.post('/announcements', { title: 'Com imagem', text: 'Veja' });
    const refused = await api.root.post(`/announcements/${a.body.id}/media-upload`, {
      name: 'x.gif',
      mimeType: 'image/gif',
      size: 10,
    });
    expect(fieldsOf(refused.body)).toEqual({ 'body.mimeType': 'This type of file is not accepted' });
    const upload = await api.root.post(`/announcements/${a.body.id}/media-upload`, {
      name: 'banner.png',
      mimeType: 'image/png',
      size: 4,
    });
    expect(upload.status).toBe(200);
    expect(upload.body.announcement).toMatchObject({ mediaName: 'banner.png', mediaUrl: expect.any(String) });
    const put = await fetch(upload.body.uploadUrl, {
      method: 'PUT',
      headers: upload.body.headers,
      body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(put.ok).toBe(true);
    const removed = await api.root.delete(`/announcements/${a.body.id}/media-upload`);
    expect(removed.body).toMatchObject({ mediaName: null, mediaUrl: null });
  });

  it('requires a title and a text (Requerido)', async () => {
    const bad = await api.root.post('/announcements', { title: ' ', priority: 4 });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toMatchObject({
      'body.title': 'Requerido',
      'body.text': 'Requerido',
      'body.priority': expect.any(String),
    });
  });

  it('refuses the announcements administration to a company admin and a user (403)', async () => {
    for (const client of [api.company.admin, api.agent.client]) {
      expect((await client.get('/announcements')).status).toBe(403);
      expect((await client.post('/announcements', { title: 'Mine', text: 'x' })).status).toBe(403);
      expect((await client.put('/announcements/1', { title: 'Mine', text: 'x' })).status).toBe(403);
      expect((await client.delete('/announcements/1')).status).toBe(403);
      expect(
        (await client.post('/announcements/1/media-upload', { name: 'x.png', mimeType: 'image/png', size: 10 })).status,
      ).toBe(403);
      expect((await client.delete('/announcements/1/media-upload')).status).toBe(403);
    }
  });
});
