/**
 * The white label as the super user sets it (spec document 2: the settings page's white-label tab): a primary colour
 * for each theme and a logo for each. The primary buttons take the colour and the brand mark shows the logo, in the
 * drawer and on the sign-in page, in both themes. The colours are put back to the defaults at the end, so the
 * browser tests after this one see the product's own palette. Screenshots under test-results/white-label-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEmail, adminPassword, api, baseUrl, openDesktopPage, screenshot, signInWithForm } from './browser.ts';

const LIGHT = '#0F766E';
const DARK = '#F59E0B';
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** A 2x1 PNG of one colour: small, valid, and told apart by its pixels' colour in the screenshot. */
const png = (r: number, g: number, b: number): Buffer => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  // one scanline: filter byte 0, then two RGB pixels; stored (uncompressed) deflate block
  const raw = Buffer.from([0, r, g, b, r, g, b]);
  const zlib = Buffer.concat([Buffer.from([0x78, 0x01, 0x01, raw.length, 0, ~raw.length & 0xff, 0xff]), raw, Buffer.alloc(4)]);
  let a = 1;
  let s2 = 0;
  for (const byte of raw) {
    a = (a + byte) % 65521;
    s2 = (s2 + a) % 65521;
  }
  zlib.writeUInt32BE(((s2 << 16) | a) >>> 0, zlib.length - 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, `white-label-${name}`, { fullPage: true, waitMs: 0 });

/** The background of the first primary (no severity) filled button on the page, the pointer away from it. */
const primaryButtonBackground = async () => {
  await page.mouse.move(1, 1);
  return page.evaluate(() => {
    const button = [...document.querySelectorAll<HTMLElement>('.p-button')].find(
      (b) =>
        !/p-button-(secondary|success|info|warning|help|danger|contrast|outlined|text|link)/.test(b.className) &&
        b.offsetParent !== null,
    );
    return button ? getComputedStyle(button).backgroundColor : 'none';
  });
};

const brandImage = () => page.getByTestId('brand-mark').first().locator('img');

const setTheme = async (theme: 'light' | 'dark') => {
  if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme)
    await page.getByTestId('theme-toggle').first().click();
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
};

beforeAll(async () => {
  ({ browser, page } = await openDesktopPage(pageErrors));
});
afterAll(async () => {
  // the colours back to the defaults for whatever runs next against this product
  const root = await api<{ token: string }>('POST', '/auth/login', { email: adminEmail(), password: adminPassword() });
  await api('PUT', '/settings-whitelabel', { primaryColorLight: '#0000FF', primaryColorDark: '#39ACE7' }, root.token);
  await browser?.close();
});

describe('the white label', () => {
  it('paints primary buttons with each theme’s colour and shows each theme’s logo where the brand mark is', async () => {
    await signInWithForm(page, adminEmail(), adminPassword());
    await page.goto(`${baseUrl()}/settings`);
    await page.getByTestId('settings-tab-whitelabel').click();
    await page.getByTestId('whitelabel-tab').waitFor();
    await page.getByTestId('whitelabel-primaryColorLight').fill(LIGHT);
    await page.getByTestId('whitelabel-primaryColorDark').fill(DARK);
    await page.getByTestId('whitelabel-save').click();
    await page.locator('.p-toast-message-success').first().waitFor();
    await page
      .getByTestId('whitelabel-logo-light')
      .setInputFiles({ name: 'logo-light.png', mimeType: 'image/png', buffer: png(15, 118, 110) });
    await page.locator('.p-toast-message-success').nth(1).waitFor();
    await page
      .getByTestId('whitelabel-logo-dark')
      .setInputFiles({ name: 'logo-dark.png', mimeType: 'image/png', buffer: png(245, 158, 11) });
    await page.getByTestId('whitelabel-tab').locator('img').nth(1).waitFor();

    await setTheme('light');
    await expect.poll(primaryButtonBackground).toBe(rgb(LIGHT));
    await expect.poll(async () => (await brandImage().getAttribute('src')) ?? '').toMatch(/logo-light/);
    await shot('light');

    await setTheme('dark');
    await expect.poll(primaryButtonBackground).toBe(rgb(DARK));
    await expect.poll(async () => (await brandImage().getAttribute('src')) ?? '').toMatch(/logo-dark/);
    expect(await brandImage().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
    await shot('dark');

    // the public sign-in page shows the same brand
    await page.context().clearCookies();
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${baseUrl()}/login`);
    await expect.poll(async () => (await brandImage().getAttribute('src')) ?? '').toMatch(/logo-dark/);
    await expect.poll(primaryButtonBackground).toBe(rgb(DARK));
    await shot('login-dark');
    await setTheme('light');
    expect(pageErrors).toEqual([]);
  });
});
