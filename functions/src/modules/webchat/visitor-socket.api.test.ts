/**
 * The web chat visitor's socket opens with a one-time ticket asked for with the visitor token (POST
 * /webchat/{token}/ws-ticket), as agents' sockets do: the 30-day visitor token never goes in a socket address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, SocketProbe, startApi, wsStatus } from '../../../../test/api.ts';
import { signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let company: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Ticket');
  other = await signupCompany(runtime, 'Loja Vizinha');
});
afterAll(async () => {
  await runtime?.stop();
});

describe("the web chat visitor's socket", () => {
  it("opens with a ticket and brings the agent's answer to the visitor", async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Rita Ticket');
    const issued = await visitor.api().post(`/webchat/${company.webchatToken}/ws-ticket`);
    expect(issued.status).toBe(200);
    expect(issued.body).toEqual({ ticket: expect.any(String), expiresIn: 60 });
    expect(issued.body.ticket).not.toContain(visitor.token);

    const socket = await SocketProbe.open(runtime.url, `ticket=${encodeURIComponent(issued.body.ticket)}`);
    await visitor.say('Oi, tem alguém?');
    const tickets = await company.admin.get('/tickets?status=pending');
    const ticket = tickets.body.tickets.find((t: { contact: { name: string } }) => t.contact.name === 'Rita Ticket');
    expect((await company.admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: company.adminId })).status).toBe(200);
    expect((await company.admin.post(`/messages/${ticket.id}`, { body: 'Olá, Rita' })).status).toBe(201);
    const delivered = await socket.waitFor((f) => f.event === 'webchat-message' && f.data.fromVisitor === false);
    expect(delivered.data).toMatchObject({ body: 'Olá, Rita' });
    await socket.close();
  });

  it('refuses the visitor token in the socket address, valid as it is', async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Caio Antigo');
    expect((await visitor.conversation()).messages).toEqual([]);
    expect(await wsStatus(runtime.url, `visitorToken=${encodeURIComponent(visitor.token)}`)).toBe(401);
    expect(await wsStatus(runtime.url, `ticket=${encodeURIComponent(visitor.token)}`)).toBe(403);
  });

  it('opens one socket per ticket: a ticket used once is refused after', async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Lia Uma Vez');
    const ticket = await visitor.socketTicket();
    const socket = await SocketProbe.open(runtime.url, `ticket=${encodeURIComponent(ticket)}`);
    expect(await wsStatus(runtime.url, `ticket=${encodeURIComponent(ticket)}`)).toBe(403);
    await socket.close();
    // a fresh ticket for every reconnection
    expect(await wsStatus(runtime.url, `ticket=${encodeURIComponent(await visitor.socketTicket())}`)).toBe(101);
  });

  it('gives no ticket without a visitor token of this very chat', async () => {
    const anonymous = new ApiClient(runtime.url);
    const none = await anonymous.post(`/webchat/${company.webchatToken}/ws-ticket`);
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('ERR_SESSION_EXPIRED');
    const outsider = await new Visitor(runtime, other.webchatToken).start('Visitante Alheio');
    const elsewhere = await new ApiClient(runtime.url, { authorization: `Bearer ${outsider.token}` }).post(
      `/webchat/${company.webchatToken}/ws-ticket`,
    );
    expect(elsewhere.status).toBe(401);
    const unknownChat = await outsider.api().post('/webchat/unknown-token-0000000000/ws-ticket');
    expect(unknownChat.status).toBe(404);
    const badChat = await outsider.api().post('/webchat/no%20t/ws-ticket');
    expect(badChat.status).toBe(400);
    expect(JSON.stringify(badChat.body.fields)).toContain('token');
  });
});
