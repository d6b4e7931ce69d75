import { describe, expect, it, vi } from 'vitest';
import { widgetFetch, WidgetHttpError } from './widget-fetch.ts';

const TOKEN = 'abcdefghijklmnop1234';

const answer = (status: number, body: unknown) => new Response(body === undefined ? '' : JSON.stringify(body), { status });

describe('the widget fetch', () => {
  it('calls the route-table path with the visitor token and no cookies', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(answer(202, { ok: true }));
    await widgetFetch('webchat.send', { chatToken: TOKEN, visitorToken: 'vt', body: { body: 'oi' }, fetchImpl });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe(`/api/webchat/${TOKEN}/messages`);
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', body: '{"body":"oi"}' });
    expect(init?.headers).toMatchObject({ authorization: 'Bearer vt', 'content-type': 'application/json' });
  });

  it('sends no authorization before the visitor exists', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(answer(200, { companyName: 'Acme', color: '#000000', greeting: '' }));
    await widgetFetch('webchat.config', { chatToken: TOKEN, fetchImpl });
    expect(fetchImpl.mock.calls[0]![1]?.headers).not.toHaveProperty('authorization');
  });

  it("raises the answer's status and error code", async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(answer(429, { error: 'ERR_TOO_MANY_ATTEMPTS' }));
    await expect(
      widgetFetch('webchat.send', { chatToken: TOKEN, visitorToken: 'vt', body: {}, fetchImpl }),
    ).rejects.toMatchObject({
      status: 429,
      code: 'ERR_TOO_MANY_ATTEMPTS',
    });
  });

  it('turns an unreachable server into a network error', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const failure = await widgetFetch('webchat.config', { chatToken: TOKEN, fetchImpl }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(WidgetHttpError);
    expect(failure).toMatchObject({ status: 0, code: 'ERR_NETWORK' });
  });
});
