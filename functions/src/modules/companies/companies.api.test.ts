import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ApiClient, fieldsOf, mailedLink, signInSuperUser, startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { mediaUsagesOf } from './company-media-usage.service.ts';

let runtime: Runtime;
let root: ApiClient;
let company: TestCompany;
let agent: { client: ApiClient };

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

beforeAll(async () => {
  runtime = await startApi();
  root = await signInSuperUser(runtime);
  company = await signupCompany(runtime, 'Existing Co');
  agent = await addAgent(runtime, company);
});
afterAll(async () => {
  await runtime?.stop();
});

describe('companies of the super user', () => {
  it('creates a company with its first admin, who signs in, and shows every column of the table', async () => {
    const email = `acme${unique()}@example.com`;
    const res = await root.post('/companies', {
      name: 'Acme Ltda',
      email,
      phone: '5511988887777',
      planId: 1,
      dueDate: '2030-01-31T12:00:00.000Z',
      recurrence: 'TRIMESTRAL',
      document: '12345678000199',
      paymentMethod: 'pix',
      password: 'acme-pass-1',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Acme Ltda',
      email,
      phone: '5511988887777',
      planId: 1,
      planName: 'Plano Completo',
      planAmount: '0.00',
      status: true,
      dueDate: '2030-01-31T12:00:00.000Z',
      recurrence: 'TRIMESTRAL',
      document: '12345678000199',
      paymentMethod: 'pix',
      createdAt: expect.any(String),
      lastLogin: null,
      folderSize: 0,
      totalFiles: 0,
      lastFolderUpdate: null,
    });
    const admin = new ApiClient(runtime.url);
    const login = await admin.login(email, 'acme-pass-1');
    expect(login.status).toBe(200);
    expect(login.body.user.profile).toBe('admin');
    expect((await root.get(`/companies/${res.body.id}`)).body.lastLogin).toEqual(expect.any(String));
  });

  it('pages the companies in id order and finds them by name or e-mail', async () => {
    const first = await root.get('/companies?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.companies).toHaveLength(2);
    expect(first.body.companies[0].id).toBe(1);
    expect(first.body.hasMore).toBe(true);
    const second = await root.get(`/companies?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body.companies[0].id).toBeGreaterThan(first.body.companies[1].id);
    const found = await root.get('/companies?searchParam=ACME');
    expect(found.body.companies.map((c: { name: string }) => c.name)).toEqual(['Acme Ltda']);
  });

  it('changes a company, keeps company 1 active and unexpiring, and refuses an unknown plan', async () => {
    const changed = await root.put(`/companies/${company.companyId}`, {
      name: 'Renamed Co',
      status: false,
      dueDate: '2031-05-10T00:00:00.000Z',
      recurrence: 'ANUAL',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Renamed Co',
      status: false,
      dueDate: '2031-05-10T00:00:00.000Z',
      recurrence: 'ANUAL',
    });
    const platform = await root.put('/companies/1', { status: false, dueDate: '2020-01-01T00:00:00.000Z' });
    expect(platform.body).toMatchObject({ status: true, dueDate: '2999-12-31T23:59:59.000Z' });
    const badPlan = await root.put(`/companies/${company.companyId}`, { planId: 999 });
    expect(fieldsOf(badPlan.body)).toEqual({ 'body.planId': 'Unknown plan' });
    expect((await root.put('/companies/99999', { name: 'Nobody' })).status).toBe(404);
  });

  it('validates the form as the spec says (name, e-mail, plan)', async () => {
    const bad = await root.post('/companies', { name: 'A', email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toMatchObject({
      'body.name': 'Nombre requerido',
      'body.email': 'Invalid email',
      'body.planId': 'Required',
    });
    const taken = await root.post('/companies', { name: 'Copy Co', email: ADMIN_EMAIL, planId: 1 });
    expect(taken.body.error).toBe('ERR_DUPLICATED_EMAIL');
    expect((await root.post('/companies', { name: 'Copy Co', email: `x${unique()}@example.com`, planId: 999 })).status).toBe(400);
  });

  it('gives a company created without a password no password anyone knows: its admin chooses one through the mailed link', async () => {
    const email = `invited${unique()}@example.com`;
    const created = await root.post('/companies', { name: 'Invited Co', email, planId: 1 });
    expect(created.status).toBe(201);
    const admin = new ApiClient(runtime.url);
    expect((await admin.login(email, '123456')).status).toBe(401);

    const link = mailedLink(email);
    expect(link.pathname).toBe('/forgetpsw');
    expect(link.searchParams.get('email')).toBe(email);
    const chosen = await new ApiClient(runtime.url).post('/resetpasswords', {
      email,
      token: link.searchParams.get('token'),
      newPassword: 'invited-pass-1',
    });
    expect(chosen.status).toBe(200);
    const login = await admin.login(email, 'invited-pass-1');
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ profile: 'admin', companyId: created.body.id });
  });

  it('mails the new admin a link to choose a password that expires three days after it was sent', async () => {
    const email = `invited-late${unique()}@example.com`;
    const sentAt = Date.now();
    runtime.setClock({ at: sentAt });
    try {
      expect((await root.post('/companies', { name: 'Late Co', email, planId: 1 })).status).toBe(201);
      const token = mailedLink(email).searchParams.get('token');
      const client = new ApiClient(runtime.url);
      const threeDays = 3 * 24 * 60 * 60_000;

      runtime.setClock({ at: sentAt + threeDays + 1000 });
      const late = await client.post('/resetpasswords', { email, token, newPassword: 'late-pass-1' });
      expect(late).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_RESET_TOKEN' } });
      runtime.setClock({ at: sentAt + threeDays - 1000 });
      expect((await client.post('/resetpasswords', { email, token, newPassword: 'in-time-pass-1' })).status).toBe(200);
    } finally {
      runtime.setClock(undefined);
    }
    expect((await new ApiClient(runtime.url).login(email, 'in-time-pass-1')).status).toBe(200);
  });

  it('refuses a password shorter than 8 characters on body.password and creates nothing', async () => {
    const email = `short${unique()}@example.com`;
    const res = await root.post('/companies', { name: 'Short Co', email, planId: 1, password: '123456' });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual({ 'body.password': 'At least 8 characters' });
    expect((await root.get(`/companies?searchParam=${encodeURIComponent(email)}`)).body.companies).toEqual([]);
    expect((await new ApiClient(runtime.url).login(email, '123456')).status).toBe(401);
  });

  it("shows each company's stored media (size, files, newest file) as measured by a job, and measures it again only when old", async () => {
    const email = `media${unique()}@example.com`;
    const created = await root.post('/companies', { name: 'Media Co', email, planId: 1, password: 'media-pass-1' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const usage = async () => {
      const body = (await root.get(`/companies?searchParam=${encodeURIComponent('Media Co')}`)).body;
      return body.companies.find((c: { id: number }) => c.id === id);
    };
    /** the table's read `hours` on (the service the route calls: a token would expire): an old measure is taken again */
    const readLater = async (hours: number) => {
      runtime.setClock({ offset: hours * 60 * 60_000 });
      try {
        await mediaUsagesOf([id]);
        await runtime.idleQueues();
      } finally {
        runtime.setClock(undefined);
      }
    };
    // the new company was measured at once (nothing stored yet)
    await runtime.idleQueues();
    expect(await usage()).toMatchObject({ folderSize: 0, totalFiles: 0, lastFolderUpdate: null });

    await blobStore().put(`c${id}/in2/01J0000000000000000000000D-a.jpg`, Buffer.alloc(1000), 'image/jpeg');
    await blobStore().put(`c${id}/u1/01J0000000000000000000000E-b.png`, Buffer.alloc(24), 'image/png');
    // within the hour the last measure stands: no listing on every read
    await usage();
    await runtime.idleQueues();
    expect(await usage()).toMatchObject({ folderSize: 0, totalFiles: 0 });

    await readLater(1.1);
    const row = await usage();
    expect(row).toMatchObject({ folderSize: 1024, totalFiles: 2, lastFolderUpdate: expect.any(String) });
    expect(Date.now() - new Date(row.lastFolderUpdate).getTime()).toBeLessThan(60_000);

    await blobStore().put(`c${id}/in2/01J0000000000000000000000F-c.jpg`, Buffer.alloc(6), 'image/jpeg');
    await readLater(2.2);
    expect((await root.get(`/companies/${id}`)).body).toMatchObject({ folderSize: 1030, totalFiles: 3 });
  });

  it('deletes a company: its users are out at once and a job removes its data and its media files, freeing its e-mail', async () => {
    const email = `gone${unique()}@example.com`;
    const created = await root.post('/companies', { name: 'Gone Co', email, planId: 1, password: 'gone-pass-1' });
    const admin = new ApiClient(runtime.url);
    expect((await admin.login(email, 'gone-pass-1')).status).toBe(200);
    expect((await admin.post('/contacts', { name: 'Contact of Gone', number: '5511977776666' })).status).toBe(201);
    // media the company stored (a received file, a profile picture) and another company's, which stays
    const own = [
      `c${created.body.id}/in2/01J0000000000000000000000A-photo.jpg`,
      `c${created.body.id}/u1/01J0000000000000000000000B-me.png`,
    ];
    const other = `c${company.companyId}/in2/01J0000000000000000000000C-keep.jpg`;
    for (const key of [...own, other]) await blobStore().put(key, Buffer.from('bytes'), 'image/jpeg');
    expect((await root.delete(`/companies/${created.body.id}`)).status).toBe(200);
    expect((await root.get(`/companies/${created.body.id}`)).status).toBe(404);
    expect((await admin.get('/contacts')).status).toBeGreaterThanOrEqual(400);
    // the purge job runs on the jobs queue: the e-mail becomes free once the user's marker is gone
    let again = await root.post('/companies', { name: 'Gone Again', email, planId: 1 });
    for (let i = 0; i < 50 && again.status !== 201; i++) {
      await new Promise((r) => setTimeout(r, 200));
      again = await root.post('/companies', { name: 'Gone Again', email, planId: 1 });
    }
    expect(again.status).toBe(201);
    for (let i = 0; i < 50 && (await blobStore().size(own[0]!)) !== undefined; i++) await new Promise((r) => setTimeout(r, 100));
    for (const key of own) expect(await blobStore().size(key)).toBeUndefined();
    expect(await blobStore().size(other)).toBe(5);
    expect((await root.delete('/companies/1')).status).toBe(403);
  });

  it('refuses the companies screen to a company admin and to a user (403)', async () => {
    for (const client of [company.admin, agent.client]) {
      expect((await client.get('/companies')).status).toBe(403);
      expect((await client.get(`/companies/${company.companyId}`)).status).toBe(403);
      expect((await client.post('/companies', { name: 'Mine', email: `m${unique()}@example.com`, planId: 1 })).status).toBe(403);
      expect((await client.put(`/companies/${company.companyId}`, { name: 'Mine' })).status).toBe(403);
      expect((await client.delete(`/companies/${company.companyId}`)).status).toBe(403);
    }
  });
});
