import { describe, expect, it } from 'vitest';
import { fieldsOf } from '../../../../test/api.ts';
import { useCompanyApi } from '../../../../test/inbox.ts';

const api = useCompanyApi('Helps Co', { agent: true });

describe('help videos', () => {
  it('starts empty, and the super user adds, changes and removes entries every user reads', async () => {
    expect((await api.agent.client.get('/helps/list')).body).toEqual([]);
    const created = await api.root.post('/helps', {
      title: 'Primeiros passos',
      video: 'dQw4w9WgXcQ',
      description: 'Como começar',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      title: 'Primeiros passos',
      video: 'dQw4w9WgXcQ',
      description: 'Como começar',
    });
    expect((await api.agent.client.get('/helps/list')).body).toEqual([created.body]);
    const changed = await api.root.put(`/helps/${created.body.id}`, { title: 'Começando', video: 'abc-123_X' });
    expect(changed.body).toEqual({ id: created.body.id, title: 'Começando', video: 'abc-123_X', description: '' });
    expect((await api.root.delete(`/helps/${created.body.id}`)).status).toBe(200);
    expect((await api.company.admin.get('/helps/list')).body).toEqual([]);
    expect((await api.root.put(`/helps/${created.body.id}`, { title: 'x', video: 'y' })).status).toBe(404);
    expect((await api.root.delete(`/helps/${created.body.id}`)).status).toBe(404);
  });

  it('requires a title and a video code', async () => {
    const bad = await api.root.post('/helps', { title: '', video: 'not a code!' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual({ 'body.title': 'Required', 'body.video': 'Invalid video code' });
  });

  it('refuses writing help entries to a company admin and a user (403)', async () => {
    for (const client of [api.company.admin, api.agent.client]) {
      expect((await client.post('/helps', { title: 'Mine', video: 'abc' })).status).toBe(403);
      expect((await client.put('/helps/1', { title: 'Mine', video: 'abc' })).status).toBe(403);
      expect((await client.delete('/helps/1')).status).toBe(403);
    }
  });
});
