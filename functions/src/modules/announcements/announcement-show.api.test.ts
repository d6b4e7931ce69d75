import { describe, expect, it } from 'vitest';
import { addAgent, useCompanyApi } from '../../../../test/inbox.ts';

const api = useCompanyApi('Announcement Reader Co');

describe('GET /announcements/{id}', () => {
  it('shows the super user one announcement as it was saved, and 404 once it is gone', async () => {
    const created = await api.root.post('/announcements', {
      title: 'Nova versão',
      text: 'Leia as novidades',
      priority: 2,
      status: false,
    });
    expect(created.status).toBe(201);
    const shown = await api.root.get(`/announcements/${created.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(created.body);
    expect(
      (await api.root.put(`/announcements/${created.body.id}`, { title: 'Versão 2', text: 'Leia', priority: 1, status: true }))
        .status,
    ).toBe(200);
    expect((await api.root.get(`/announcements/${created.body.id}`)).body).toMatchObject({
      title: 'Versão 2',
      priority: 1,
      status: true,
    });
    expect((await api.root.delete(`/announcements/${created.body.id}`)).status).toBe(200);
    expect((await api.root.get(`/announcements/${created.body.id}`)).status).toBe(404);
  });

  it('answers 400 naming the id when it is not one', async () => {
    const res = await api.root.get('/announcements/abc');
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { path: string }) => f.path)).toEqual(['params.id']);
  });

  it("refuses a company's admin and users (403): announcements are the super user's (spec document 3 section 6)", async () => {
    const created = await api.root.post('/announcements', { title: 'Só para o super', text: 'x' });
    const agent = await addAgent(api.runtime, api.company);
    for (const client of [api.company.admin, agent.client]) {
      const res = await client.get(`/announcements/${created.body.id}`);
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('Só para o super');
    }
  });
});
