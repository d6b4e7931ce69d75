import type { AuditEntry } from '@switchboard/shared/contracts/audit';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { User } from '@switchboard/shared/contracts/auth';
import { sessionStore } from '../../../lib/session-store.ts';
import { makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, freshPageEachTest, until, type RecordedCall } from '../../../test-network.ts';
import { renderApp, sessionRoutes } from '../../../test-app.tsx';

/** /audit-logs against a fake API: who changed what and when, paged by cursor; the 403 page for a profile user. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let calls: RecordedCall[];
const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `e${id}`,
  at: '2026-11-20T10:00:00.000Z',
  actor: { id: 5, name: 'Ana Souza' },
  entity: 'queue',
  action: 'update',
  targetId: String(id),
  targetName: `Fila ${id}`,
  fields: [],
  ...overrides,
});

const serve = (user: User) => {
  sessionStore.setSession({ token: 'old', user });
  calls = fakeNetwork({
    ...sessionRoutes(user),
    'GET /api/audit-logs': (_init, url) =>
      url.searchParams.get('cursor')
        ? {
            status: 200,
            body: {
              entries: [entry(1, { entity: 'user', action: 'create', targetName: 'Bruno' })],
              hasMore: false,
              nextCursor: null,
            },
          }
        : {
            status: 200,
            body: {
              entries: [
                entry(3, { entity: 'setting', targetId: 'userRating', targetName: null, fields: ['userRating'] }),
                ...Array.from({ length: 9 }, (_, i) => entry(20 + i)),
              ],
              hasMore: true,
              nextCursor: 'next',
            },
          },
  });
};

const page = freshPageEachTest('pt');
const render = (path: string) => renderApp(page, path);
const rowsText = () => [...document.querySelectorAll('[data-testid=audit-log-table] tbody tr')].map((tr) => tr.textContent ?? '');

describe('the audit log page', () => {
  it('shows who changed what and when, and pages with the cursor', async () => {
    serve(makeUser());
    await render('/audit-logs');
    await until(() => rowsText().length === 10, 'the table');
    expect(rowsText()[0]).toContain('Ana Souza');
    expect(rowsText()[0]).toContain('Alterou');
    expect(rowsText()[0]).toContain('Configuração');
    expect(rowsText()[0]).toContain('userRating');
    expect(rowsText()[1]).toContain('Fila 20 (#20)');
    await act(async () => {
      document.querySelector<HTMLElement>('.p-paginator-next')!.click();
    });
    await until(() => rowsText()[0]?.includes('Bruno') ?? false, 'the second page');
    expect(rowsText()[0]).toContain('Criou');
    expect(calls.filter((c) => c.path === '/api/audit-logs').at(-1)!.search).toContain('cursor=next');
  }, 20_000);

  it('is refused to a profile user', async () => {
    serve(makeUser({ profile: 'user' }));
    await render('/audit-logs');
    await until(() => document.querySelector('[data-testid=forbidden-page]') !== null, 'the 403 page');
    expect(calls.some((c) => c.path === '/api/audit-logs')).toBe(false);
  });
});
