import type { Tag } from '@switchboard/shared/contracts/tags';
import { describe, expect, it } from 'vitest';
import { makeContact, makePlan, makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, freshPageEachTest, until, type FakeRoute, type RecordedCall } from '../../../test-network.ts';
import { byTestId, click, renderSignedIn, sessionRoutes, typeInto } from '../../../test-app.tsx';

/**
 * /tags and /TagsKanban as the app renders them, signed in as an admin, against a fake API: the table and its pager,
 * searching, the dialog's validation and lane fields, the contacts of a tag with per-contact removal, deleting after
 * confirmation, and the lanes table with its ticket counts and the link back to the board.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let calls: RecordedCall[];
const serve = (routes: Record<string, FakeRoute>) => {
  calls = fakeNetwork(routes);
};

const tag = (id: number, overrides: Partial<Tag> = {}): Tag => ({
  id,
  name: `Tag ${String(id).padStart(2, '0')}`,
  color: '#336699',
  kanban: 0,
  timeLane: 0,
  nextLaneId: null,
  rollbackLaneId: null,
  greetingMessageLane: '',
  userId: 5,
  ...overrides,
});

const pageRoutes: Record<string, FakeRoute> = {
  ...sessionRoutes(makeUser(), makePlan({ useKanban: true })),
  'GET /api/tag/kanban': () => ({
    status: 200,
    body: { lista: [{ ...tag(3, { name: 'Proposta', kanban: 1 }), ticketCount: 4 }] },
  }),
};

const page = freshPageEachTest('pt');

const render = async (path: string) => {
  await renderSignedIn(page, path);
};

const rowsText = (table: string) =>
  [...document.querySelectorAll(`[data-testid=${table}] tbody tr`)].map((tr) => tr.textContent ?? '');

describe('the tags page', () => {
  it('shows five tags a page as chips in their colour, offers 5, 10 and 25 rows, and searches by name', async () => {
    const all = Array.from({ length: 12 }, (_, i) => tag(i + 1, i === 0 ? { kanban: 1, color: '#ff0000' } : {}));
    serve({
      ...pageRoutes,
      'GET /api/tags': (_init, url) => {
        const text = url.searchParams.get('searchParam');
        return { status: 200, body: { tags: text ? all.filter((x) => x.name.includes(text)) : all, hasMore: false } };
      },
    });
    await render('/tags');
    await until(() => rowsText('tags-table')[0]?.includes('Tag 01') ?? false, 'the table');
    expect(rowsText('tags-table')).toHaveLength(5);
    const chip = document.querySelector<HTMLElement>('[data-testid=tags-table] tbody .tag-chip')!;
    expect(['#ff0000', 'rgb(255, 0, 0)']).toContain(chip.style.backgroundColor);
    expect(document.querySelectorAll('[data-testid=tags-table] tbody [aria-label="Coluna do kanban"]')).toHaveLength(1);
    expect(document.querySelector('.p-paginator .p-dropdown-label')?.textContent).toBe('5');

    await typeInto('[data-testid=tags-search]', '11');
    await until(() => calls.some((c) => c.path === '/api/tags' && c.search.includes('searchParam=11')), 'the search');
    await until(() => rowsText('tags-table')[0]?.includes('Tag 11') ?? false, 'the searched rows');
    expect(rowsText('tags-table')).toHaveLength(1);
  });

  it("checks the name with 'Requerido' and 'Mensaje muy corto', shows the lane fields for a kanban tag and creates it", async () => {
    let created: unknown;
    serve({
      ...pageRoutes,
      'GET /api/tags': () => ({ status: 200, body: { tags: [], hasMore: false } }),
      'POST /api/tags': (init) => {
        created = JSON.parse(String(init.body));
        return { status: 201, body: tag(20, { name: 'Proposta enviada', kanban: 1 }) };
      },
    });
    await render('/tags');
    await until(() => byTestId('tags-add') !== null, 'the add button');
    await click(byTestId('tags-add'));
    await until(() => byTestId('tag-save') !== null, 'the dialog');
    await click(byTestId('tag-save'));
    expect(document.querySelector('#tag-name-error')?.textContent).toBe('Requerido');
    await typeInto('#tag-name', 'ab');
    expect(document.querySelector('#tag-name-error')?.textContent).toBe('Mensaje muy corto');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/tags')).toBe(false);

    expect(byTestId('tag-lane-fields')).toBeNull();
    await click(document.querySelector('[data-testid=tag-kanban] input, #tag-kanban'));
    await until(() => byTestId('tag-lane-fields') !== null, 'the lane fields');
    expect(byTestId('tag-lane-fields')!.textContent).toContain('Horas na coluna');
    expect(byTestId('tag-lane-fields')!.textContent).toContain('Próxima coluna');
    expect(byTestId('tag-lane-fields')!.textContent).toContain('Coluna de retorno');
    expect(byTestId('tag-lane-fields')!.textContent).toContain('Mensagem ao entrar na coluna');

    await typeInto('#tag-name', 'Proposta enviada');
    await click(byTestId('tag-save'));
    await until(() => created !== undefined, 'the creation');
    expect(created).toMatchObject({
      name: 'Proposta enviada',
      kanban: 1,
      timeLane: 0,
      nextLaneId: null,
      rollbackLaneId: null,
      greetingMessageLane: '',
    });
    expect((created as { color: string }).color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('lists the contacts of a tag and takes the tag off one of them', async () => {
    const contact = makeContact(41, { name: 'Carla Cliente', number: '5511999990041', createdAt: '', updatedAt: '' });
    let removed = false;
    serve({
      ...pageRoutes,
      'GET /api/tags': () => ({ status: 200, body: { tags: [tag(2, { name: 'Vip' })], hasMore: false } }),
      'GET /api/tags/2/contacts': () => ({
        status: 200,
        body: { contacts: removed ? [] : [contact], hasMore: false, nextCursor: null },
      }),
      'DELETE /api/tags-contacts/2/41': () => {
        removed = true;
        return { status: 200, body: { ok: true } };
      },
    });
    await render('/tags');
    await until(() => byTestId('tag-contacts-2') !== null, 'the row');
    await click(byTestId('tag-contacts-2'));
    await until(() => rowsText('tag-contacts-table')[0]?.includes('Carla Cliente') ?? false, 'the contacts');
    expect(rowsText('tag-contacts-table')[0]).toContain('5511999990041');
    await click(byTestId('tag-contact-remove-41'));
    await until(() => removed && rowsText('tag-contacts-table').every((r) => !r.includes('Carla')), 'the removal');
  });

  it('deletes a tag after confirmation', async () => {
    serve({
      ...pageRoutes,
      'GET /api/tags': () => ({ status: 200, body: { tags: [tag(2, { name: 'Velha' })], hasMore: false } }),
      'DELETE /api/tags/2': () => ({ status: 200, body: { ok: true } }),
    });
    await render('/tags');
    await until(() => byTestId('tag-delete-2') !== null, 'the row');
    await click(byTestId('tag-delete-2'));
    await until(() => document.querySelector('.p-confirm-dialog') !== null, 'the confirmation');
    expect(document.querySelector('.p-confirm-dialog')!.textContent).toContain('Realmente quieres borrar este registro?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await click(document.querySelector('.p-confirm-dialog .p-button-danger'));
    await until(() => calls.some((c) => c.method === 'DELETE' && c.path === '/api/tags/2'), 'the deletion');
  });
});

describe('the kanban lanes page', () => {
  it('shows each lane as a chip with its ticket count, a search, an add button and the way back to the board', async () => {
    serve(pageRoutes);
    await render('/TagsKanban');
    await until(() => byTestId('lane-count-3') !== null, 'the lanes');
    expect(byTestId('lane-count-3')!.textContent).toBe('4');
    expect(rowsText('tags-kanban-table')[0]).toContain('Proposta');
    expect(byTestId('tags-kanban-back')!.getAttribute('href')).toBe('/Kanban');
    expect(byTestId('tags-kanban-back')!.textContent).toBe('Volver a Kanban');
    await typeInto('[data-testid=tags-kanban-search]', 'zzz');
    expect(byTestId('lane-count-3')).toBeNull();
    await click(byTestId('tags-kanban-add'));
    await until(() => byTestId('tag-lane-fields') !== null, 'a new lane’s dialog with the lane fields');
  });
});
