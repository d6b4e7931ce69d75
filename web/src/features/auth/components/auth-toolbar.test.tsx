import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { fakeNetwork, freshPageEachTest, until } from '../../../test-network.ts';
import { renderApp } from '../../../test-app.tsx';

/**
 * The public pages' language menu on the sign-in page: another language is downloaded when chosen, and the page
 * shows in it once it has arrived.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('pt');

const openLogin = async () => {
  fakeNetwork({
    'GET /api/public-settings/allowSignup': () => ({ status: 200, body: { key: 'allowSignup', value: 'disabled' } }),
  });
  await renderApp(page, '/login');
  await until(() => page.container.querySelector('#login-email') !== null, 'the login form');
};

const title = () => page.container.querySelector('h1')?.textContent;
const languageButton = () => page.container.querySelector<HTMLButtonElement>('[data-testid=language-button]')!;
const menuItems = () => [...page.container.querySelectorAll<HTMLElement>('#language-menu [role=menuitem]')];

describe('the sign-in page in another language', () => {
  it('switches to the language picked in the menu and remembers it', async () => {
    await openLogin();
    expect(title()).toBe('Entrar');
    // its name holds what it shows (axe label-content-name-mismatch)
    expect(languageButton().textContent).toBe('Português');
    expect(languageButton().getAttribute('aria-label')).toBe('Idioma: Português');
    await act(async () => languageButton().click());
    expect(menuItems().map((i) => i.getAttribute('aria-label'))).toEqual(['Português', 'Español', 'English', 'Türkçe']);
    expect(languageButton().getAttribute('aria-expanded')).toBe('true');

    await act(async () => menuItems()[2]!.click());
    await until(() => title() === 'Sign in', 'the English page');
    expect(page.container.querySelector('#language-menu')).toBeNull();
    expect(languageButton().textContent).toContain('English');
    expect(document.documentElement.lang).toBe('en-US');
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('is driven by the keyboard: arrows move, Enter picks, Escape closes', async () => {
    await openLogin();
    const menu = () => page.container.querySelector<HTMLElement>('#language-menu [role=menu]');
    const press = (key: string) => act(async () => menu()!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));

    await act(async () => languageButton().click());
    expect(document.activeElement).toBe(menu());
    await press('Escape');
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(languageButton());

    await act(async () => languageButton().click());
    await press('ArrowDown');
    expect(menu()!.getAttribute('aria-activedescendant')).toBe('language-menu_1');
    await press('Enter');
    await until(() => title() === 'Iniciar sesión', 'the Spanish page');
    expect(i18n.language).toBe('es');
  });
});
