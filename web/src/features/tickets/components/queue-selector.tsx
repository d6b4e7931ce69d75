import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import { useQueues } from '../api/get-queues.ts';
import { useInboxViewer } from '../hooks/use-inbox-viewer.ts';
import { QueueOption } from './queue-option.tsx';

/** The queues whose tickets the list shows (the user's queues; tickets without a queue always show). */
export function QueueSelector({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const viewer = useInboxViewer();
  const queues = useQueues();
  const options = (queues.data ?? []).filter((q) => viewer.isAdmin || viewer.queueIds.includes(q.id));
  return (
    <MultiSelect
      value={value}
      options={options}
      optionLabel="name"
      optionValue="id"
      itemTemplate={(q: { name: string; color: string }) => <QueueOption name={q.name} color={q.color} />}
      selectedItemTemplate={(id?: number) => {
        if (id === undefined) return t('tickets.queues.placeholder');
        return value[0] === id ? t('tickets.queues.selected', { count: value.length }) : null;
      }}
      placeholder={t('tickets.queues.placeholder')}
      aria-label={t('tickets.queues.label')}
      onChange={(e) => onChange(e.value as number[])}
      className="queue-selector"
      panelClassName="filters-panel__overlay"
      emptyMessage={t('tickets.fields.noQueues')}
      data-testid="queue-selector"
    />
  );
}
