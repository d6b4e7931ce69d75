import { signupBody } from '@switchboard/shared/contracts/auth';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../lib/session-store.ts';
import { makePlan, makeUser } from '../test-fixtures.ts';
import { renderApp } from '../test-app.tsx';
import { fakeNetwork, type FakeRoute, freshPageEachTest, until } from '../test-network.ts';

/**
 * The public pages and the guards, rendered as the app renders them, against a fake API: what a user sees
 * when submitting the login form.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const serve = (routes: Record<string, FakeRoute>) => {
  fakeNetwork(routes);
};

const publicRoutes: Record<string, FakeRoute> = {
  'GET /api/public-settings/allowSignup': () => ({ status: 200, body: { key: 'allowSignup', value: 'enabled' } }),
  'GET /api/version': () => ({ status: 200, body: { version: '1.2.3' } }),
  'GET /api/companies/listPlan/7': () => ({ status: 200, body: { id: 7, name: 'Acme', plan: makePlan() } }),
};

const page = freshPageEachTest('pt');
let router: Awaited<ReturnType<typeof renderApp>>;

const render = async (path: string) => {
  router = await renderApp(page, path);
};

/** A session left by an earlier visit: a stored token, restored through the refresh cookie on load. */
const storedSession = (token: string) => sessionStore.setSession({ token, user: makeUser() });

const typeInto = async (selector: string, value: string) => {
  const input = page.container.querySelector<HTMLInputElement>(selector)!;
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};

const submit = async () => {
  await act(async () => {
    page.container.querySelector<HTMLFormElement>('form')!.requestSubmit();
  });
};

describe('sign-in flow', () => {
  it("shows 'Obrigatório' under each empty field and calls no API", async () => {
    const login = vi.fn(() => ({ status: 500 }));
    serve({ ...publicRoutes, 'POST /api/auth/login': login });
    await render('/login');
    await until(() => page.container.querySelector('#login-email') !== null, 'the login form');
    await submit();
    expect(page.container.querySelector('#login-email-error')?.textContent).toBe('Obrigatório');
    expect(page.container.querySelector('#login-password-error')?.textContent).toBe('Obrigatório');
    expect(page.container.querySelector('#login-email')?.getAttribute('aria-invalid')).toBe('true');
    expect(login).not.toHaveBeenCalled();
  });

  it('shows the register link only when sign-up is enabled', async () => {
    serve(publicRoutes);
    await render('/login');
    await until(() => page.container.querySelector('[data-testid=signup-link]') !== null, 'the register link');
  });

  it('enters the inbox after a successful login, sending the typed credentials', async () => {
    let sent: unknown;
    serve({
      ...publicRoutes,
      'POST /api/auth/login': (init) => {
        sent = JSON.parse(String(init.body));
        return { status: 200, body: { token: 'tok', user: makeUser() } };
      },
    });
    await render('/login');
    await until(() => page.container.querySelector('#login-email') !== null, 'the login form');
    await typeInto('#login-email', ' ana@example.com ');
    await typeInto('#login-password', 'secret1');
    await submit();
    await until(() => router.state.location.pathname === '/tickets', 'the inbox');
    await until(() => page.container.querySelector('[data-testid=tickets-page]') !== null, 'the inbox page');
    expect(sent).toEqual({ email: 'ana@example.com', password: 'secret1' });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(page.container.querySelector('[data-testid=greeting]')?.textContent).toContain(
      'Olá, Ana Souza! Boas-vindas à Acme Ltda.',
    );
  });

  it('sends an expired company to /financeiro-aberto with the due date', async () => {
    const expired = makeUser({
      company: { id: 9, name: 'Old Co', dueDate: new Date(2024, 2, 1, 12).toISOString(), status: true, planId: 1 },
    });
    serve({
      ...publicRoutes,
      'GET /api/companies/listPlan/7': () => ({ status: 200, body: { id: 9, name: 'Old Co', plan: makePlan() } }),
      'POST /api/auth/login': () => ({ status: 200, body: { token: 'tok', user: expired } }),
    });
    await render('/login');
    await until(() => page.container.querySelector('#login-email') !== null, 'the login form');
    await typeInto('#login-email', 'ana@example.com');
    await typeInto('#login-password', 'secret1');
    await submit();
    await until(() => router.state.location.pathname === '/financeiro-aberto', 'the open-invoices page');
    await until(() => page.container.querySelector('[data-testid=subscription-due-date]') !== null, 'the due date');
    expect(page.container.querySelector('[data-testid=subscription-due-date]')?.textContent).toBe('01/03/2024');
  });

  it('keeps the user on the form with the translated error for wrong credentials', async () => {
    serve({ ...publicRoutes, 'POST /api/auth/login': () => ({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } }) });
    await render('/login');
    await until(() => page.container.querySelector('#login-email') !== null, 'the login form');
    await typeInto('#login-email', 'ana@example.com');
    await typeInto('#login-password', 'wrong');
    await submit();
    await until(() => document.body.textContent?.includes('E-mail ou senha incorretos') ?? false, 'the error toast');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends an anonymous visitor of a private page to /login', async () => {
    serve(publicRoutes);
    await render('/tickets');
    await until(() => router.state.location.pathname === '/login', 'the login page');
  });

  it('restores a stored session through the refresh cookie and shows the 403 page at / to a profile user', async () => {
    storedSession('old');
    serve({
      ...publicRoutes,
      'POST /api/auth/refresh_token': () => ({ status: 200, body: { token: 'new', user: makeUser({ profile: 'user' }) } }),
    });
    await render('/');
    await until(() => page.container.querySelector('[data-testid=forbidden-page]') !== null, 'the 403 page');
    expect(page.container.textContent).toContain('Oops! Accesso denegado!');
    expect(localStorage.getItem('token')).toBe('new');
  });

  it('shows a retry screen when the server cannot be reached while restoring, and signs out when it refuses', async () => {
    storedSession('old');
    let refresh: FakeRoute = () => ({ status: 503 });
    serve({ ...publicRoutes, 'POST /api/auth/refresh_token': (init, url) => refresh(init, url) });
    await render('/tickets');
    await until(() => page.container.textContent?.includes('Não foi possível conectar ao servidor') ?? false, 'the retry screen');
    refresh = () => ({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    await act(async () => {
      [...page.container.querySelectorAll('button')].find((b) => b.textContent?.includes('Tentar novamente'))!.click();
    });
    await until(() => router.state.location.pathname === '/login', 'the login page');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('redirects /tickets/undefined to /tickets', async () => {
    storedSession('old');
    serve({ ...publicRoutes, 'POST /api/auth/refresh_token': () => ({ status: 200, body: { token: 'new', user: makeUser() } }) });
    await render('/tickets/undefined');
    await until(() => router.state.location.pathname === '/tickets', 'the inbox');
  });

  it('focuses the first field in error, then the e-mail the server says is taken', async () => {
    const signup = vi.fn(() => ({ status: 409, body: { error: 'ERR_DUPLICATED_EMAIL' } }));
    serve({
      ...publicRoutes,
      'GET /api/plans/list': () => ({ status: 200, body: [makePlan()] }),
      'POST /api/auth/signup': signup,
    });
    await render('/signup');
    await until(() => page.container.querySelector('#signup-name') !== null, 'the signup form');
    await submit();
    expect(document.activeElement?.id).toBe('signup-name');
    expect(signup).not.toHaveBeenCalled();
    await typeInto('#signup-name', 'Ana Lima');
    await typeInto('#signup-companyName', 'Loja');
    await typeInto('#signup-email', 'ana@example.com');
    await typeInto('#signup-phone', '5511999990000');
    await typeInto('#signup-password', 'segredo-123');
    await act(async () => page.container.querySelector<HTMLElement>('form .p-dropdown')!.click());
    await until(() => document.querySelector('.p-dropdown-item') !== null, 'the plans');
    await act(async () => document.querySelector<HTMLElement>('.p-dropdown-item')!.click());
    await submit();
    await until(() => signup.mock.calls.length === 1, 'the signup call');
    await until(() => document.activeElement?.id === 'signup-email', 'the focus on the e-mail');
    expect(page.container.querySelector('#signup-email-error')?.textContent).toBe('Este e-mail já está cadastrado.');
  });

  it("states the signup schema's password rule under the password field", async () => {
    serve({ ...publicRoutes, 'GET /api/plans/list': () => ({ status: 200, body: [makePlan()] }) });
    await render('/signup');
    await until(() => page.container.querySelector('#signup-password') !== null, 'the signup form');
    const hint = page.container
      .querySelector('#signup-password')!
      .closest('.form-field')!
      .querySelector('.form-field__hint')!.textContent;
    expect(hint).toBe('De 8 a 50 caracteres.');
    // the numbers in the hint are the schema's: one character fewer is refused, the shortest allowed passes
    const signup = { name: 'Ana Lima', companyName: 'Loja', email: 'ana@example.com', phone: '5511999990000', planId: 1 };
    expect(signupBody.safeParse({ ...signup, password: 'x'.repeat(7) }).success).toBe(false);
    expect(signupBody.safeParse({ ...signup, password: 'x'.repeat(8) }).success).toBe(true);
    expect(signupBody.safeParse({ ...signup, password: 'x'.repeat(50) }).success).toBe(true);
    expect(signupBody.safeParse({ ...signup, password: 'x'.repeat(51) }).success).toBe(false);
  });
});
