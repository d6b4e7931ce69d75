import { recurrences, type AdminCompany } from '@switchboard/shared/contracts/companies';
import { CheckField, DropdownField } from '../../../components/choice-fields.tsx';
import { Password } from 'primereact/password';
import { useTranslation } from 'react-i18next';
import { FormDialog, recordDialogProps, useDialogForm } from '../../../components/form-dialog.tsx';
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
      {...recordDialogProps(
        'company',
        t(company ? 'platform.companies.dialog.editTitle' : 'platform.companies.dialog.addTitle'),
        { visible, onHide },
      )}
      onSubmit={submit}
      busy={save.isPending}
      saveLabel={t('platform.companies.dialog.save')}
      size="xl"
    >
      {text('name', { autoFocus: true })}
      <div className="platform-grid">
        {text('email', { type: 'email' })}
        {text('phone')}
        <DropdownField<number | null>
          id="company-planId"
          label={t('platform.companies.dialog.plan')}
          error={errors.planId}
          value={form.planId}
          options={(plans.data ?? []).map((p) => ({ label: p.name, value: p.id }))}
          onChange={(planId) => set('planId', planId)}
          testId="company-plan"
        />
        <TextField
          id="company-dueDate"
          label={t('platform.companies.dialog.dueDate')}
          error={errors.dueDate}
          type="date"
          value={form.dueDate}
          onChange={(value) => set('dueDate', value)}
          testId="company-dueDate"
        />
        <DropdownField<CompanyForm['recurrence']>
          id="company-recurrence"
          label={t('platform.companies.dialog.recurrence')}
          value={form.recurrence}
          options={recurrences.map((r) => ({ label: t(`platform.companies.recurrences.${r}`), value: r }))}
          onChange={(recurrence) => set('recurrence', recurrence)}
          testId="company-recurrence"
        />
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
      <CheckField
        id="company-status"
        label={t('platform.companies.dialog.status')}
        value={form.status}
        onChange={(status) => set('status', status)}
        className="platform-check"
      />
    </FormDialog>
  );
}
