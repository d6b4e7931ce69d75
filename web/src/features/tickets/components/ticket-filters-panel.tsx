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
  const pickerFilter = (
    source: 'tags' | 'connections' | 'users',
    key: 'tags' | 'whatsapps' | 'users',
    label: string,
    emptyMessage?: string,
  ) => (
    <Picker
      {...picker}
      multiple
      source={source}
      value={value[key]}
      placeholder={label}
      ariaLabel={label}
      onChange={(ids) => set(key, ids)}
      emptyMessage={emptyMessage}
    />
  );

  return (
    <div className="filters-panel" data-testid="filters-panel">
      {pickerFilter('tags', 'tags', t('tickets.filters.tags'), t('tickets.filters.noTags'))}
      {pickerFilter('connections', 'whatsapps', t('tickets.filters.connections'))}
      <MultiSelect
        {...common}
        value={value.statuses}
        options={statuses.map((s) => ({ value: s, label: t(`tickets.status.${s}`) }))}
        placeholder={t('tickets.filters.status')}
        aria-label={t('tickets.filters.status')}
        onChange={(e) => set('statuses', e.value as TicketStatus[])}
        data-testid="status-filter"
      />
      {viewer.isAdmin ? pickerFilter('users', 'users', t('tickets.filters.users')) : null}
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
