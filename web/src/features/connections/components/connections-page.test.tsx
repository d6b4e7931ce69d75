import { describe, expect, it } from 'vitest';
import { makeConnection, makeQueue, makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, type FakeRoute, freshPageEachTest, until } from '../../../test-network.ts';
import { byTestId, click, renderSignedIn, sessionRoutes, typeInto } from '../../../test-app.tsx';

/**
 * /connections as the app renders it against a fake API: who sees it, the table, the add menu (only channels with
 * a working driver), the name rule of the dialog, and the menu's warning badge.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('pt');

const render = async (user = makeUser(), routes: Record<string, FakeRoute> = {}) => {
  const calls = fakeNetwork({
    ...sessionRoutes(user),
    'GET /api/queue': () => ({
      status: 200,
      body: [makeQueue(3, { name: 'Vendas', orderQueue: 1 })],
    }),
    ...routes,
  });
  await renderSignedIn(page, '/connections', user);
  return calls;
};

const rowsText = () =>
  [...document.querySelectorAll('[data-testid=connections-table] tbody tr')].map((tr) => tr.textContent ?? '');

describe('the connections page', () => {
  it('shows the no-access view to a user without allowConnections, and no menu entry', async () => {
    await render(makeUser({ profile: 'user' }), { 'GET /api/whatsapp': () => ({ status: 200, body: [makeConnection(1)] }) });
    await until(() => byTestId('forbidden-page') !== null, 'the 403 view');
    expect(document.body.textContent).toContain('Oops! Accesso denegado!');
    expect(byTestId('nav-connections')).toBeNull();
    expect(byTestId('connections-table')).toBeNull();
  });

  it('lists channel, name, no number, online, last update and the default flag; its menu entry has no warning', async () => {
    await render(makeUser(), {
      'GET /api/whatsapp': () => ({ status: 200, body: [makeConnection(1), makeConnection(2, { name: 'Loja' })] }),
    });
    await until(() => rowsText().length === 2, 'the rows');
    expect(rowsText()[0]).toContain('Chat 1');
    expect(rowsText()[0]).toContain('online');
    expect(rowsText()[0]).toContain('Sem número');
    expect(rowsText()[0]).toContain('04/03/26 15:30');
    expect(document.querySelectorAll('[data-testid=connections-table] tbody .connections-table__default')).toHaveLength(1);
    expect(byTestId('nav-connections')).not.toBeNull();
    expect(byTestId('nav-connections-warning')).toBeNull();
  });

  it('puts the warning badge on the menu entry when a connection is disconnected', async () => {
    await render(makeUser(), {
      'GET /api/whatsapp': () => ({
        status: 200,
        body: [makeConnection(1), makeConnection(2, { channel: 'whatsapp', status: 'DISCONNECTED', number: '5511999990000' })],
      }),
    });
    await until(() => byTestId('nav-connections-warning') !== null, 'the warning badge');
    // its name tells what the badge means, with the drawer open (its text) or collapsed to icons (its label)
    const entry = byTestId('nav-connections')!;
    expect(entry.getAttribute('aria-label') ?? entry.textContent).toContain('Há conexões que precisam de atenção');
    expect(rowsText()[1]).toContain('Desconectado');
    expect(rowsText()[1]).toContain('5511999990000');
  });

  it("offers the channels the plan allows in the add menu, refuses a one-letter name with 'Too Short!', then creates a website chat", async () => {
    let created: unknown;
    const calls = await render(makeUser(), {
      'GET /api/whatsapp': () => ({ status: 200, body: [makeConnection(1)] }),
      'POST /api/whatsapp': (init) => {
        created = JSON.parse(String(init.body));
        return { status: 201, body: makeConnection(2, { name: 'Loja' }) };
      },
    });
    await until(() => byTestId('connections-add') !== null, 'the add button');
    await click(byTestId('connections-add'));
    await until(() => document.querySelector('#connections-add-menu') !== null, 'the add menu');
    const items = [...document.querySelectorAll('#connections-add-menu .p-menuitem')].map((i) => i.textContent);
    // the plan has useWhatsapp and neither useFacebook nor useInstagram
    expect(items).toEqual(['WhatsApp (QR code)', 'WhatsApp Cloud API', 'Chat do site']);
    await click(document.querySelector('#connections-add-menu .connections-add-webchat a'));
    await until(() => byTestId('connection-save') !== null, 'the dialog');
    expect(byTestId('connection-dialog')!.textContent).toContain('Nova conexão: Chat do site');
    expect([...document.querySelectorAll('[role=tab]')].map((t) => t.textContent)).toEqual([
      'Geral',
      'Mensagens',
      'Integrações',
      'Chatbot',
      'Avaliações',
    ]);

    await typeInto('#connection-name', 'L');
    await click(byTestId('connection-save'));
    expect(document.querySelector('#connection-name-error')?.textContent).toBe('Too Short!');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/whatsapp')).toBe(false);

    await typeInto('#connection-name', 'Loja');
    await click(byTestId('connection-save'));
    await until(() => created !== undefined, 'the POST');
    expect(created).toMatchObject({ channel: 'webchat', name: 'Loja', isDefault: false, queueIds: [], color: '#2563eb' });
  });
  it('shows the session buttons by status, sends their commands, and the QR code of a session waiting to be paired', async () => {
    const calls = await render(makeUser(), {
      'POST /api/whatsappsession/3': () => ({ status: 200, body: makeConnection(3, { channel: 'whatsapp', status: 'OPENING' }) }),
      'PUT /api/whatsappsession/3': () => ({ status: 200, body: makeConnection(3, { channel: 'whatsapp', status: 'OPENING' }) }),
      'DELETE /api/whatsappsession/5': () => ({
        status: 200,
        body: makeConnection(5, { channel: 'whatsapp', status: 'DISCONNECTED' }),
      }),
      'GET /api/whatsapp': () => ({
        status: 200,
        body: [
          makeConnection(1),
          makeConnection(2, { name: 'Loja QR', channel: 'whatsapp', status: 'qrcode', qrcode: '2@abcdefghijklmnop,xyz' }),
          makeConnection(3, { name: 'Loja caiu', channel: 'whatsapp', status: 'DISCONNECTED' }),
          makeConnection(4, { name: 'Loja abrindo', channel: 'whatsapp', status: 'OPENING' }),
          makeConnection(5, { name: 'Loja lenta', channel: 'whatsapp', status: 'TIMEOUT' }),
        ],
      }),
    });
    await until(() => rowsText().length === 5, 'the rows');
    expect(byTestId('connection-show-qr-2')).not.toBeNull();
    expect(byTestId('connection-retry-3')?.textContent).toContain('Tentar novamente');
    expect(byTestId('connection-new-qr-3')?.textContent).toContain('Novo QR code');
    expect(byTestId('connection-connecting-4')?.hasAttribute('disabled')).toBe(true);
    expect(byTestId('connection-disconnect-5')?.textContent).toContain('Desconectar');
    expect(byTestId('connection-session-1')).toBeNull();
    // the health panel exists for WhatsApp sessions only
    expect(byTestId('connection-health-1')).toBeNull();
    expect(byTestId('connection-health-2')).not.toBeNull();

    await click(byTestId('connection-retry-3'));
    await until(() => calls.some((c) => c.method === 'POST' && c.path === '/api/whatsappsession/3'), 'the retry call');
    await click(byTestId('connection-new-qr-3'));
    await until(() => calls.some((c) => c.method === 'PUT' && c.path === '/api/whatsappsession/3'), 'the new QR call');
    await click(byTestId('connection-disconnect-5'));
    await until(() => calls.some((c) => c.method === 'DELETE' && c.path === '/api/whatsappsession/5'), 'the disconnect call');

    await click(byTestId('connection-show-qr-2'));
    await until(() => byTestId('connection-qr-image') !== null, 'the QR image');
    expect(byTestId('connection-qr-image')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(byTestId('connection-qr-dialog')!.textContent).toContain('Loja QR');
  });
  it("edits a WhatsApp session's group settings in the general tab and sends them", async () => {
    let sent: unknown;
    await render(makeUser(), {
      'GET /api/whatsapp': () => ({
        status: 200,
        body: [makeConnection(1), makeConnection(2, { name: 'Loja Zap', channel: 'whatsapp', number: '5511988887777' })],
      }),
      'PUT /api/whatsapp/2': (init) => {
        sent = JSON.parse(String(init.body));
        return { status: 200, body: makeConnection(2, { name: 'Loja Zap', channel: 'whatsapp', allowGroup: true }) };
      },
    });
    await until(() => byTestId('connection-edit-2') !== null, 'the edit button');
    await click(byTestId('connection-edit-2'));
    await until(() => byTestId('connection-allow-group') !== null, 'the group settings');
    expect(byTestId('connection-dialog')!.textContent).toContain('Grupos como atendimento');
    await click(document.querySelector('label[for=connection-allow-group]'));
    await click(byTestId('connection-save'));
    await until(() => sent !== undefined, 'the PUT');
    expect(sent).toMatchObject({ name: 'Loja Zap', allowGroup: true, groupAsTicket: 'disabled' });
  });
  it("shows the API token and a web chat's widget key apart, the tag with the key only, and regenerates each on its own", async () => {
    const sent: unknown[] = [];
    await render(makeUser(), {
      'GET /api/whatsapp': () => ({
        status: 200,
        body: [makeConnection(1), makeConnection(2, { name: 'Zap', channel: 'whatsapp', widgetKey: null })],
      }),
      'PUT /api/whatsapp/1': (init) => {
        sent.push(JSON.parse(String(init.body)));
        return { status: 200, body: makeConnection(1) };
      },
    });
    await until(() => byTestId('connection-edit-1') !== null, 'the edit button');
    await click(byTestId('connection-edit-1'));
    await until(() => byTestId('connection-widget-key') !== null, 'the widget key');
    const { token, widgetKey } = makeConnection(1);
    expect((byTestId('connection-token') as HTMLInputElement).value).toBe(token);
    expect((byTestId('connection-widget-key') as HTMLInputElement).value).toBe(widgetKey);
    const embed = (byTestId('connection-embed') as HTMLTextAreaElement).value;
    expect(embed).toContain(`data-token="${widgetKey}"`);
    expect(embed).not.toContain(token!);

    await click(byTestId('connection-regenerate-widget-key'));
    await until(
      () => document.querySelector('[data-testid=connection-regenerate-widget-key-dialog] .p-confirm-dialog-accept') !== null,
      'the confirmation',
    );
    await click(document.querySelector('[data-testid=connection-regenerate-widget-key-dialog] .p-confirm-dialog-accept'));
    await until(() => sent.length === 1, 'the first PUT');
    await click(byTestId('connection-regenerate-token'));
    await until(
      () => document.querySelector('[data-testid=connection-regenerate-dialog] .p-confirm-dialog-accept') !== null,
      'the confirmation',
    );
    await click(document.querySelector('[data-testid=connection-regenerate-dialog] .p-confirm-dialog-accept'));
    await until(() => sent.length === 2, 'the second PUT');
    expect(sent).toEqual([{ regenerateWidgetKey: true }, { regenerateToken: true }]);
  });

  it('shows the API token of a connection without a widget, and no widget key or tag', async () => {
    await render(makeUser(), {
      'GET /api/whatsapp': () => ({
        status: 200,
        body: [makeConnection(1), makeConnection(2, { name: 'Zap', channel: 'whatsapp', widgetKey: null })],
      }),
    });
    await until(() => byTestId('connection-edit-2') !== null, 'the edit button');
    await click(byTestId('connection-edit-2'));
    await until(() => byTestId('connection-token') !== null, 'the API token');
    expect((byTestId('connection-token') as HTMLInputElement).value).toBe(makeConnection(2).token);
    expect(byTestId('connection-widget-key')).toBeNull();
    expect(byTestId('connection-embed')).toBeNull();
  });

  it("shows a Cloud API number's webhook URL and ids, and sends a new access token only when one is typed", async () => {
    let sent: unknown;
    await render(makeUser(), {
      'GET /api/whatsapp': () => ({
        status: 200,
        body: [
          makeConnection(1),
          makeConnection(2, {
            name: 'Oficial',
            channel: 'whatsappapi',
            phoneNumberId: '1098765',
            wabaId: '2233',
            webhookUrl: 'https://app.example.com/api/webhooks/whatsapp/k3y',
            token: null,
          }),
        ],
      }),
      'PUT /api/whatsapp/2': (init) => {
        sent = JSON.parse(String(init.body));
        return { status: 200, body: makeConnection(2, { name: 'Oficial', channel: 'whatsappapi' }) };
      },
    });
    await until(() => byTestId('connection-edit-2') !== null, 'the edit button');
    await click(byTestId('connection-edit-2'));
    await until(() => byTestId('connection-webhook-url') !== null, 'the webhook URL');
    expect((byTestId('connection-webhook-url') as HTMLInputElement).value).toBe(
      'https://app.example.com/api/webhooks/whatsapp/k3y',
    );
    expect(document.querySelector<HTMLInputElement>('#connection-phone-number-id')!.value).toBe('1098765');
    expect(document.querySelector<HTMLInputElement>('#connection-phone-number-id')!.readOnly).toBe(true);
    expect(byTestId('connection-allow-group')).toBeNull();
    await click(byTestId('connection-save'));
    await until(() => sent !== undefined, 'the PUT');
    expect(sent).not.toHaveProperty('accessToken');
    expect(sent).not.toHaveProperty('allowGroup');
  });
});
