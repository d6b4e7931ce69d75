import type { QuickMessage } from '@switchboard/shared/contracts/quick-messages';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { makeQuickMessage } from '../../../test-fixtures.ts';
import { fakeNetwork, type FakeRoute, type RecordedCall, freshPageEachTest, until } from '../../../test-network.ts';
import { byTestId, click, renderSignedIn, sessionRoutes, typeInto } from '../../../test-app.tsx';

/**
 * /quick-messages as the app renders it, signed in as user 5, against a fake API: the table, the pager, adding
 * with validation, another user's unshared reply shown read-only, and deleting after confirmation.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let calls: RecordedCall[];

const serve = (routes: Record<string, FakeRoute>) => {
  calls = fakeNetwork(routes);
};

const reply = (id: number, overrides: Partial<QuickMessage> = {}): QuickMessage =>
  makeQuickMessage(id, { shortcode: `code${String(id).padStart(2, '0')}`, message: `Message ${id}`, ...overrides });

const page = freshPageEachTest('pt');

const render = async () => {
  await renderSignedIn(page, '/quick-messages');
};

const rowsText = () =>
  [...page.container.querySelectorAll('[data-testid=quick-messages-table] tbody tr')].map((tr) => tr.textContent ?? '');

describe('the quick replies page', () => {
  it('shows shortcode, attachment name or "Sem anexo" and a check when shared, five rows a page, reading more pages as needed', async () => {
    const first = [
      reply(1, { isMedia: true, mediaName: 'tabela.pdf', mediaUrl: '/media/x' }),
      reply(2, { geral: true }),
      ...Array.from({ length: 18 }, (_, i) => reply(i + 3)),
    ];
    serve({
      ...sessionRoutes(),
      'GET /api/quick-messages': (_init, url) =>
        url.searchParams.get('pageNumber') === '2'
          ? { status: 200, body: { records: [reply(21), reply(22)], hasMore: false } }
          : { status: 200, body: { records: first, hasMore: true } },
    });
    await render();
    await until(() => rowsText().length > 0 && rowsText()[0]!.includes('code01'), 'the table');
    expect(rowsText()).toHaveLength(5);
    expect(rowsText()[0]).toContain('tabela.pdf');
    expect(rowsText()[2]).toContain('Sem anexo');
    const checks = page.container.querySelectorAll('[data-testid=quick-messages-table] tbody .quick-messages-table__shared');
    expect(checks).toHaveLength(1);
    expect(checks[0]!.closest('tr')!.textContent).toContain('code02');
    expect(calls.filter((c) => c.path === '/api/quick-messages').map((c) => c.search)).toEqual(['?pageNumber=1']);

    // the pager offers 5, 10 and 25 rows; its last page of what was read asks the API for the next one
    await click(page.container.querySelector('.p-paginator-last'));
    await until(() => calls.some((c) => c.search === '?pageNumber=2'), 'the second API page');
    expect(rowsText()[4]).toContain('code20');
    await until(() => page.container.querySelector('.p-paginator-next:not(.p-disabled)') !== null, 'a page after the fourth');
    await click(page.container.querySelector('.p-paginator-next'));
    await until(() => rowsText().some((r) => r.includes('code22')), 'the rows of the second API page');
    expect(rowsText()).toHaveLength(2);
  });

  it("asks for the shortcode with 'Requerido' and sends nothing, then creates the reply", async () => {
    let created: unknown;
    serve({
      ...sessionRoutes(),
      'GET /api/quick-messages': () => ({ status: 200, body: { records: [], hasMore: false } }),
      'POST /api/quick-messages': (init) => {
        created = JSON.parse(String(init.body));
        return { status: 201, body: reply(9, { shortcode: 'ola', message: 'Olá!' }) };
      },
    });
    await render();
    await until(() => byTestId('quick-messages-add') !== null, 'the add button');
    await click(byTestId('quick-messages-add'));
    await until(() => byTestId('quick-message-save') !== null, 'the dialog');
    await click(byTestId('quick-message-save'));
    expect(document.querySelector('#quick-message-shortcode-error')?.textContent).toBe('Requerido');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/quick-messages')).toBe(false);

    await typeInto('#quick-message-shortcode', 'ola');
    await act(async () => {
      const area = document.querySelector<HTMLTextAreaElement>('#quick-message-message')!;
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, 'Olá!');
      area.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(byTestId('quick-message-save'));
    await until(() => created !== undefined, 'the POST');
    expect(created).toEqual({ shortcode: 'ola', message: 'Olá!', geral: false, visao: true });
  });

  it("opens another user's unshared reply read-only, without a delete button", async () => {
    serve({
      ...sessionRoutes(),
      'GET /api/quick-messages': () => ({
        status: 200,
        body: { records: [reply(1, { shortcode: 'theirs', userId: 99 }), reply(2, { shortcode: 'mine' })], hasMore: false },
      }),
    });
    await render();
    await until(() => byTestId('quick-message-edit-theirs') !== null, 'the rows');
    expect(byTestId('quick-message-delete-theirs')).toBeNull();
    expect(byTestId('quick-message-delete-mine')).not.toBeNull();
    await click(byTestId('quick-message-edit-theirs'));
    await until(() => byTestId('quick-message-dialog') !== null, 'the dialog');
    expect(byTestId('quick-message-dialog')!.textContent).toContain('Outro usuário criou esta resposta');
    expect(document.querySelector<HTMLInputElement>('#quick-message-shortcode')!.readOnly).toBe(true);
    expect(byTestId('quick-message-save')).toBeNull();
  });

  it('deletes a reply only after the confirmation', async () => {
    const deleted: string[] = [];
    serve({
      ...sessionRoutes(),
      'GET /api/quick-messages': () => ({ status: 200, body: { records: [reply(4, { shortcode: 'old' })], hasMore: false } }),
      'DELETE /api/quick-messages/4': (_init, url) => {
        deleted.push(url.pathname);
        return { status: 200, body: { ok: true } };
      },
    });
    await render();
    await until(() => byTestId('quick-message-delete-old') !== null, 'the row');
    await click(byTestId('quick-message-delete-old'));
    await until(() => document.body.textContent!.includes('Excluir a resposta rápida old?'), 'the confirmation');
    expect(deleted).toEqual([]);
    await click(document.querySelector('.p-confirm-dialog-accept'));
    await until(() => deleted.length === 1, 'the DELETE');
  });
});
