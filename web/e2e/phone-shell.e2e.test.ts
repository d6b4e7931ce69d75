/**
 * The app on a 360 px phone: the super user (who sees every page of the menu, the company's and the platform's)
 * walks the whole menu through the temporary drawer, then a new company's admin walks theirs. On every page the
 * menu button is a full touch target, the greeting and the avatar show, and the page does not scroll sideways; a
 * dialog stays inside the screen. The top bar's secondary controls (language, volume, reload) are reached from the
 * drawer. Screenshots under test-results/phone-360-<page>.png (the new admin's: phone-360-admin-<page>.png).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, adminEmail, adminPassword, api, launchChromium, settle, signInWithForm } from './browser.ts';

const PHONE = { width: 360, height: 740 };

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

/** The super user's menu, read from the drawer. */
let entries: { key: string; path: string }[] = [];

const shot = (name: string) => screenshot(page, `phone-360-${name}`, { fullPage: true });

const openDrawer = async () => {
  await page.getByTestId('menu-toggle').click();
  await page.locator('#side-drawer').waitFor({ state: 'visible' });
  await settle(page);
};

/** A page has rendered once its data requests are answered and no skeleton or spinner stands in for its content. */
const rendered = async () => {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => {
    const main = document.getElementById('main-content');
    return !!main && main.childElementCount > 0 && !main.querySelector('.p-skeleton, .p-progress-spinner, .pi-spinner');
  });
  await settle(page);
};

/** What a person on this phone sees of the shell on the current page. */
const shellOnPhone = () =>
  page.evaluate((screenWidth) => {
    const box = (testId: string) => {
      const el = document.querySelector(`[data-testid="${testId}"]`);
      if (!el) return undefined;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return {
        left: r.left,
        right: r.right,
        width: r.width,
        height: r.height,
        shown: style.visibility !== 'hidden' && style.display !== 'none',
      };
    };
    return {
      // against the phone's width, not innerWidth: a mobile browser zooms out to show a page wider than the screen
      overflow: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - screenWidth,
      menuButton: box('menu-toggle'),
      greeting: box('greeting'),
      avatar: box('user-menu-button'),
      // the widest element sticking out on the right, to name the culprit when the page scrolls sideways
      widest: [...document.querySelectorAll('body *')]
        .map((el) => ({ el, right: el.getBoundingClientRect().right }))
        .filter(({ right }) => right > screenWidth + 0.5)
        .slice(0, 4)
        .map(
          ({ el, right }) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')} -> ${Math.round(right)}`,
        ),
    };
  }, PHONE.width);

const expectShellFits = async (where: string) => {
  const shell = await shellOnPhone();
  expect(shell.overflow, `${where} scrolls sideways: ${shell.widest.join(', ')}`).toBeLessThanOrEqual(0);
  expect(shell.menuButton?.shown, `${where}: menu button`).toBe(true);
  expect(shell.menuButton!.width, `${where}: menu button width`).toBeGreaterThanOrEqual(40);
  expect(shell.menuButton!.height, `${where}: menu button height`).toBeGreaterThanOrEqual(40);
  expect(shell.menuButton!.left, `${where}: menu button on screen`).toBeGreaterThanOrEqual(0);
  expect(shell.greeting?.shown, `${where}: greeting`).toBe(true);
  expect(shell.greeting!.width, `${where}: greeting width`).toBeGreaterThanOrEqual(60);
  expect(shell.avatar?.shown, `${where}: avatar`).toBe(true);
  expect(shell.avatar!.width, `${where}: avatar width`).toBeGreaterThanOrEqual(32);
  expect(shell.avatar!.right, `${where}: avatar on screen`).toBeLessThanOrEqual(PHONE.width);
  expect(await page.evaluate(() => window.innerWidth), `${where}: zoomed out to fit`).toBe(PHONE.width);
};

beforeAll(async () => {
  // a help entry, so that the Helps page is in the menu too
  const root = await api<{ token: string }>('POST', '/auth/login', { email: adminEmail(), password: adminPassword() });
  await api(
    'POST',
    '/helps',
    { title: 'Primeiros passos', description: 'Como atender pelo celular.', video: 'dQw4w9WgXcQ' },
    root.token,
  );

  browser = await launchChromium();
  const context = await browser.newContext({ viewport: PHONE, locale: 'pt-BR', hasTouch: true, isMobile: true });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await browser?.close();
});

/** The drawer's entries, in menu order, as the drawer lists them on this phone (the drawer is left open). */
const drawerEntries = async () => {
  await openDrawer();
  return page.locator('#side-drawer a[data-testid^="nav-"]').evaluateAll((links) =>
    links.map((a) => ({
      key: (a.getAttribute('data-testid') ?? '').slice('nav-'.length),
      path: new URL((a as HTMLAnchorElement).href).pathname,
    })),
  );
};

/** Goes to each entry's page through the drawer and answers, for every page that does not fit, why. */
const walkMenu = async (pages: { key: string; path: string }[], shotPrefix: string) => {
  const failures: string[] = [];
  for (const { key, path } of pages) {
    if (!(await page.locator('#side-drawer').isVisible())) await openDrawer();
    await page.locator('#side-drawer').getByTestId(`nav-${key}`).click();
    await page.waitForURL((url) => url.pathname === path);
    await page.locator('#side-drawer').waitFor({ state: 'hidden' });
    await rendered();
    await shot(`${shotPrefix}${key}`);
    try {
      await expectShellFits(path);
    } catch (error) {
      failures.push((error as Error).message.split('\n')[0]!);
    }
  }
  return failures;
};

describe('the app on a 360 px phone', () => {
  it('shows the inbox with a full-size menu button, the greeting and the avatar, without sideways scroll', async () => {
    await signInWithForm(page, adminEmail(), adminPassword());
    // the campaign pages' menu flag (the spec's `cshow`), so that the walk covers them too
    await page.evaluate(() => localStorage.setItem('cshow', '1'));
    await page.reload();
    await page.getByTestId('tickets-page').waitFor();
    await rendered();
    await expectShellFits('/tickets');
    await shot('tickets');
  });

  it('opens the drawer over the page and goes to a page from it, closing the drawer', async () => {
    entries = await drawerEntries();
    // the super user's menu: the company's pages and the platform's
    expect(entries.map((e) => e.path)).toEqual(
      expect.arrayContaining(['/', '/tickets', '/contacts', '/settings', '/users', '/companies', '/helps', '/campaigns']),
    );
    const shell = await shellOnPhone();
    expect(shell.overflow).toBeLessThanOrEqual(0);
    await shot('drawer');

    await page.locator('#side-drawer').getByTestId('nav-contacts').click();
    await page.waitForURL('**/contacts');
    await page.locator('#side-drawer').waitFor({ state: 'hidden' });
    await rendered();
    await expectShellFits('/contacts');
  });

  it('reaches language, volume and reload from the drawer, and the theme from the bar', async () => {
    const bar = page.locator('header.top-bar');
    expect(await bar.getByTestId('language-button').count()).toBe(0);
    expect(await bar.getByTestId('volume-button').count()).toBe(0);
    await openDrawer();
    const controls = page.locator('#side-drawer').getByTestId('drawer-controls');
    await controls.getByTestId('volume-button').waitFor({ state: 'visible' });
    await controls.getByTestId('refresh-button').waitFor({ state: 'visible' });
    await controls.getByTestId('language-button').click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByTestId('greeting').filter({ hasText: 'Hola' }).waitFor();
    await shot('drawer-controls');
    await controls.getByTestId('language-button').click();
    await page.getByRole('menuitem', { name: 'Português' }).click();
    await page.getByTestId('greeting').filter({ hasText: 'Olá' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('#side-drawer').waitFor({ state: 'hidden' });

    await bar.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await expectShellFits('/contacts, dark');
    await shot('dark');
    await bar.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  });

  it('fits every page of the menu at 360 px', async () => {
    expect(entries.length).toBeGreaterThan(20);
    expect(await walkMenu(entries, '')).toEqual([]);
  });

  it('keeps a dialog inside the screen, its tabs scrolling within it', async () => {
    await openDrawer();
    await page.locator('#side-drawer').getByTestId('nav-queues').click();
    await page.waitForURL('**/queues');
    await page.getByTestId('queues-add').click();
    const dialog = page.getByTestId('queue-dialog');
    await dialog.waitFor();
    await settle(page);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect((await shellOnPhone()).overflow).toBeLessThanOrEqual(0);
    await shot('queue-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it("fits every page of a new company's admin at 360 px", async () => {
    const run = Date.now().toString(36);
    const owner = { email: `phone.${run}@example.com`, password: 'phone-password-1' };
    const plans = await api<{ id: number }[]>('GET', '/plans/list');
    await api('POST', '/auth/signup', {
      name: 'Paula Celular',
      companyName: `Loja Celular ${run}`,
      email: owner.email,
      password: owner.password,
      phone: '5511988887777',
      planId: plans[0]!.id,
    });
    await page.context().close();
    const context = await browser.newContext({ viewport: PHONE, locale: 'pt-BR', hasTouch: true, isMobile: true });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInWithForm(page, owner.email, owner.password);
    await rendered();
    await expectShellFits('/tickets, new company');
    const pages = await drawerEntries();
    expect(pages.map((e) => e.path)).toEqual(
      expect.arrayContaining(['/tickets', '/users', '/queues', '/settings', '/connections']),
    );
    expect(pages.map((e) => e.path)).not.toContain('/companies');
    expect(await walkMenu(pages, 'admin-')).toEqual([]);
  });

  it('raised no uncaught error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
