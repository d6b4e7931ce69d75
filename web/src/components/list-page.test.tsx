import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { freshPageEachTest, until } from '../test-network.ts';
import { SEARCH_DEBOUNCE_MS } from '../lib/use-debounced-value.ts';
import { ListPage, RowActions } from './list-page.tsx';

/** The list-page shell: the debounced search, the near-the-end call of infinite lists, and the row actions. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('pt');

const type = async (input: HTMLInputElement, value: string) => {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};

describe('the list-page shell', () => {
  it('reports the search text once typing pauses, trimmed, and not the empty text it starts with', async () => {
    const searches: string[] = [];
    await act(async () => {
      page.root.render(
        <ListPage name="things" title="Coisas" search={{ placeholder: 'Buscar', onSearch: (text) => searches.push(text) }}>
          <p>lista</p>
        </ListPage>,
      );
    });
    const input = document.querySelector<HTMLInputElement>('[data-testid=things-search]')!;
    expect(input.getAttribute('aria-label')).toBe('Buscar');
    await type(input, ' An');
    await type(input, ' Ana ');
    expect(searches).toEqual([]);
    await act(async () => {
      await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 50));
    });
    await until(() => searches.length > 0, 'the search');
    expect(searches).toEqual(['Ana']);
  });

  it('asks for more when the list is scrolled within 100 px of its end, and not before', async () => {
    let asked = 0;
    await act(async () => {
      page.root.render(
        <ListPage name="things" title="Coisas" onNearEnd={() => (asked += 1)} loadingMore="Carregando mais…">
          <p>lista</p>
        </ListPage>,
      );
    });
    const scroll = document.querySelector<HTMLDivElement>('[data-testid=things-scroll]')!;
    Object.defineProperty(scroll, 'scrollHeight', { value: 1000, configurable: true });
    Object.defineProperty(scroll, 'clientHeight', { value: 400, configurable: true });
    scroll.scrollTop = 300;
    await act(async () => scroll.dispatchEvent(new Event('scroll')));
    expect(asked).toBe(0);
    scroll.scrollTop = 520;
    await act(async () => scroll.dispatchEvent(new Event('scroll')));
    expect(asked).toBe(1);
    expect(document.body.textContent).toContain('Carregando mais…');
  });

  it('labels the row actions with what they act on, and leaves out the ones not given', async () => {
    await act(async () => {
      page.root.render(
        <RowActions
          testId={{ kind: 'thing', id: 7 }}
          editLabel="Editar Ana"
          onEdit={() => undefined}
          deleteLabel="Excluir Ana"
        />,
      );
    });
    expect(document.querySelector('[data-testid=thing-edit-7]')!.getAttribute('aria-label')).toBe('Editar Ana');
    // no onDelete: no delete button
    expect(document.querySelector('[data-testid=thing-delete-7]')).toBeNull();
  });
});
