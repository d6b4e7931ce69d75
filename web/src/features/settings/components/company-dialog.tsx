import { recurrences, type AdminCompany } from '@switchboard/shared/contracts/companies';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { Password } from 'primereact/password';
import { useTranslation } from 'react-i18next';
import { FormDialog, useDialogForm } from '../../../components/form-dialog.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { systemClock } from '../../../lib/clock.ts';
import { usePlans } from '../api/get-plans.ts';
import { useSaveCompany, type SaveCompanyInput } from '../api/save-company.ts';
import { usePlatformSaveReply } from '../hooks/use-platform-save-reply.ts';
import { companyFormOf, emptyCompanyForm, parseCompanyForm, type CompanyForm } from '../utils/platform-forms.ts';

type TextFieldName = 'name' | 'email' | 'phone' | 'document' | 'paymentMethod';

/** Add or edit a company (spec document 2 "Companies (super)", sections 3 and 5); a new company gets its first admin. */
export function CompanyDialog({ visible, company, onHide }: { visible: boolean; company?: AdminCompany; onHide: () => void }) {
  const { t } = useTranslation();
  const plans = usePlans();
  const save = useSaveCompany();
  const {
    values: form,
    errors,
    setErrors,
    set,
  } = useDialogForm<CompanyForm>(visible, () => (company ? companyFormOf(company) : emptyCompanyForm(systemClock.now())), [
    company,
  ]);
  const reply = usePlatformSaveReply(onHide, setErrors);

  const submit = () => {
    const parsed = parseCompanyForm(form, !company);
    if ('errors' in parsed) return setErrors(parsed.errors);
    const input: SaveCompanyInput = 'create' in parsed ? { body: parsed.create } : { id: company!.id, body: parsed.update };
    save.mutate(input, reply);
  };

  const text = (field: TextFieldName, extra: { type?: string; autoFocus?: boolean } = {}) => (
    <TextField
      id={`company-${field}`}
      label={t(`platform.companies.dialog.${field}`)}
      error={errors[field]}
      value={form[field]}
      onChange={(value) => set(field, value)}
      testId={`company-${field}`}
      {...extra}
    />
  );

  return (
    <FormDialog
      header={company ? t('platform.companies.dialog.editTitle') : t('platform.companies.dialog.addTitle')}
      visible={visible}
      onHide={onHide}
      formId="company-form"
      onSubmit={submit}
      busy={save.isPending}
      saveLabel={t('platform.companies.dialog.save')}
      saveTestId="company-save"
      testId="company-dialog"
      size="xl"
    >
      {text('name', { autoFocus: true })}
      <div className="platform-grid">
        {text('email', { type: 'email' })}
        {text('phone')}
        <FormField id="company-planId" label={t('platform.companies.dialog.plan')} error={errors.planId}>
          <Dropdown
            inputId="company-planId"
            aria-invalid={errors.planId ? true : undefined}
            aria-describedby={errors.planId ? 'company-planId-error' : undefined}
            invalid={Boolean(errors.planId)}
            value={form.planId}
            options={(plans.data ?? []).map((p) => ({ label: p.name, value: p.id }))}
            onChange={(e) => set('planId', e.value as number)}
            data-testid="company-plan"
          />
        </FormField>
        <TextField
          id="company-dueDate"
          label={t('platform.companies.dialog.dueDate')}
          error={errors.dueDate}
          type="date"
          value={form.dueDate}
          onChange={(value) => set('dueDate', value)}
          testId="company-dueDate"
        />
        <FormField id="company-recurrence" label={t('platform.companies.dialog.recurrence')}>
          <Dropdown
            inputId="company-recurrence"
            value={form.recurrence}
            options={recurrences.map((r) => ({ label: t(`platform.companies.recurrences.${r}`), value: r }))}
            onChange={(e) => set('recurrence', e.value as CompanyForm['recurrence'])}
            data-testid="company-recurrence"
          />
        </FormField>
        {text('document')}
        {text('paymentMethod')}
      </div>
      {company ? null : (
        <FormField
          id="company-password"
          label={t('platform.companies.dialog.password')}
          error={errors.password}
          hint={t('platform.companies.dialog.passwordHint')}
        >
          <Password
            inputId="company-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'company-password-error' : undefined}
            feedback={false}
            toggleMask
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => set('password', e.target.value)}
            data-testid="company-password"
          />
        </FormField>
      )}
      <div className="platform-check">
        <Checkbox inputId="company-status" checked={form.status} onChange={(e) => set('status', Boolean(e.checked))} />
        <label htmlFor="company-status">{t('platform.companies.dialog.status')}</label>
      </div>
    </FormDialog>
  );
}
