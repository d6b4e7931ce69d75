/**
 * Forms and dialogs as a new company's admin meets them: a connection's standard flows are taken off again (and a
 * save the server refuses says which field), Escape in an open dropdown closes the dropdown and keeps the queue,
 * user and campaign dialogs open with what was typed, the flow editor's toast leaves Testar and Salvar in sight and
 * a fixed step drops its problem border, and a file list is checked as the spec says. Screenshots under
 * test-results/forms-*.png.
 */
import type { FlowConnection, FlowNode } from '@switchboard/shared/flows/graph';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, openDesktopPage, screenshot, settle, signInWithForm, signUpCompany } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { email: `forms.${run}@example.com`, password: 'forms-password-1' };
const FLOW = `Boas-vindas ${run}`;
const OTHER_FLOW = `Sem frase ${run}`;
const LIST = `Clientes ${run}`;

let browser: Browser;
let page: Page;
let token = '';
let connectionId = 0;
let flowId = 0;
let otherFlowId = 0;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, `forms-${name}`);

const call = <T>(method: string, path: string, body?: unknown) => api<T>(method, path, body, token);

const nodes: FlowNode[] = [
  { id: '1', type: 'start', position: { x: 0, y: 40 }, data: { label: 'Inicio' } },
  {
    id: '2',
    type: 'menu',
    position: { x: 300, y: 40 },
    data: {
      message: 'Escolha:',
      arrayOption: [
        { number: 1, value: 'Vendas' },
        { number: 2, value: 'Suporte' },
      ],
    },
  },
  { id: '3', type: 'message', position: { x: 620, y: -80 }, data: { label: 'Vendas: um momento.' } },
  { id: '4', type: 'message', position: { x: 620, y: 200 }, data: { label: 'Suporte: um momento.' } },
];
// option 2 of the menu leads nowhere: the editor's problems list points at the menu
const connections: FlowConnection[] = [
  { source: '1', sourceHandle: 'a', target: '2' },
  { source: '2', sourceHandle: 'a1', target: '3' },
  { source: '3', sourceHandle: 'a', target: '4' },
];

const connection = () =>
  call<{ flowIdWelcome: number | null; flowIdNotPhrase: number | null }>('GET', `/whatsapp/${connectionId}`);

const openFlowsTab = async () => {
  await page.goto(`${baseUrl()}/connections`);
  await page.getByTestId(`connection-edit-${connectionId}`).click();
  await page.getByTestId('connection-dialog').waitFor();
  await page.locator('#connection-tab-flowbuilder').click();
};

const choose = async (testId: string, label: string) => {
  await page.getByTestId(testId).click();
  await page.locator('.p-dropdown-panel li[role=option]', { hasText: label }).first().click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
};

/** Opens a dropdown or multi-select inside a dialog, presses Escape, and answers whether panel and dialog are still there. */
const escapeInside = async (dialog: string, control: string, panel: '.p-dropdown-panel' | '.p-multiselect-panel') => {
  await page.getByTestId(control).click();
  await page.locator(panel).waitFor();
  await page.keyboard.press('Escape');
  await page.locator(panel).waitFor({ state: 'detached' });
  await settle(page);
  return page.getByTestId(dialog).isVisible();
};

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

beforeAll(async () => {
  await signUpCompany({ name: 'Fátima Formulário', email: OWNER.email, password: OWNER.password }, `Loja Formulários ${run}`);
  ({ token } = await api<{ token: string }>('POST', '/auth/login', { email: OWNER.email, password: OWNER.password }));
  const list = await call<{ id: number; channel: string }[]>('GET', '/whatsapp');
  connectionId = list.find((c) => c.channel === 'webchat')!.id;
  flowId = (await call<{ id: number }>('POST', '/flowbuilder', { name: FLOW })).id;
  otherFlowId = (await call<{ id: number }>('POST', '/flowbuilder', { name: OTHER_FLOW })).id;
  await call('POST', '/flowbuilder/flow', { idFlow: flowId, nodes, connections });
  await call('PUT', `/whatsapp/${connectionId}`, { flowIdWelcome: flowId, flowIdNotPhrase: otherFlowId });
  await call('POST', '/contact-lists', { name: LIST });
  ({ browser, page } = await openDesktopPage(pageErrors));
  // the sign-in ends the API session above: the page's token serves both from here on
  token = await signInWithForm(page, OWNER.email, OWNER.password);
  await page.evaluate(() => localStorage.setItem('cshow', 'true'));
});

afterAll(async () => {
  await browser?.close();
});

describe('forms and dialogs', () => {
  it("takes a connection's welcome and not-phrase flows off with None", async () => {
    expect(await connection()).toMatchObject({ flowIdWelcome: flowId, flowIdNotPhrase: otherFlowId });
    await openFlowsTab();
    await expect.poll(() => page.getByTestId('connection-flow-welcome').textContent()).toContain(FLOW);
    await choose('connection-flow-welcome', 'Nenhum');
    await choose('connection-flow-not-phrase', 'Nenhum');
    await shot('01-flows-none');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/whatsapp/${connectionId}`) && r.request().method() === 'PUT',
    );
    await page.getByTestId('connection-save').click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ flowIdWelcome: null, flowIdNotPhrase: null });
    await page.getByTestId('connection-dialog').waitFor({ state: 'hidden' });
    expect(await connection()).toMatchObject({ flowIdWelcome: null, flowIdNotPhrase: null });
  });

  it('names the field in the toast when the server refuses the save', async () => {
    const doomed = await call<{ id: number }>('POST', '/flowbuilder', { name: `Apagado ${run}` });
    await openFlowsTab();
    await choose('connection-flow-welcome', `Apagado ${run}`);
    // the flow goes while the dialog is open: the server answers 400 naming flowIdWelcome
    await call('DELETE', `/flowbuilder/${doomed.id}`);
    await page.getByTestId('connection-save').click();
    const toast = page.locator('.p-toast-message-error').last();
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain('flowIdWelcome');
    // outside the flow editor the toasts sit below the top bar
    await settle(page);
    const bar = (await page.locator('.top-bar').boundingBox())!;
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    await shot('02-toast-names-field');
    await page.keyboard.press('Escape');
    await page.getByTestId('connection-dialog').waitFor({ state: 'hidden' });
  });

  it('closes an open dropdown with Escape and keeps the queue dialog with what was typed', async () => {
    await page.goto(`${baseUrl()}/queues`);
    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-dialog').waitFor();
    await page.fill('#queue-name', `Fila ${run}`);
    expect(await escapeInside('queue-dialog', 'queue-file-list', '.p-dropdown-panel')).toBe(true);
    await expect(page.inputValue('#queue-name')).resolves.toBe(`Fila ${run}`);
    await shot('03-queue-escape');
    // with no panel open, Escape closes the dialog as before
    await page.keyboard.press('Escape');
    await page.getByTestId('queue-dialog').waitFor({ state: 'detached' });
  });

  it('closes an open multi-select and an open dropdown with Escape and keeps the user dialog', async () => {
    await page.goto(`${baseUrl()}/users`);
    await page.getByTestId('users-add').click();
    await page.getByTestId('user-dialog').waitFor();
    await page.fill('#user-name', `Vera ${run}`);
    expect(await escapeInside('user-dialog', 'user-queues', '.p-multiselect-panel')).toBe(true);
    expect(await escapeInside('user-dialog', 'user-profile', '.p-dropdown-panel')).toBe(true);
    await expect(page.inputValue('#user-name')).resolves.toBe(`Vera ${run}`);
    await shot('04-user-escape');
    await page.keyboard.press('Escape');
    await page.getByTestId('user-dialog').waitFor({ state: 'detached' });
  });

  it('closes an open dropdown with Escape and keeps the campaign dialog', async () => {
    await page.goto(`${baseUrl()}/campaigns`);
    await page.getByTestId('campaigns-add').click();
    await page.getByTestId('campaign-dialog').waitFor();
    await page.fill('#campaign-name', `Campanha ${run}`);
    expect(await escapeInside('campaign-dialog', 'campaign-contact-list', '.p-dropdown-panel')).toBe(true);
    await expect(page.inputValue('#campaign-name')).resolves.toBe(`Campanha ${run}`);
    await shot('05-campaign-escape');
    await page.keyboard.press('Escape');
    await page.getByTestId('campaign-dialog').waitFor({ state: 'detached' });
  });

  it("keeps the flow editor's toast off Testar and Salvar, and drops a fixed step's problem border", async () => {
    await page.goto(`${baseUrl()}/flowbuilder/${flowId}`);
    await page.getByTestId('flow-node-4').waitFor();
    await page.getByTestId('flow-editor-save').click();
    await page.getByTestId('flow-problems').waitFor();
    await page.getByTestId('flow-problems-save').click();
    const toast = page.locator('.p-toast-message', { hasText: 'Fluxo salvo com sucesso' });
    await toast.waitFor();
    await settle(page);
    const toastBox = (await toast.boundingBox())!;
    for (const button of ['flow-editor-save', 'flow-editor-simulate']) {
      const box = (await page.getByTestId(button).boundingBox())!;
      expect(overlaps(toastBox, box), `${button} is covered`).toBe(false);
    }
    await shot('06-editor-toast');

    // the menu is marked for its unlinked option 2
    await expect(page.getByTestId('flow-node-2').getAttribute('class')).resolves.toContain('flow-node--flagged');
    await page.locator('.react-flow__controls-fitview').click();
    await settle(page);
    const from = (await page.getByTestId('flow-handle-2-a2').boundingBox())!;
    const to = (await page.getByTestId('flow-node-4').locator('.react-flow__handle-left').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(4);
    await expect.poll(() => page.getByTestId('flow-node-2').getAttribute('class')).not.toContain('flow-node--flagged');
    await shot('07-editor-fixed');
  });

  it('checks a file list as the spec says: a name of 3 or more and a message', async () => {
    await page.goto(`${baseUrl()}/files`);
    await page.getByTestId('files-add').click();
    await page.getByTestId('file-list-dialog').waitFor();
    await page.fill('#file-list-name', 'ab');
    await page.getByTestId('file-list-save').click();
    await expect(page.locator('#file-list-name-error').textContent()).resolves.toBe('nombre muy corto');
    await expect(page.locator('#file-list-message-error').textContent()).resolves.toBe('Requerido');
    await shot('08-file-list-checks');
    await page.fill('#file-list-name', `Catálogo ${run}`);
    await page.fill('#file-list-message', 'Segue o catálogo.');
    await page.getByTestId('file-list-save').click();
    await page.getByTestId('file-list-dialog').waitFor({ state: 'detached' });
    await page.getByText(`Catálogo ${run}`).first().waitFor();
    expect(pageErrors).toEqual([]);
  });
});
