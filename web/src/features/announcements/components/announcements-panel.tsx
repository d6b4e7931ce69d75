import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { useActiveAnnouncements } from '../../../lib/announcements-api.ts';
import { formatDate } from '../../../lib/i18n.ts';
import { priorityClass } from '../utils/announcement-form.ts';
import { PriorityTag } from './priority-tag.tsx';
import './announcements.css';

/** The top bar's announcements: the active ones, most urgent first, with their image. */
export function AnnouncementsPanel({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const active = useActiveAnnouncements();
  const list = active.data ?? [];
  return (
    <Dialog
      header={t('platform.announcements.panelTitle')}
      visible={visible}
      onHide={onHide}
      style={{ width: '36rem' }}
      breakpoints={{ '640px': '96vw' }}
      modal
      dismissableMask
      data-testid="announcements-panel"
    >
      {list.length === 0 ? (
        <p>{t('platform.announcements.none')}</p>
      ) : (
        <ul className="announcements-list">
          {list.map((a) => (
            <li key={a.id} className={`announcements-list__item ${priorityClass(a.priority)}`}>
              <div className="announcements-list__head">
                <strong>{a.title}</strong>
                <PriorityTag priority={a.priority} />
              </div>
              <p>{a.text}</p>
              {a.mediaUrl ? <img src={a.mediaUrl} alt={a.mediaName ?? ''} /> : null}
              <small>{formatDate(new Date(a.createdAt))}</small>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
