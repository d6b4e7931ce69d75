import type { TicketStatus } from '@switchboard/shared/contracts/inbox';
import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import { useConnections } from '../api/get-connections.ts';
import { useTags } from '../api/get-tags.ts';
import { useUsers } from '../api/get-users.ts';
import { useInboxViewer } from '../hooks/use-inbox-viewer.ts';
import { channelIcon } from '../../../lib/channel-icon.ts';

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
  const tags = useTags();
  const connections = useConnections();
  const users = useUsers('', { enabled: viewer.isAdmin });
  const set = <K extends keyof PanelFilters>(key: K, next: PanelFilters[K]) => onChange({ ...value, [key]: next });
  const common = { display: 'chip' as const, filter: true, showClear: true, maxSelectedLabels: 2, className: 'filters-panel__select', panelClassName: 'filters-panel__overlay' };

  return (
    <div className="filters-panel" data-testid="filters-panel">
      <MultiSelect
        {...common}
        value={value.tags}
        options={tags.data ?? []}
        optionLabel="name"
        optionValue="id"
        itemTemplate={(tag: { name: string; color: string }) => (
          <span className="queue-option">
            <span className="queue-option__dot" style={{ background: tag.color }} aria-hidden="true" />
            {tag.name}
          </span>
        )}
        placeholder={t('tickets.filters.tags')}
        aria-label={t('tickets.filters.tags')}
        onChange={(e) => set('tags', e.value as number[])}
        emptyMessage={t('tickets.filters.noTags')}
      />
      <MultiSelect
        {...common}
        value={value.whatsapps}
        options={connections.data ?? []}
        optionLabel="name"
        optionValue="id"
        itemTemplate={(c: { name: string; channel: Parameters<typeof channelIcon>[0] }) => (
          <span className="queue-option">
            <i className={channelIcon(c.channel)} aria-hidden="true" /> {c.name}
          </span>
        )}
        placeholder={t('tickets.filters.connections')}
        aria-label={t('tickets.filters.connections')}
        onChange={(e) => set('whatsapps', e.value as number[])}
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
        <MultiSelect
          {...common}
          value={value.users}
          options={users.data?.users ?? []}
          optionLabel="name"
          optionValue="id"
          placeholder={t('tickets.filters.users')}
          aria-label={t('tickets.filters.users')}
          onChange={(e) => set('users', e.value as number[])}
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
