/**
 * The ticket report in a real browser: an admin opens /reports, filters by status, and exports; the downloaded
 * relatorio-de-atendimentos.xlsx is opened with the spreadsheet library and holds the sheet RelatorioDeAtendimentos
 * with the filtered tickets. A supervisor (a user with showDashboard) exports too. While the export reads its pages
 * a progress bar with the count so far is shown. The search box finds tickets by contact name, number or ticket id
 * as typing pauses, and the pager shows "page X of Y" and the total from the first page on. Screenshots under
 * test-results/reports-*.png.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, openDesktopPage, SHOTS, signInWithForm, signUpCompany } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { name: 'Rita Relatório', email: `rita.report.${run}@example.com`, password: 'report-password-1' };
const SUPERVISOR = { name: 'Sérgio Supervisor', email: `sergio.report.${run}@example.com`, password: 'report-password-2' };
const CUSTOMERS = ['Clara Fechada', 'Otávio Aberto', 'Paula Aberta'];

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
let closedId = 0;
const numbers: string[] = [];
let queueId = 0;
let webchatId = 0;

/** The sheets of a downloaded workbook, each as rows of cell values (read with SheetJS, the app's spreadsheet library). */
const readWorkbook = async (path: string) => {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.read(await readFile(path), { type: 'buffer' });
  return book.SheetNames.map((name) => ({
    name,
    rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1, blankrows: false }),
  }));
};

const exportReport = async (file: string) => {
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByTestId('report-export').click();
  const done = await download;
  expect(done.suggestedFilename()).toBe('relatorio-de-atendimentos.xlsx');
  const saved = `${SHOTS}${file}`;
  await done.saveAs(saved);
  return readWorkbook(saved);
};

beforeAll(async () => {
  await signUpCompany(OWNER, `Loja Relatório ${run}`);
  const session = await api<{ token: string; user: { id: number; queueIds: number[] } }>('POST', '/auth/login', {
    email: OWNER.email,
    password: OWNER.password,
  });
  const token = session.token;
  const connections = await api<{ id: number; channel: string }[]>('GET', '/whatsapp', undefined, token);
  const webchat = connections.find((c) => c.channel === 'webchat')!;
  webchatId = webchat.id;
  queueId = session.user.queueIds[0]!;
  for (const [i, name] of CUSTOMERS.entries()) {
    numbers.push(`55119888700${i}${run.length}`);
    const contact = await api<{ id: number }>('POST', '/contacts', { name, number: numbers[i] }, token);
    const ticket = await api<{ id: number }>(
      'POST',
      '/tickets',
      { contactId: contact.id, queueId, whatsappId: webchat.id, userId: session.user.id, status: 'open' },
      token,
    );
    if (i === 0) closedId = ticket.id;
  }
  await api('PUT', `/tickets/${closedId}`, { status: 'closed', sendFarewellMessage: false }, token);
  await api(
    'POST',
    '/users',
    {
      name: SUPERVISOR.name,
      email: SUPERVISOR.email,
      password: SUPERVISOR.password,
      profile: 'user',
      showDashboard: 'enabled',
      queueIds: [queueId],
    },
    token,
  );
  ({ browser, page } = await openDesktopPage(pageErrors));
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

describe('the ticket report', () => {
  it('lets an admin filter the report and export it to relatorio-de-atendimentos.xlsx', async () => {
    await signInWithForm(page, OWNER.email, OWNER.password);
    await page.goto(`${baseUrl()}/reports`);
    await page.locator('[data-testid=reports-table] tbody tr', { hasText: CUSTOMERS[2]! }).waitFor();
    expect(await page.locator('[data-testid=reports-table] tbody tr').count()).toBe(3);
    expect(await page.locator('.p-paginator .p-dropdown-label').textContent()).toBe('10');

    // statuses: Fechado
    await page
      .locator('.reports-field', { has: page.locator('#report-statuses-label') })
      .locator('.p-multiselect')
      .click();
    await page.locator('.p-multiselect-panel .p-multiselect-item', { hasText: 'Fechado' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('report-filter').click();
    await expect.poll(() => page.locator('[data-testid=reports-table] tbody tr').count()).toBe(1);
    await expect.poll(() => page.locator('[data-testid=reports-table] tbody tr').first().textContent()).toContain(CUSTOMERS[0]);
    await page.screenshot({ path: `${SHOTS}reports-filtered.png` });

    // the export reads its pages slowly here, so its progress can be seen
    await page.route('**/api/ticketreport/reports?*', async (route) => {
      if (route.request().url().includes('pageSize=500')) await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const sheets = exportReport('reports-admin.xlsx');
    await page.getByTestId('report-export-progress').waitFor();
    expect(await page.getByTestId('report-export-progress').textContent()).toContain('Exportando');
    await page.screenshot({ path: `${SHOTS}reports-exporting.png` });
    const [sheet, ...others] = await sheets;
    await page.unroute('**/api/ticketreport/reports?*');
    expect(others).toEqual([]);
    expect(sheet!.name).toBe('RelatorioDeAtendimentos');
    expect(sheet!.rows[0]).toEqual([
      'Id',
      'Conexão',
      'Contato',
      'Usuário',
      'Fila',
      'Status',
      'Última mensagem',
      'Criado em',
      'Fechado em',
      'Tempo de atendimento',
      'NPS',
    ]);
    expect(sheet!.rows).toHaveLength(2);
    expect(sheet!.rows[1]!.slice(0, 3)).toEqual([closedId, expect.any(String), CUSTOMERS[0]]);
    expect(sheet!.rows[1]![3]).toBe(OWNER.name);
    expect(sheet!.rows[1]![5]).toBe('Fechado');
  });

  it('lets a supervisor (showDashboard) export the whole month', async () => {
    // a fresh browser profile: the admin's session stays in the first one
    await browser.close();
    ({ browser, page } = await openDesktopPage(pageErrors));
    await signInWithForm(page, SUPERVISOR.email, SUPERVISOR.password);
    await page.goto(`${baseUrl()}/reports`);
    await page.locator('[data-testid=reports-table] tbody tr', { hasText: CUSTOMERS[2]! }).waitFor();
    const [sheet] = await exportReport('reports-supervisor.xlsx');
    expect(sheet!.name).toBe('RelatorioDeAtendimentos');
    expect(
      sheet!.rows
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual([...CUSTOMERS].sort());
  });

  it('finds tickets by contact name, number or ticket id, and shows the page of the pages and the total', async () => {
    // four more tickets of the month: seven in all, two pages of five
    const { token } = await api<{ token: string }>('POST', '/auth/login', { email: OWNER.email, password: OWNER.password });
    for (let i = 0; i < 4; i++) {
      const contact = await api<{ id: number }>(
        'POST',
        '/contacts',
        { name: `Lucas Página ${i}`, number: `55119777600${i}${run.length}` },
        token,
      );
      await api('POST', '/tickets', { contactId: contact.id, queueId, whatsappId: webchatId }, token);
    }
    const rows = page.locator('[data-testid=reports-table] tbody tr');
    const current = page.locator('.p-paginator .p-paginator-current');
    await page.goto(`${baseUrl()}/reports`);
    await rows.filter({ hasText: 'Lucas Página 3' }).waitFor();
    expect(await page.getByTestId('report-total').textContent()).toBe('7 tickets');
    expect(await current.textContent()).toBe('Página 1 de 1');

    await page.locator('.p-paginator .p-dropdown').click();
    await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: /^5$/ }).click();
    await expect.poll(() => current.textContent()).toBe('Página 1 de 2');
    expect(await rows.count()).toBe(5);
    expect(await page.getByTestId('report-total').textContent()).toBe('7 tickets');
    await page.screenshot({ path: `${SHOTS}reports-pager.png` });
    await page.locator('.p-paginator-next').click();
    await expect.poll(() => current.textContent()).toBe('Página 2 de 2');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.locator('.p-paginator-next').isDisabled()).toBe(true);

    const search = page.getByTestId('reports-search');
    expect(await search.getAttribute('placeholder')).toBe('Pesquisar contato, número ou id do ticket');
    // by name, from the first page again
    await search.fill('paula');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(CUSTOMERS[2]);
    expect(await current.textContent()).toBe('Página 1 de 1');
    expect(await page.getByTestId('report-total').textContent()).toBe('1 ticket');
    await page.screenshot({ path: `${SHOTS}reports-search.png` });
    // by number
    await search.fill(numbers[1]!);
    await expect.poll(() => rows.first().textContent()).toContain(CUSTOMERS[1]);
    expect(await rows.count()).toBe(1);
    // by ticket id
    await search.fill(String(closedId));
    await expect.poll(() => rows.first().textContent()).toContain(CUSTOMERS[0]);
    expect(await rows.count()).toBe(1);
    // a name shared by four tickets: one page of them, and the whole report again once the box is emptied
    await search.fill('lucas');
    await expect.poll(() => page.getByTestId('report-total').textContent()).toBe('4 tickets');
    expect(await current.textContent()).toBe('Página 1 de 1');
    await search.fill('');
    await expect.poll(() => page.getByTestId('report-total').textContent()).toBe('7 tickets');
    expect(await current.textContent()).toBe('Página 1 de 2');
  });

  it('raised no uncaught error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
