import type { TicketStatus } from '@switchboard/shared/contracts/tickets';
import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import { Picker } from '../../../components/picker.tsx';
import { useInboxViewer } from '../hooks/use-inbox-viewer.ts';

export interface PanelFilters {
  tags: number[];
  users: number[];
  whatsapps: number[];
  statuses: TicketStatus[];
}

const statuses: TicketStatus[] = ['open', 'pending', 'group', 'closed'];

/**
 * Tag, connection, status and (admins only) user filters. Choosing statuses lists those statuses in place of the
 * tabs (with search text, it narrows the results).
 */
export function TicketFiltersPanel({ value, onChange }: { value: PanelFilters; onChange: (next: PanelFilters) => void }) {
  const { t } = useTranslation();
  const viewer = useInboxViewer();
  const set = <K extends keyof PanelFilters>(key: K, next: PanelFilters[K]) => onChange({ ...value, [key]: next });
  const common = {
    display: 'chip' as const,
    filter: true,
    showClear: true,
    maxSelectedLabels: 2,
    className: 'filters-panel__select',
    panelClassName: 'filters-panel__overlay',
  };
  const picker = {
    display: 'chip' as const,
    showClear: true,
    maxSelectedLabels: 2,
    className: common.className,
    panelClassName: common.panelClassName,
  };

  return (
    <div className="filters-panel" data-testid="filters-panel">
      <Picker
        {...picker}
        multiple
        source="tags"
        value={value.tags}
        placeholder={t('tickets.filters.tags')}
        ariaLabel={t('tickets.filters.tags')}
        onChange={(ids) => set('tags', ids)}
        emptyMessage={t('tickets.filters.noTags')}
      />
      <Picker
        {...picker}
        multiple
        source="connections"
        value={value.whatsapps}
        placeholder={t('tickets.filters.connections')}
        ariaLabel={t('tickets.filters.connections')}
        onChange={(ids) => set('whatsapps', ids)}
      />
      <MultiSelect
        {...common}
        value={value.statuses}
        options={statuses.map((s) => ({ value: s, label: t(`tickets.status.${s}`) }))}
        placeholder={t('tickets.filters.status')}
        aria-label={t('tickets.filters.status')}
        onChange={(e) => set('statuses', e.value as TicketStatus[])}
        data-testid="status-filter"
      />
      {viewer.isAdmin ? (
        <Picker
          {...picker}
          multiple
          source="users"
          value={value.users}
          placeholder={t('tickets.filters.users')}
          ariaLabel={t('tickets.filters.users')}
          onChange={(ids) => set('users', ids)}
        />
      ) : null}
      <Button
        type="button"
        label={t('tickets.filters.clear')}
        icon="pi pi-filter-slash"
        text
        size="small"
        severity="secondary"
        onClick={() => onChange({ tags: [], users: [], whatsapps: [], statuses: [] })}
      />
    </div>
  );
}
