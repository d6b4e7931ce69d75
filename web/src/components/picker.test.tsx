import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeQueue, makeUser } from '../test-fixtures.ts';
import { fakeNetwork, freshPageEachTest, until, type FakeReply } from '../test-network.ts';
import { Picker, SearchPicker, type PickedUser } from './picker.tsx';

/** The one picker: lookups as options, one or many, chips, search, loading and empty states, accessible names. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('en');

const queues = [
  makeQueue(1, { name: 'Sales', color: '#ff0000' }),
  makeQueue(2, { name: 'Support', color: '#00ff00' }),
  makeQueue(3, { name: 'Billing', color: '#0000ff' }),
];

const render = async (ui: React.ReactNode) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => page.root.render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>));
};

const q = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector);
const items = () => [...document.querySelectorAll('.p-multiselect-item, .p-dropdown-item')].map((i) => i.textContent?.trim());

function Many({ seen }: { seen: number[][] }) {
  const [ids, setIds] = useState<number[]>([2]);
  return (
    <Picker
      multiple
      source="queues"
      value={ids}
      ariaLabel="Queues"
      onChange={(next) => {
        seen.push(next);
        setIds(next);
      }}
      testId="queues-picker"
    />
  );
}

describe('the picker', () => {
  it('lists the lookup for a multiple choice, shows the chosen ones as chips and adds a clicked one', async () => {
    const calls = fakeNetwork({ 'GET /api/queue': () => ({ status: 200, body: queues }) });
    const seen: number[][] = [];
    await render(<Many seen={seen} />);
    await until(
      () => q('[data-testid=queues-picker] .p-multiselect-token')?.textContent === 'Support',
      'the chosen queue as a chip',
    );
    expect(
      q(
        '[data-testid=queues-picker] input[aria-label=Queues], [data-testid=queues-picker][aria-label=Queues], [data-testid=queues-picker] [aria-label=Queues]',
      ),
    ).not.toBeNull();
    await act(async () => q<HTMLElement>('[data-testid=queues-picker]')!.click());
    await until(() => items().length === 3, 'the three queues');
    expect(items()).toEqual(['Sales', 'Support', 'Billing']);
    // a colour dot beside each name
    expect(document.querySelectorAll('.p-multiselect-item .picker-choice__dot')).toHaveLength(3);
    // searchable: a filter box above the list
    expect(q('.p-multiselect-filter')).not.toBeNull();
    await act(async () =>
      [...document.querySelectorAll<HTMLElement>('.p-multiselect-item')].find((i) => i.textContent?.includes('Billing'))!.click(),
    );
    expect(seen.at(-1)).toEqual([2, 3]);
    expect(calls.filter((c) => c.path === '/api/queue')).toHaveLength(1);
  });

  it('keeps and orders what `arrange` gives, and puts a "none" choice first for a single choice', async () => {
    fakeNetwork({ 'GET /api/queue': () => ({ status: 200, body: queues }) });
    const picked: (number | null)[] = [];
    await render(
      <Picker
        source="queues"
        inputId="queue"
        value={null}
        leading={[{ id: null, name: 'None' }]}
        arrange={(all) => all.filter((x) => x.id !== 2).reverse()}
        ariaLabel="Queue"
        onChange={(id) => picked.push(id)}
        testId="queue-picker"
      />,
    );
    await until(() => q('[data-testid=queue-picker]')?.getAttribute('aria-busy') === null, 'the queues');
    await act(async () => q<HTMLElement>('[data-testid=queue-picker]')!.click());
    await until(() => items().length === 3, 'the arranged queues');
    expect(items()).toEqual(['None', 'Billing', 'Sales']);
    await act(async () =>
      [...document.querySelectorAll<HTMLElement>('.p-dropdown-item')].find((i) => i.textContent?.includes('Sales'))!.click(),
    );
    expect(picked).toEqual([1]);
  });

  it('says it is loading while the lookup is on its way, then that the list is empty', async () => {
    let answer: (reply: FakeReply) => void = () => {};
    const pending = new Promise<FakeReply>((resolve) => (answer = resolve));
    // the lookup's answer is held back to see the loading state
    vi.stubGlobal('fetch', async () => {
      const reply = await pending;
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    });
    await render(
      <Picker
        multiple
        source="tags"
        value={[]}
        ariaLabel="Tags"
        emptyMessage="No tags yet"
        onChange={() => {}}
        testId="tags-picker"
      />,
    );
    await until(() => q('[data-testid=tags-picker]') !== null, 'the picker');
    expect(q('[data-testid=tags-picker]')!.getAttribute('aria-busy')).toBe('true');
    await act(async () => q<HTMLElement>('[data-testid=tags-picker]')!.click());
    await until(() => (q('.p-multiselect-empty-message')?.textContent ?? '') === 'Loading…', 'the loading message');
    await act(async () => answer({ status: 200, body: [] }));
    await until(() => (q('.p-multiselect-empty-message')?.textContent ?? '') === 'No tags yet', 'the empty message');
    expect(q('[data-testid=tags-picker]')!.getAttribute('aria-busy')).toBeNull();
  });

  it('searches agents on the server from 3 characters and answers the chosen one', async () => {
    const calls = fakeNetwork({
      'GET /api/users': (_init, url) => ({
        status: 200,
        body: {
          users:
            url.searchParams.get('searchParam') === 'ana'
              ? [makeUser({ id: 7, name: 'Ana Lima', email: 'ana@x.test', profile: 'user', queueIds: [1], online: true })]
              : [],
          hasMore: false,
          nextCursor: null,
        },
      }),
    });
    const chosen: (PickedUser | undefined)[] = [];
    function Agent() {
      const [user, setUser] = useState<PickedUser | undefined>(undefined);
      return (
        <SearchPicker
          source="users"
          id="agent"
          ariaLabel="Agent"
          value={user}
          onChange={(u) => {
            chosen.push(u);
            setUser(u);
          }}
        />
      );
    }
    await render(<Agent />);
    const input = q<HTMLInputElement>('#agent')!;
    expect(input.getAttribute('aria-label')).toBe('Agent');
    const type = async (text: string) => {
      await act(async () => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    };
    await type('an');
    await act(async () => new Promise((r) => setTimeout(r, 700)));
    expect(calls.some((c) => c.path === '/api/users')).toBe(false);
    await type('ana');
    await until(() => q('.p-autocomplete-item') !== null, 'the found agent');
    expect(q('.p-autocomplete-item')!.textContent).toContain('ana@x.test');
    await act(async () => q<HTMLElement>('.p-autocomplete-item')!.click());
    expect(chosen.at(-1)?.id).toBe(7);
  });
});
