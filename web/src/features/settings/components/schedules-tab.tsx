import type { ScheduleEntry } from '@switchboard/shared/contracts/queues';
import { defaultWeek, weekIssues } from '@switchboard/shared/weekly-hours';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WeeklyHoursEditor } from '../../../components/weekly-hours-editor.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useCompanySchedules } from '../api/get-company-schedules.ts';
import { useSaveCompanySchedules } from '../api/save-company-schedules.ts';

/** The schedules tab (scheduleType 'company'): the company's week, starting from the spec's default hours. */
export function SchedulesTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const stored = useCompanySchedules(companyId);
  const save = useSaveCompanySchedules();
  const [week, setWeek] = useState<ScheduleEntry[] | null>(null);
  const [attempted, setAttempted] = useState(false);

  useEffect(() => {
    if (stored.data && week === null) setWeek(stored.data.schedules.length ? stored.data.schedules : defaultWeek());
  }, [stored.data, week]);

  if (stored.isError) {
    return (
      <p className="surface-panel settings-message" role="alert">
        {t('settings.schedules.loadFailed')}
      </p>
    );
  }
  if (!week) return <p className="settings-message">{t('common.loading')}</p>;

  const issues = attempted ? weekIssues(week) : [];
  const submit = () => {
    setAttempted(true);
    if (weekIssues(week).length > 0) return;
    save.mutate(
      { companyId, schedules: week },
      { onSuccess: () => toast.success(t('settings.toasts.schedulesSaved')), onError: (error) => toast.error(error) },
    );
  };

  return (
    <section
      className="surface-panel settings-section"
      aria-labelledby="settings-schedules-title"
      data-testid="settings-schedules"
    >
      <h2 id="settings-schedules-title" className="settings-section__title">
        {t('settings.tabs.schedules')}
      </h2>
      <p className="settings-section__hint">{t('settings.schedules.intro')}</p>
      <WeeklyHoursEditor
        schedules={week}
        onChange={setWeek}
        caption={t('settings.schedules.caption')}
        testId="company-hours"
        issues={issues}
      />
      {issues.length > 0 ? (
        <p className="form-field__error settings-schedules__error" role="alert">
          {t('settings.schedules.invalid')}
        </p>
      ) : null}
      <div className="settings-schedules__actions">
        <Button
          type="button"
          icon="pi pi-check"
          label={t('settings.schedules.save')}
          loading={save.isPending}
          onClick={submit}
          data-testid="company-hours-save"
        />
      </div>
    </section>
  );
}
