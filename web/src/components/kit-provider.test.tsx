import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Paginator } from 'primereact/paginator';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { freshPageEachTest } from '../test-network.ts';
import { KitProvider } from './kit-provider.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('pt');
const label = (selector: string) => page.container.querySelector(selector)?.getAttribute('aria-label');

describe("PrimeReact's texts under the kit provider", () => {
  it('are Portuguese once the provider has mounted, and follow a change of language', async () => {
    await act(async () =>
      page.root.render(
        <KitProvider>
          <Paginator
            first={0}
            rows={10}
            totalRecords={50}
            template="FirstPageLink PrevPageLink NextPageLink LastPageLink RowsPerPageDropdown"
            rowsPerPageOptions={[10, 20]}
          />
        </KitProvider>,
      ),
    );
    expect(label('.p-paginator-first')).toBe('Primeira página');
    expect(label('.p-paginator-next')).toBe('Próxima página');
    // the rows-per-page dropdown's controls, named from the paginator's own English copy unless the app names them
    const rows = [...page.container.querySelectorAll('.p-paginator [data-pc-name="dropdown"] [aria-label]')].map((el) =>
      el.getAttribute('aria-label'),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((name) => name === 'Linhas por página')).toBe(true);
    await act(async () => {
      await setLanguage('es');
    });
    await act(async () =>
      page.root.render(
        <KitProvider>
          <Paginator
            first={10}
            rows={10}
            totalRecords={50}
            template="FirstPageLink PrevPageLink NextPageLink LastPageLink RowsPerPageDropdown"
            rowsPerPageOptions={[10, 20]}
          />
        </KitProvider>,
      ),
    );
    expect(label('.p-paginator-next')).toBe('Página siguiente');
  });

  it("name a table's rows-per-page dropdown in Portuguese", async () => {
    await act(async () =>
      page.root.render(
        <KitProvider>
          <DataTable
            value={[{ id: 1 }]}
            paginator
            rows={10}
            rowsPerPageOptions={[10, 20]}
            paginatorTemplate="PrevPageLink NextPageLink RowsPerPageDropdown"
          >
            <Column field="id" />
          </DataTable>
        </KitProvider>,
      ),
    );
    const names = [...page.container.querySelectorAll('.p-paginator [data-pc-name="dropdown"] [aria-label]')].map((el) =>
      el.getAttribute('aria-label'),
    );
    expect(names.length, JSON.stringify(names)).toBeGreaterThan(0);
    expect(names.every((name) => name === 'Linhas por página')).toBe(true);
    expect(label('.p-paginator-next')).toBe('Próxima página');
  });
});
