/**
 * Load generator of `npm run bench:load`, run as its own process: customers write at fixed rates over a set of
 * conversations, alternately on the website chat (its public API, with a visitor token) and on a WhatsApp Cloud API
 * number (webhook deliveries signed with the app secret, as Meta posts them), while an admin's WebSocket times each
 * message from its request to its event. Reads its settings as JSON on stdin, prints one JSON array of rows.
 */
import { createHmac } from 'node:crypto';
import { drain, openAgentSocket, paced, percentile, readStdinJson, runMain } from './bench-kit.ts';

export interface MixRound {
  rate: number;
  /** the round's web chat visitors' tokens (each a conversation) */
  visitors: string[];
  /** the round's Cloud API customers' numbers (each a conversation, new to the company) */
  numbers: string[];
}

export interface MixInput {
  baseUrl: string;
  agentToken: string;
  webchatToken: string;
  cloud: { webhookUrl: string; appSecret: string; phoneNumberId: string; wabaId: string };
  rounds: MixRound[];
  /** messages per round; message i goes to conversation i mod (visitors + numbers), so each writes first then again */
  messages: number;
  /** how long to wait for the last events after a round's last request */
  drainSeconds: number;
}

export interface MixRow {
  rate: number;
  channel: 'webchat' | 'cloud';
  sent: number;
  /** requests answered with anything but 2xx (not accepted, so not counted as lost) */
  refused: number;
  received: number;
  /** accepted (2xx) and never seen on the socket within the drain time */
  lost: number;
  firstP50: number;
  firstP99: number;
  p50: number;
  p99: number;
  max: number;
}

const cloudText = (input: MixInput, from: string, id: string, body: string) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: input.cloud.wabaId,
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550001', phone_number_id: input.cloud.phoneNumberId },
            contacts: [{ profile: { name: `Cliente ${from}` }, wa_id: from }],
            messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body } }],
          },
        },
      ],
    },
  ],
});

const main = async () => {
  const input = await readStdinJson<MixInput>();
  const ws = await openAgentSocket(input.baseUrl, input.agentToken);
  const sentAt = new Map<string, number>();
  const seen = new Map<string, number>();
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as { data?: { action?: string; message?: { body?: string } } };
    const body = frame.data?.action === 'create' ? frame.data.message?.body : undefined;
    const t0 = body === undefined ? undefined : sentAt.get(body);
    if (t0 === undefined) return;
    seen.set(body!, performance.now() - t0);
    sentAt.delete(body!);
  });

  const rows: MixRow[] = [];
  let serial = 0;
  for (const round of input.rounds) {
    const conversations = round.visitors.length + round.numbers.length;
    const sends: Promise<void>[] = [];
    const accepted = { webchat: [] as { body: string; first: boolean }[], cloud: [] as { body: string; first: boolean }[] };
    const refused = { webchat: 0, cloud: 0 };
    await paced(round.rate, input.messages, (i) => {
      const c = i % conversations;
      const first = i < conversations;
      const channel = c % 2 === 0 ? 'webchat' : 'cloud';
      const body = `load ${round.rate}/s #${++serial}`;
      sentAt.set(body, performance.now());
      const request =
        channel === 'webchat'
          ? fetch(`${input.baseUrl}/api/webchat/${input.webchatToken}/messages`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${round.visitors[c >> 1]}` },
              body: JSON.stringify({ body }),
            })
          : (() => {
              const raw = JSON.stringify(cloudText(input, round.numbers[c >> 1]!, `wamid.LOAD${serial}`, body));
              const signature = `sha256=${createHmac('sha256', input.cloud.appSecret).update(raw).digest('hex')}`;
              return fetch(input.cloud.webhookUrl, {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
                body: raw,
              });
            })();
      sends.push(
        request.then(
          async (res) => {
            await res.arrayBuffer();
            if (res.ok) accepted[channel].push({ body, first });
            else {
              refused[channel] += 1;
              sentAt.delete(body);
            }
          },
          () => {
            refused[channel] += 1;
            sentAt.delete(body);
          },
        ),
      );
    });
    await Promise.all(sends);
    const all = () => [...accepted.webchat, ...accepted.cloud];
    await drain(() => all().every((m) => seen.has(m.body)), input.drainSeconds);
    for (const channel of ['webchat', 'cloud'] as const) {
      const times = accepted[channel].flatMap((m) => (seen.has(m.body) ? [seen.get(m.body)!] : []));
      const firsts = accepted[channel].flatMap((m) => (m.first && seen.has(m.body) ? [seen.get(m.body)!] : []));
      rows.push({
        rate: round.rate,
        channel,
        sent: accepted[channel].length + refused[channel],
        refused: refused[channel],
        received: times.length,
        lost: accepted[channel].length - times.length,
        firstP50: percentile(firsts, 50),
        firstP99: percentile(firsts, 99),
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        max: times.length ? Math.max(...times) : NaN,
      });
    }
    sentAt.clear();
  }
  ws.close();
  process.stdout.write(JSON.stringify(rows));
};

runMain(main);
