/**
 * The installable app in a real browser: Chromium finds nothing that stops installing it (its own installability
 * check, asked over the DevTools protocol), the manifest carries the white label's name and opens on the inbox,
 * the service worker takes control and keeps the app shell but no API answer, and with the network gone the app
 * still starts from the kept shell and says it is offline, until the network is back.
 * Screenshots: test-results/installable-<nn>-<step>.png.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, CHROMIUM, CHROMIUM_ARGS, screenshot, signInWithForm, signUpCompany } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { name: 'Iara Dona', email: `iara-${run}@example.com`, password: 'install-pass-1' };

let profile: string;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  await signUpCompany(OWNER, `Loja Instalada ${run}`);
  // a browser profile of its own: Chromium installs no app from an incognito context, which newContext() makes
  profile = mkdtempSync(join(tmpdir(), 'sb-installable-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 800 },
    locale: 'pt-BR',
    serviceWorkers: 'allow',
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe('the installable app', () => {
  it('is installable: a manifest with the white label name, opening on the inbox, and no installability error', async () => {
    await signInWithForm(page, OWNER.email, OWNER.password);
    const brand = await api<{ appName: string | null }>('GET', '/settings-whitelabel');
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(new URL(manifest.url).pathname).toBe('/api/app-manifest');
    expect(manifest.errors).toEqual([]);
    const parsed = await (await fetch(manifest.url)).json();
    expect(parsed).toMatchObject({ name: brand.appName || 'Switchboard', start_url: '/tickets', display: 'standalone' });
    // Chromium's own verdict needs an active service worker that handles fetches: wait for it, then ask
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect
      .poll(
        async () =>
          ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors,
        {
          timeout: 10_000,
        },
      )
      .toEqual([]);
    await screenshot(page, 'installable-01-inbox-390');
  });

  it('keeps the app shell and its files in its cache, and no API answer', async () => {
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(kept).toContain('/index.html');
    expect(kept.some((path) => path.startsWith('/assets/') && path.endsWith('.js'))).toBe(true);
    expect(kept.filter((path) => path.startsWith('/api/') || path.startsWith('/ws'))).toEqual([]);
  });

  it('starts with the network gone, from the kept shell, and says it is offline until the network is back', async () => {
    await context.setOffline(true);
    await page.reload();
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Você está sem conexão');
    // the app itself drew the page (not the browser's offline page): the session could not be restored, it says so
    await page.getByRole('heading', { name: 'Não foi possível conectar ao servidor' }).waitFor();
    await screenshot(page, 'installable-02-offline-390');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.waitForURL('**/tickets');
    await page.getByTestId('greeting').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'installable-03-back-online-390');
    expect(pageErrors).toEqual([]);
  });
});
