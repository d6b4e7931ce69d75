import type { Schedule } from '@switchboard/shared/contracts/schedules';
import { SelectButton } from 'primereact/selectbutton';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ListPage } from '../../../components/list-page.tsx';
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
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { useDeleteConfirm } from '../../../components/list-page-state.ts';

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
  const [searchParam, setSearchParam] = useState('');
  const list = useSchedules(searchParam);
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const deletion = useDeleteConfirm<Schedule>(useDeleteSchedule(), t('schedules.toasts.deleted'));
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

  return (
    <ListPage
      name="schedules"
      title={t('schedules.title')}
      subtitle={t('schedules.subtitle')}
      add={{ label: t('schedules.add'), onClick: () => setDialog({ kind: 'add' }) }}
      search={{ placeholder: t('schedules.searchPlaceholder'), onSearch: setSearchParam }}
      filters={
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
      }
      overlays={
        <>
          <ScheduleDialog
            visible={dialog.kind !== 'none'}
            onHide={() => setDialog({ kind: 'none' })}
            schedule={dialog.kind === 'edit' ? dialog.schedule : undefined}
            contact={dialog.kind === 'add' ? dialog.contact : undefined}
            clock={clock}
          />
          <DeleteDialog
            {...deletion.dialog}
            header={t('schedules.deleteDialog.header')}
            message={t('schedules.deleteDialog.message', { name: deletion.target?.contact?.name ?? '' })}
            confirmLabel={t('schedules.deleteDialog.confirm')}
          />
        </>
      }
    >
      {list.isError ? <p className="schedules-error">{t('schedules.loadFailed')}</p> : null}
      <ScheduleCalendar
        schedules={schedules}
        view={view}
        anchor={anchor}
        today={clock.now()}
        onAnchor={setAnchor}
        onEdit={(schedule) => setDialog({ kind: 'edit', schedule })}
        onDelete={deletion.ask}
      />
    </ListPage>
  );
}
