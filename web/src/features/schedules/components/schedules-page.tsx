import type { Schedule } from '@switchboard/shared/contracts/schedules';
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ScheduleDialog } from '../../../components/schedule-dialog.tsx';
import { systemClock, type Clock } from '../../../lib/clock.ts';
import { usePlanFlag } from '../../../lib/plan.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeleteSchedule } from '../api/delete-schedule.ts';
import { useContact } from '../api/get-contact.ts';
import { useSchedules } from '../api/get-schedules.ts';
import { useSchedulesLiveUpdates } from '../hooks/use-schedules-live-updates.ts';
import { ScheduleCalendar, type CalendarView } from './schedule-calendar.tsx';
import './schedules.css';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';

type DialogState =
  { kind: 'none' } | { kind: 'add'; contact?: { id: number; name: string } } | { kind: 'edit'; schedule: Schedule };

/** /schedules: the plan's schedules feature is required; others get an error toast and go back to the inbox. */
export function SchedulesPage({ clock = systemClock }: { clock?: Clock }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const allowed = usePlanFlag('useSchedules');
  const refused = useRef(false);
  useDocumentTitle(t('schedules.title'));

  useEffect(() => {
    if (allowed !== false || refused.current) return;
    refused.current = true;
    toast.errorText(t('schedules.planRequired'));
    void navigate('/tickets', { replace: true });
  }, [allowed, toast, t, navigate]);

  if (allowed !== true) return <PageLoader />;
  return <SchedulesCalendarPage clock={clock} />;
}

function SchedulesCalendarPage({ clock }: { clock: Clock }) {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useCurrentUser();
  useSchedulesLiveUpdates(user.companyId);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const list = useSchedules(searchParam);
  const remove = useDeleteSchedule();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(() => clock.now());

  // ?contactId= opens the add dialog for that contact (spec document 3), once the contact is known
  const contactParam = Number(params.get('contactId'));
  const contactId = Number.isSafeInteger(contactParam) && contactParam > 0 ? contactParam : undefined;
  const contact = useContact(contactId);
  useEffect(() => {
    if (!contactId || (!contact.data && !contact.isError)) return;
    if (contact.data) setDialog({ kind: 'add', contact: { id: contact.data.id, name: contact.data.name } });
    else toast.error(contact.error);
    setParams(
      (p) => {
        p.delete('contactId');
        return p;
      },
      { replace: true },
    );
  }, [contactId, contact.data, contact.isError, contact.error, setParams, toast]);

  const schedules = list.data?.pages.flatMap((p) => p.schedules) ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('schedules.toasts.deleted')),
      onError: (error) => toast.error(error),
    });
  };

  return (
    <section className="page schedules-page" data-testid="schedules-page">
      <PageHeader
        title={t('schedules.title')}
        subtitle={t('schedules.subtitle')}
        actions={
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('schedules.add')}
            onClick={() => setDialog({ kind: 'add' })}
            data-testid="schedules-add"
          />
        }
      />
      <div className="surface-panel schedules-panel">
        <div className="schedules-toolbar">
          <IconField iconPosition="left">
            <InputIcon className="pi pi-search" />
            <InputText
              type="search"
              value={search}
              placeholder={t('schedules.searchPlaceholder')}
              aria-label={t('schedules.searchPlaceholder')}
              onChange={(e) => setSearch(e.target.value)}
              data-testid="schedules-search"
            />
          </IconField>
          <SelectButton
            value={view}
            onChange={(e) => {
              if (e.value) setView(e.value as CalendarView);
            }}
            options={[
              { label: t('schedules.calendar.month'), value: 'month' },
              { label: t('schedules.calendar.agenda'), value: 'agenda' },
            ]}
            allowEmpty={false}
            data-testid="schedules-view"
          />
        </div>
        {list.isError ? <p className="schedules-error">{t('schedules.loadFailed')}</p> : null}
        <ScheduleCalendar
          schedules={schedules}
          view={view}
          anchor={anchor}
          today={clock.now()}
          onAnchor={setAnchor}
          onEdit={(schedule) => setDialog({ kind: 'edit', schedule })}
          onDelete={setDeleting}
        />
      </div>
      <ScheduleDialog
        visible={dialog.kind !== 'none'}
        onHide={() => setDialog({ kind: 'none' })}
        schedule={dialog.kind === 'edit' ? dialog.schedule : undefined}
        contact={dialog.kind === 'add' ? dialog.contact : undefined}
        clock={clock}
      />
      <DeleteDialog
        visible={deleting !== null}
        onHide={() => setDeleting(null)}
        header={t('schedules.deleteDialog.header')}
        message={t('schedules.deleteDialog.message', { name: deleting?.contact?.name ?? '' })}
        confirmLabel={t('schedules.deleteDialog.confirm')}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
