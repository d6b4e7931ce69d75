/**
 * The ticket's PDF export in a real browser: the file downloads as ticket-{id}.pdf, is a PDF, and carries the
 * whole conversation as text (accented Portuguese and Turkish included, emoji not breaking it), also the oldest
 * messages that the conversation on screen has not loaded. A failed export shows the translated error toast.
 * The PDF is kept as test-results/pdf-export-ticket.pdf, with screenshots during and after the export.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, openDesktopPage, SHOTS, signInWithForm, signUpCompany } from './browser.ts';

const run = Date.now().toString(36);
const OWNER = { name: 'Olga Dona', email: `olga.pdf.${run}@example.com`, password: 'pdf-export-password-1' };
const CUSTOMER = { name: 'Çağla Gümüş', email: `cagla.${run}@example.com` };
const VISITOR_SAYS = ['Olá! Não recebi o código de ativação, você pode verificar?', 'Teşekkürler, iyi günler: ğ ş ı İ ö ü ç 👍'];
const AGENT_SAYS = 'Claro, Çağla! O código é 4521, válido até amanhã.';
/** More than one page of the export's reading (100) and far more than the conversation shows at first (30). */
const FOLLOW_UPS = Array.from({ length: 100 }, (_, i) => `Acompanhamento número ${i + 1}.`);

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
let ownerToken = '';
let ticketId = 0;
let ticketUuid = '';

const signIn = async () => {
  ownerToken = await signInWithForm(page, OWNER.email, OWNER.password);
};

/** The text of every page, items joined and white space collapsed (a line break is a space). */
const pdfText = async (bytes: Uint8Array): Promise<{ pages: number; text: string }> => {
  const doc = await getDocument({ data: bytes, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str, item.hasEOL ? ' ' : '');
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text: parts.join('').replace(/\s+/g, ' ') };
};

const openExport = async (name: string) => {
  await page.getByTestId('header-more').click();
  await page.getByRole('menuitem', { name }).click();
};

beforeAll(async () => {
  await signUpCompany(OWNER, `Loja PDF ${run}`);
  const session = await api<{ token: string }>('POST', '/auth/login', { email: OWNER.email, password: OWNER.password });
  const connections = await api<{ channel: string; widgetKey: string | null }[]>('GET', '/whatsapp', undefined, session.token);
  const webchatToken = connections.find((c) => c.channel === 'webchat' && c.widgetKey)?.widgetKey ?? '';
  const visitor = await api<{ visitorToken: string }>('POST', `/webchat/${webchatToken}/visitors`, {
    name: CUSTOMER.name,
    email: CUSTOMER.email,
  });
  for (const body of VISITOR_SAYS) await api('POST', `/webchat/${webchatToken}/messages`, { body }, visitor.visitorToken);

  ({ browser, page } = await openDesktopPage(pageErrors, { serviceWorkers: 'block' }));
  await signIn();
  await page.getByTestId('tab-pending').click();
  await page.getByTestId('ticket-row').filter({ hasText: CUSTOMER.name }).click();
  await page.getByTestId('header-accept').click();
  await page.getByTestId('message-input').waitFor();
  const open = await api<{ tickets: { id: number; uuid: string; contact: { name: string } }[] }>(
    'GET',
    '/tickets?status=open',
    undefined,
    ownerToken,
  );
  ({ id: ticketId, uuid: ticketUuid } = open.tickets.find((t) => t.contact.name === CUSTOMER.name)!);
  await api('POST', `/messages/${ticketId}`, { body: AGENT_SAYS }, ownerToken);
  await api('POST', `/messages/${ticketId}`, { body: 'Cliente pediu retorno por e-mail.', isPrivate: true }, ownerToken);
  for (const body of FOLLOW_UPS) await api('POST', `/messages/${ticketId}`, { body }, ownerToken);
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

describe('the PDF export of a ticket', () => {
  it('shows the translated error toast when the PDF cannot be made', async () => {
    await page.goto(`${baseUrl()}/tickets/${ticketUuid}`);
    await page
      .getByTestId('message')
      .filter({ hasText: FOLLOW_UPS.at(-1)! })
      .waitFor();
    // the PDF library cannot be fetched (a network failure, a release replaced meanwhile)
    await page.route('**/assets/pdfmake-*.js', (route) => route.abort());
    await openExport('Exportar conversa em PDF');
    await page.locator('.p-toast-message-error').filter({ hasText: 'Não foi possível gerar o PDF. Tente novamente.' }).waitFor();
    await expect.poll(() => page.getByTestId('header-more').getAttribute('aria-busy')).toBe('false');
    await page.unroute('**/assets/pdfmake-*.js');
  });

  it('downloads ticket-{id}.pdf with every message as text, in the interface language', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'tr'));
    await page.goto(`${baseUrl()}/tickets/${ticketUuid}`);
    await page
      .getByTestId('message')
      .filter({ hasText: FOLLOW_UPS.at(-1)! })
      .waitFor();
    // the oldest messages are not on screen: the export has to read them
    expect(await page.getByTestId('message').filter({ hasText: VISITOR_SAYS[0]! }).count()).toBe(0);

    // reading the conversation takes a moment, so the progress state can be seen
    await page.route('**/api/messages/**', async (route) => {
      if (route.request().method() === 'GET' && route.request().url().includes('limit=100'))
        await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await openExport('Konuşmayı PDF olarak dışa aktar');
    await expect.poll(() => page.getByTestId('header-more').getAttribute('aria-busy')).toBe('true');
    await page.getByTestId('header-more').click();
    await expect(
      page.getByRole('menuitem', { name: 'Konuşmayı PDF olarak dışa aktar' }).getAttribute('aria-disabled'),
    ).resolves.toBe('true');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}pdf-export-progress.png` });
    await page.keyboard.press('Escape');
    const file = await download;
    await page.unroute('**/api/messages/**');
    await expect.poll(() => page.getByTestId('header-more').getAttribute('aria-busy')).toBe('false');

    expect(file.suggestedFilename()).toBe(`ticket-${ticketId}.pdf`);
    const saved = `${SHOTS}pdf-export-ticket.pdf`;
    await file.saveAs(saved);
    const bytes = new Uint8Array(await readFile(saved));
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const { pages, text } = await pdfText(bytes);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Talep #${ticketId}`);
    expect(text).toContain(`${CUSTOMER.name} · ${CUSTOMER.email} · `);
    expect(text).toContain(`İlgilenen: ${OWNER.name}`);
    expect(text).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} tarihinde oluşturuldu/);
    expect(text).toContain(VISITOR_SAYS[0]);
    // the emoji, which the font has no glyph for, becomes one replacement mark
    expect(text).toContain('Teşekkürler, iyi günler: ğ ş ı İ ö ü ç \uFFFD');
    expect(text).toContain(`Temsilci · `);
    expect(text).toContain(AGENT_SAYS);
    expect(text).toContain('Özel not · ');
    expect(text).toContain('Cliente pediu retorno por e-mail.');
    const missing = FOLLOW_UPS.filter((body) => !text.includes(body));
    expect(missing).toEqual([]);
    // oldest first
    expect(text.indexOf(VISITOR_SAYS[0]!)).toBeLessThan(text.indexOf(AGENT_SAYS));
    expect(text.indexOf(AGENT_SAYS)).toBeLessThan(text.indexOf(FOLLOW_UPS[0]!));
    await page.screenshot({ path: `${SHOTS}pdf-export-done.png` });
  });

  it('raised no uncaught error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
