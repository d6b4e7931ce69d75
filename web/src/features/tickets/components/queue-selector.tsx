import { useTranslation } from 'react-i18next';
import { Picker } from '../../../components/picker.tsx';
import { useInboxViewer } from '../hooks/use-inbox-viewer.ts';

/** The queues whose tickets the list shows (the user's queues; tickets without a queue always show). */
export function QueueSelector({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const viewer = useInboxViewer();
  return (
    <Picker
      multiple
      source="queues"
      value={value}
      arrange={viewer.isAdmin ? undefined : (items) => items.filter((q) => viewer.queueIds.includes(q.id))}
      searchable={false}
      display="comma"
      selectedItemTemplate={(id) => {
        if (id === undefined) return t('tickets.queues.placeholder');
        return value[0] === id ? t('tickets.queues.selected', { count: value.length }) : null;
      }}
      placeholder={t('tickets.queues.placeholder')}
      ariaLabel={t('tickets.queues.label')}
      onChange={onChange}
      className="queue-selector"
      panelClassName="filters-panel__overlay"
      emptyMessage={t('tickets.fields.noQueues')}
      testId="queue-selector"
    />
  );
}
