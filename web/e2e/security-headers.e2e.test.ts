/**
 * The web app under its Content-Security-Policy in a real browser: the pages a user opens load with no
 * policy violation, and a page of another origin can frame the chat widget but not the app.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, adminEmail, adminPassword, api, baseUrl, openDesktopPage, signInWithForm } from './browser.ts';

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
const violations: string[] = [];
let otherSite: Server;
let otherOrigin: string;
let webchatToken = '';

beforeAll(async () => {
  ({ browser, page } = await openDesktopPage(pageErrors));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const session = await api<{ token: string }>('POST', '/auth/login', { email: adminEmail(), password: adminPassword() });
  const connections = await api<{ channel: string; widgetKey: string | null }[]>('GET', '/whatsapp', undefined, session.token);
  webchatToken = connections.find((c) => c.channel === 'webchat' && c.widgetKey)?.widgetKey ?? '';
  // a customer's site: another origin (another port) that frames the widget and, as an attacker would, the app
  otherSite = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><body>` +
        `<iframe id="widget" src="${baseUrl()}/widget/${webchatToken}" width="380" height="560"></iframe>` +
        `<iframe id="app" src="${baseUrl()}/login" width="380" height="560"></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => otherSite?.close(resolve));
});

describe('the web app under its security headers', () => {
  it('signs in and opens the inbox with no policy violation', async () => {
    await signInWithForm(page, adminEmail(), adminPassword());
    await page.getByTestId('tickets-page').waitFor();
    await page.screenshot({ path: `${SHOTS}security-01-inbox.png` });
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('lets another site frame the widget, and not the app', async () => {
    expect(webchatToken).not.toBe('');
    await page.goto(otherOrigin);
    const widget = page.frameLocator('#widget');
    await widget.getByTestId('widget').waitFor();
    // the app's frame stays empty: the browser refused to render it
    const app = page.frames().find((f) => f.url().endsWith('/login'));
    const appText = app ? await app.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '';
    expect(appText).toBe('');
    await page.screenshot({ path: `${SHOTS}security-02-framed-widget.png` });
    expect(violations.some((v) => /frame-ancestors/.test(v))).toBe(true);
    expect(violations.filter((v) => !/frame-ancestors/.test(v))).toEqual([]);
  });
});
