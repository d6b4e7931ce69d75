/**
 * What every browser test shares: Debian's Chromium with the flags this machine needs (no background
 * networking: the network is closed), the screenshot folder, and the product's address and admin account that
 * the browser project's global setup provides.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const SHOTS = fileURLToPath(new URL('../../test-results/', import.meta.url));

export const baseUrl = (): string => inject('baseUrl').replace(/\/$/, '');
export const adminEmail = (): string => inject('adminEmail');
export const adminPassword = (): string => inject('adminPassword');

export const launchChromium = (): Promise<Browser> => {
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
};

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
    dataDir: string;
  }
}

/**
 * Chromium with one desktop page (1366x820, pt-BR) whose uncaught errors are collected in `pageErrors`.
 * `serviceWorkers: 'block'` for a test that fails the app's own files with `page.route`: the installed app's
 * service worker fetches them itself, out of the page's routes.
 */
export const openDesktopPage = async (pageErrors: string[], options: { serviceWorkers?: 'allow' | 'block' } = {}) => {
  const browser = await launchChromium();
  const context = await browser.newContext({
    viewport: { width: 1366, height: 820 },
    locale: 'pt-BR',
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { browser, context, page };
};

/**
 * A call of the product's API as a script would make it (JSON in and out); throws on any answer but 2xx. `base` is
 * the product's address when a test runs its own product.
 */
export const api = async <T>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  base: string = baseUrl(),
): Promise<T> => {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
};

/**
 * Signs a new company up through the API, on the first plan, with `owner` as its admin (as the sign-up page does).
 * `base` is the product's address when a test runs its own product.
 */
export const signUpCompany = async (
  owner: { name: string; email: string; password: string },
  companyName: string,
  base: string = baseUrl(),
) => {
  const plans = await api<{ id: number }[]>('GET', '/plans/list', undefined, undefined, base);
  return api<{ userId: number }>(
    'POST',
    '/auth/signup',
    { name: owner.name, companyName, email: owner.email, password: owner.password, phone: '5511999990000', planId: plans[0]!.id },
    undefined,
    base,
  );
};

/**
 * Signs in through the login form (ending any other session of that account) and answers the access token.
 * `base` is the product's address when a test runs its own product (default: the browser project's).
 */
export const signInWithForm = async (page: Page, email: string, password: string, base: string = baseUrl()): Promise<string> => {
  await page.goto(`${base}/login`);
  await page.fill('#login-email', email);
  await page.fill('#login-password', password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/tickets');
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
};

/** Resolves once the page's finite animations (dialogs and panels fading and sliding in) have finished; spinners run on. */
export const settle = (page: Page): Promise<unknown> =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

export interface ShotOptions {
  /** the whole scrollable page rather than the viewport */
  fullPage?: boolean;
  /** a fixed pause before the picture instead of waiting for the page's animations to finish (see settle) */
  waitMs?: number;
}

/** Saves a picture of `page` as `test-results/<name>.png`, once its dialogs and toasts have come to rest. */
export const screenshot = async (page: Page, name: string, { fullPage = false, waitMs }: ShotOptions = {}): Promise<void> => {
  if (waitMs === undefined) await settle(page);
  else await page.waitForTimeout(waitMs);
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage });
};
