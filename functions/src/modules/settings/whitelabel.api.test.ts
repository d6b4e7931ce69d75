import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiClient, fieldsOf } from '../../../../test/api.ts';
import { useCompanyApi } from '../../../../test/inbox.ts';

const webPublic = fileURLToPath(new URL('../../../../web/public', import.meta.url));
const api = useCompanyApi('Brand Co');

describe('white label', () => {
  it('reads the default branding without signing in', async () => {
    const res = await new ApiClient(api.runtime.url).get('/settings-whitelabel');
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

  it('answers the installable app manifest without signing in: the product name, the inbox, its own icons', async () => {
    const res = await new ApiClient(api.runtime.url).get('/app-manifest');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Switchboard',
      short_name: 'Switchboard',
      start_url: '/tickets',
      scope: '/',
      display: 'standalone',
      theme_color: '#0000FF',
    });
    expect(res.body.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    // the icons are files of the web app, each a PNG of the size it claims
    for (const icon of res.body.icons as { src: string; sizes: string }[]) {
      const png = readFileSync(join(webPublic, icon.src));
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });

  it('the super user changes name and colours, and visitors read them', async () => {
    const res = await api.root.put('/settings-whitelabel', {
      appName: 'Central Atende',
      primaryColorLight: '#112233',
      primaryColorDark: '#a1b2c3',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ appName: 'Central Atende', primaryColorLight: '#112233', primaryColorDark: '#A1B2C3' });
    const visitor = new ApiClient(api.runtime.url);
    expect((await visitor.get('/public-settings/appName')).body).toEqual({ key: 'appName', value: 'Central Atende' });
    expect((await visitor.get('/public-settings/primaryColorDark')).body.value).toBe('#A1B2C3');
    const bad = await api.root.put('/settings-whitelabel', { primaryColorLight: 'blue' });
    expect(fieldsOf(bad.body)).toEqual({ 'body.primaryColorLight': 'Invalid colour' });
  });

  it('uploads a logo per mode (Light, Dark or Favicon) and every reader gets an address of it', async () => {
    for (const mode of ['Light', 'Dark', 'Favicon'] as const) {
      const res = await api.root.post('/settings-whitelabel/logo', {
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
    const read = await new ApiClient(api.runtime.url).get('/settings-whitelabel');
    for (const key of ['appLogoLight', 'appLogoDark', 'appLogoFavicon']) {
      expect(read.body[key]).toEqual(expect.any(String));
      expect((await fetch(new URL(read.body[key], api.runtime.url))).status).toBe(200);
    }
    expect((await new ApiClient(api.runtime.url).get('/public-settings/appLogoDark')).body.value).toEqual(expect.any(String));
    const badMode = await api.root.post('/settings-whitelabel/logo', {
      mode: 'Huge',
      name: 'x.png',
      mimeType: 'image/png',
      size: 4,
    });
    expect(Object.keys(fieldsOf(badMode.body))).toEqual(['body.mode']);
    const svg = await api.root.post('/settings-whitelabel/logo', {
      mode: 'Light',
      name: 'x.svg',
      mimeType: 'image/svg+xml',
      size: 4,
    });
    expect(svg.status).toBe(400);
  });

  it("names the installable app after the white label and puts its favicon first among the app's icons", async () => {
    const res = await new ApiClient(api.runtime.url).get('/app-manifest');
    expect(res.body).toMatchObject({ name: 'Central Atende', short_name: 'Central Atende', theme_color: '#112233' });
    const [favicon, ...own] = res.body.icons as [{ src: string; sizes: string; purpose: string }, ...{ src: string }[]];
    expect(favicon).toMatchObject({ sizes: 'any', purpose: 'any' });
    expect((await fetch(new URL(favicon.src, api.runtime.url))).status).toBe(200);
    expect(own.map((i) => i.src)).toEqual(['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png']);
  });

  it('refuses the editor to a company admin (403)', async () => {
    expect((await api.company.admin.put('/settings-whitelabel', { appName: 'Mine' })).status).toBe(403);
    expect(
      (
        await api.company.admin.post('/settings-whitelabel/logo', {
          mode: 'Light',
          name: 'x.png',
          mimeType: 'image/png',
          size: 4,
        })
      ).status,
    ).toBe(403);
  });
});
