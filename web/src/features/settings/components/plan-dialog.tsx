import { planFlagNames, type Plan } from '@switchboard/shared/contracts/plans';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useSavePlan } from '../api/save-plan.ts';
import {
  emptyPlanForm,
  parsePlanForm,
  planFormOf,
  serverErrorsOf,
  type FieldErrors,
  type PlanForm,
} from '../utils/platform-forms.ts';

const FORM_ID = 'plan-form';
const numberFields = ['users', 'connections', 'queues', 'amount', 'trialDays'] as const;

/** Add or edit a plan: its limits, value, trial days, whether signup offers it, and every feature flag. */
export function PlanDialog({ visible, plan, onHide }: { visible: boolean; plan?: Plan; onHide: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSavePlan();
  const [form, setForm] = useState<PlanForm>(emptyPlanForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (!visible) return;
    setForm(plan ? planFormOf(plan) : emptyPlanForm());
    setErrors({});
  }, [visible, plan]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parsePlanForm(form);
    if ('errors' in parsed) return setErrors(parsed.errors);
    save.mutate(
      { id: plan?.id, body: parsed.body },
      {
        onSuccess: () => {
          toast.success(t('platform.done'));
          onHide();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body.fields) setErrors(serverErrorsOf(error.body.fields));
          else toast.errorText(t('platform.saveFailed'));
        },
      },
    );
  };

  return (
    <Dialog
      header={plan ? t('platform.plans.dialog.editTitle') : t('platform.plans.dialog.addTitle')}
      visible={visible}
      onHide={onHide}
      footer={
        <DialogActions
          onCancel={onHide}
          confirm={{
            label: t('platform.plans.dialog.save'),
            icon: 'pi pi-check',
            form: FORM_ID,
            loading: save.isPending,
            testId: 'plan-save',
          }}
        />
      }
      style={{ width: '40rem' }}
      breakpoints={{ '680px': '96vw' }}
      modal
      closable={!save.isPending}
      data-testid="plan-dialog"
    >
      <form id={FORM_ID} className="dialog-form" onSubmit={submit} noValidate>
        <FormField id="plan-name" label={t('platform.plans.dialog.name')} error={errors.name}>
          <InputText
            {...fieldA11y('plan-name', errors.name)}
            autoFocus
            autoComplete="off"
            invalid={Boolean(errors.name)}
            value={form.name}
            onChange={(e) => {
              setErrors(({ name: _gone, ...rest }) => rest);
              setForm({ ...form, name: e.target.value });
            }}
            data-testid="plan-name"
          />
        </FormField>
        <div className="platform-grid">
          {numberFields.map((field) => (
            <FormField key={field} id={`plan-${field}`} label={t(`platform.plans.dialog.${field}`)} error={errors[field]}>
              <InputText
                {...fieldA11y(`plan-${field}`, errors[field])}
                inputMode={field === 'amount' ? 'decimal' : 'numeric'}
                invalid={Boolean(errors[field])}
                value={form[field]}
                onChange={(e) => {
                  setErrors(({ [field]: _gone, ...rest }) => rest);
                  setForm({ ...form, [field]: e.target.value });
                }}
                data-testid={`plan-${field}`}
              />
            </FormField>
          ))}
        </div>
        <div className="platform-check">
          <Checkbox
            inputId="plan-isPublic"
            checked={form.isPublic}
            onChange={(e) => {
              setErrors(({ isPublic: _gone, ...rest }) => rest);
              setForm({ ...form, isPublic: Boolean(e.checked) });
            }}
          />
          <label htmlFor="plan-isPublic">{t('platform.plans.dialog.isPublic')}</label>
        </div>
        <fieldset className="platform-flags">
          <legend>{t('platform.plans.dialog.features')}</legend>
          {planFlagNames.map((flag) => (
            <div key={flag} className="platform-check">
              <Checkbox
                inputId={`plan-${flag}`}
                checked={form.flags[flag]}
                onChange={(e) => setForm({ ...form, flags: { ...form.flags, [flag]: Boolean(e.checked) } })}
                data-testid={`plan-${flag}`}
              />
              <label htmlFor={`plan-${flag}`}>{t(`platform.plans.flags.${flag}`)}</label>
            </div>
          ))}
        </fieldset>
      </form>
    </Dialog>
  );
}
