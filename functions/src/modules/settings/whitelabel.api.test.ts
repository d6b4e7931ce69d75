import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, fieldsOf, signInSuperUser, startApi } from '../../../../test/api.ts';
import { signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let root: ApiClient;
let company: TestCompany;

beforeAll(async () => {
  runtime = await startApi();
  root = await signInSuperUser(runtime);
  company = await signupCompany(runtime, 'Brand Co');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('white label', () => {
  it('reads the default branding without signing in', async () => {
    const res = await new ApiClient(runtime.url).get('/settings-whitelabel');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      appName: 'Switchboard',
      primaryColorLight: '#0000FF',
      primaryColorDark: '#39ACE7',
      appLogoLight: null,
      appLogoDark: null,
      appLogoFavicon: null,
    });
  });

  it('the super user changes name and colours, and visitors read them', async () => {
    const res = await root.put('/settings-whitelabel', {
      appName: 'Central Atende',
      primaryColorLight: '#112233',
      primaryColorDark: '#a1b2c3',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ appName: 'Central Atende', primaryColorLight: '#112233', primaryColorDark: '#A1B2C3' });
    const visitor = new ApiClient(runtime.url);
    expect((await visitor.get('/public-settings/appName')).body).toEqual({ key: 'appName', value: 'Central Atende' });
    expect((await visitor.get('/public-settings/primaryColorDark')).body.value).toBe('#A1B2C3');
    const bad = await root.put('/settings-whitelabel', { primaryColorLight: 'blue' });
    expect(fieldsOf(bad.body)).toEqual({ 'body.primaryColorLight': 'Invalid colour' });
  });

  it('uploads a logo per mode (Light, Dark or Favicon) and every reader gets an address of it', async () => {
    for (const mode of ['Light', 'Dark', 'Favicon'] as const) {
      const res = await root.post('/settings-whitelabel/logo', {
        mode,
        name: `logo-${mode}.png`,
        mimeType: 'image/png',
        size: 4,
      });
      expect(res.status).toBe(200);
      const put = await fetch(res.body.uploadUrl, {
        method: 'PUT',
        headers: res.body.headers,
        body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      });
      expect(put.ok).toBe(true);
    }
    const read = await new ApiClient(runtime.url).get('/settings-whitelabel');
    for (const key of ['appLogoLight', 'appLogoDark', 'appLogoFavicon']) {
      expect(read.body[key]).toEqual(expect.any(String));
      expect((await fetch(new URL(read.body[key], runtime.url))).status).toBe(200);
    }
    expect((await new ApiClient(runtime.url).get('/public-settings/appLogoDark')).body.value).toEqual(expect.any(String));
    const badMode = await root.post('/settings-whitelabel/logo', { mode: 'Huge', name: 'x.png', mimeType: 'image/png', size: 4 });
    expect(Object.keys(fieldsOf(badMode.body))).toEqual(['body.mode']);
    const svg = await root.post('/settings-whitelabel/logo', {
      mode: 'Light',
      name: 'x.svg',
      mimeType: 'image/svg+xml',
      size: 4,
    });
    expect(svg.status).toBe(400);
  });

  it('refuses the editor to a company admin (403)', async () => {
    expect((await company.admin.put('/settings-whitelabel', { appName: 'Mine' })).status).toBe(403);
    expect(
      (await company.admin.post('/settings-whitelabel/logo', { mode: 'Light', name: 'x.png', mimeType: 'image/png', size: 4 }))
        .status,
    ).toBe(403);
  });
});
