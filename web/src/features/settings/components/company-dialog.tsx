import { recurrences, type AdminCompany } from '@switchboard/shared/contracts/companies';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { systemClock } from '../../../lib/clock.ts';
import { useToast } from '../../../lib/toast.tsx';
import { usePlans } from '../api/get-plans.ts';
import { useSaveCompany, type SaveCompanyInput } from '../api/save-company.ts';
import {
  companyFormOf,
  emptyCompanyForm,
  parseCompanyForm,
  serverErrorsOf,
  type CompanyForm,
  type FieldErrors,
} from '../utils/platform-forms.ts';

const FORM_ID = 'company-form';
type TextField = 'name' | 'email' | 'phone' | 'document' | 'paymentMethod';

/** Add or edit a company (spec document 2 "Companies (super)", sections 3 and 5); a new company gets its first admin. */
export function CompanyDialog({ visible, company, onHide }: { visible: boolean; company?: AdminCompany; onHide: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const plans = usePlans();
  const save = useSaveCompany();
  const [form, setForm] = useState<CompanyForm>(() => emptyCompanyForm(systemClock.now()));
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (!visible) return;
    setForm(company ? companyFormOf(company) : emptyCompanyForm(systemClock.now()));
    setErrors({});
  }, [visible, company]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseCompanyForm(form, !company);
    if ('errors' in parsed) return setErrors(parsed.errors);
    const input: SaveCompanyInput = 'create' in parsed ? { body: parsed.create } : { id: company!.id, body: parsed.update };
    save.mutate(input, {
      onSuccess: () => {
        toast.success(t('platform.done'));
        onHide();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.body.fields) setErrors(serverErrorsOf(error.body.fields));
        else toast.errorText(t('platform.saveFailed'));
      },
    });
  };

  const text = (field: TextField, extra: { type?: string; autoFocus?: boolean } = {}) => (
    <FormField id={`company-${field}`} label={t(`platform.companies.dialog.${field}`)} error={errors[field]}>
      <InputText
        {...fieldA11y(`company-${field}`, errors[field])}
        {...extra}
        autoComplete="off"
        invalid={Boolean(errors[field])}
        value={form[field]}
        onChange={(e) => {
          setErrors(({ [field]: _gone, ...rest }) => rest);
          setForm({ ...form, [field]: e.target.value });
        }}
        data-testid={`company-${field}`}
      />
    </FormField>
  );

  return (
    <Dialog
      header={company ? t('platform.companies.dialog.editTitle') : t('platform.companies.dialog.addTitle')}
      visible={visible}
      onHide={onHide}
      footer={
        <DialogActions
          onCancel={onHide}
          confirm={{
            label: t('platform.companies.dialog.save'),
            icon: 'pi pi-check',
            form: FORM_ID,
            loading: save.isPending,
            testId: 'company-save',
          }}
        />
      }
      style={{ width: '44rem' }}
      breakpoints={{ '720px': '96vw' }}
      modal
      closable={!save.isPending}
      data-testid="company-dialog"
    >
      <form id={FORM_ID} className="dialog-form" onSubmit={submit} noValidate>
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
              onChange={(e) => {
                setErrors(({ planId: _gone, ...rest }) => rest);
                setForm({ ...form, planId: e.value as number });
              }}
              data-testid="company-plan"
            />
          </FormField>
          <FormField id="company-dueDate" label={t('platform.companies.dialog.dueDate')} error={errors.dueDate}>
            <InputText
              {...fieldA11y('company-dueDate', errors.dueDate)}
              type="date"
              value={form.dueDate}
              onChange={(e) => {
                setErrors(({ dueDate: _gone, ...rest }) => rest);
                setForm({ ...form, dueDate: e.target.value });
              }}
              data-testid="company-dueDate"
            />
          </FormField>
          <FormField id="company-recurrence" label={t('platform.companies.dialog.recurrence')}>
            <Dropdown
              inputId="company-recurrence"
              value={form.recurrence}
              options={recurrences.map((r) => ({ label: t(`platform.companies.recurrences.${r}`), value: r }))}
              onChange={(e) => {
                setErrors(({ recurrence: _gone, ...rest }) => rest);
                setForm({ ...form, recurrence: e.value as CompanyForm['recurrence'] });
              }}
              data-testid="company-recurrence"
            />
          </FormField>
          {text('document')}
          {text('paymentMethod')}
        </div>
        {company ? null : (
          <FormField id="company-password" label={t('platform.companies.dialog.password')} error={errors.password}>
            <Password
              inputId="company-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'company-password-error' : undefined}
              feedback={false}
              toggleMask
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => {
                setErrors(({ password: _gone, ...rest }) => rest);
                setForm({ ...form, password: e.target.value });
              }}
              data-testid="company-password"
            />
          </FormField>
        )}
        <div className="platform-check">
          <Checkbox
            inputId="company-status"
            checked={form.status}
            onChange={(e) => {
              setErrors(({ status: _gone, ...rest }) => rest);
              setForm({ ...form, status: Boolean(e.checked) });
            }}
          />
          <label htmlFor="company-status">{t('platform.companies.dialog.status')}</label>
        </div>
      </form>
    </Dialog>
  );
}
