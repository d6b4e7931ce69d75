import { planFlagNames, type Plan } from '@switchboard/shared/contracts/plans';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { FormDialog, useDialogForm } from '../../../components/form-dialog.tsx';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useSavePlan } from '../api/save-plan.ts';
import { usePlatformSaveReply } from '../hooks/use-platform-save-reply.ts';
import { emptyPlanForm, parsePlanForm, planFormOf, type PlanForm } from '../utils/platform-forms.ts';

const numberFields = ['users', 'connections', 'queues', 'amount', 'trialDays'] as const;

/** Add or edit a plan: its limits, value, trial days, whether signup offers it, and every feature flag. */
export function PlanDialog({ visible, plan, onHide }: { visible: boolean; plan?: Plan; onHide: () => void }) {
  const { t } = useTranslation();
  const save = useSavePlan();
  const {
    values: form,
    errors,
    setErrors,
    set,
  } = useDialogForm<PlanForm>(visible, () => (plan ? planFormOf(plan) : emptyPlanForm()), [plan]);
  const reply = usePlatformSaveReply(onHide, setErrors);

  const submit = () => {
    const parsed = parsePlanForm(form);
    if ('errors' in parsed) return setErrors(parsed.errors);
    save.mutate({ id: plan?.id, body: parsed.body }, reply);
  };

  return (
    <FormDialog
      header={plan ? t('platform.plans.dialog.editTitle') : t('platform.plans.dialog.addTitle')}
      visible={visible}
      onHide={onHide}
      formId="plan-form"
      onSubmit={submit}
      busy={save.isPending}
      saveLabel={t('platform.plans.dialog.save')}
      saveTestId="plan-save"
      testId="plan-dialog"
    >
      <TextField
        id="plan-name"
        label={t('platform.plans.dialog.name')}
        error={errors.name}
        autoFocus
        value={form.name}
        onChange={(value) => set('name', value)}
        testId="plan-name"
      />
      <div className="platform-grid">
        {numberFields.map((field) => (
          <FormField key={field} id={`plan-${field}`} label={t(`platform.plans.dialog.${field}`)} error={errors[field]}>
            <InputText
              {...fieldA11y(`plan-${field}`, errors[field])}
              inputMode={field === 'amount' ? 'decimal' : 'numeric'}
              invalid={Boolean(errors[field])}
              value={form[field]}
              onChange={(e) => set(field, e.target.value)}
              data-testid={`plan-${field}`}
            />
          </FormField>
        ))}
      </div>
      <div className="platform-check">
        <Checkbox inputId="plan-isPublic" checked={form.isPublic} onChange={(e) => set('isPublic', Boolean(e.checked))} />
        <label htmlFor="plan-isPublic">{t('platform.plans.dialog.isPublic')}</label>
      </div>
      <fieldset className="platform-flags">
        <legend>{t('platform.plans.dialog.features')}</legend>
        {planFlagNames.map((flag) => (
          <div key={flag} className="platform-check">
            <Checkbox
              inputId={`plan-${flag}`}
              checked={form.flags[flag]}
              onChange={(e) => set('flags', { ...form.flags, [flag]: Boolean(e.checked) })}
              data-testid={`plan-${flag}`}
            />
            <label htmlFor={`plan-${flag}`}>{t(`platform.plans.flags.${flag}`)}</label>
          </div>
        ))}
      </fieldset>
    </FormDialog>
  );
}
