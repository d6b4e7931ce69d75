import {
  PROMPT_MAX_MESSAGES_MAX,
  PROMPT_MAX_TOKENS_MAX,
  PROMPT_TEMPERATURE_MAX,
  isMaskedSecret,
  promptVoices,
  type Prompt,
  type PromptVoice,
} from '@switchboard/shared/contracts/prompts';
import { useTranslation } from 'react-i18next';
import { DropdownField, NumberField } from '../../../components/choice-fields.tsx';
import { fieldBinder } from '../../../components/field-binding.ts';
import { FormDialog, recordDialogProps, useCheckedForm } from '../../../components/form-dialog.tsx';
import { useSaveAndClose } from '../../../components/save-and-close.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Picker } from '../../../components/picker.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useSavePrompt } from '../api/save-prompt.ts';
import { TextAreaField } from '../../../components/textarea-field.tsx';
import {
  emptyPromptForm,
  promptBodyOf,
  promptFormOf,
  usesVoice,
  validatePromptForm,
  type PromptFormErrors,
  type PromptFormValues,
} from '../utils/prompt-form.ts';

/** Add a prompt (no `record`) or edit one: every field of the entity; the speech key and region only for a voice. */
export function PromptDialog({ visible, record, onHide }: { visible: boolean; record?: Prompt; onHide: () => void }) {
  const { t } = useTranslation();
  const save = useSavePrompt();
  const saveAndClose = useSaveAndClose(onHide);
  const { values, errors, apply, check } = useCheckedForm<PromptFormValues, PromptFormErrors>(
    visible,
    () => (record ? promptFormOf(record) : emptyPromptForm()),
    validatePromptForm,
    [record],
  );
  const message = (field: keyof PromptFormValues) => (errors[field] ? t(`prompts.errors.${errors[field]}`) : undefined);
  const bind = fieldBinder('prompt', values, apply, message);

  const submit = () => {
    if (Object.keys(check()).length) return;
    saveAndClose(
      save,
      { id: record?.id, body: promptBodyOf(values) },
      t(record ? 'prompts.toasts.saved' : 'prompts.toasts.created'),
    );
  };

  const voiceOptions = promptVoices.map((v) => ({
    value: v,
    label: v === 'texto' ? t('prompts.dialog.textVoice') : v.replace(/^pt-BR-(\w+)Neural$/, '$1 (pt-BR)'),
  }));
  const number = (field: 'maxTokens' | 'temperature' | 'maxMessages', max: number, fraction = false) => (
    <NumberField
      {...bind(field)}
      label={t(`prompts.dialog.${field}`)}
      fallback={0}
      min={0}
      max={max}
      {...(fraction ? { minFractionDigits: 1, maxFractionDigits: 2, step: 0.1, mode: 'decimal' as const } : {})}
    />
  );

  return (
    <FormDialog
      {...recordDialogProps('prompt', t(record ? 'prompts.dialog.editTitle' : 'prompts.dialog.addTitle'), { visible, onHide })}
      onSubmit={submit}
      busy={save.isPending}
      size="xl"
    >
      <TextField {...bind('name')} label={t('prompts.dialog.name')} maxLength={100} autoFocus />
      <TextAreaField
        {...bind('prompt', 'prompt-text')}
        label={t('prompts.dialog.prompt')}
        rows={6}
        hint={t('prompts.dialog.promptHint')}
      />
      <TextField
        {...bind('apiKey')}
        label={t('prompts.dialog.apiKey')}
        hint={record && isMaskedSecret(values.apiKey) ? t('prompts.dialog.apiKeyKept') : undefined}
        maxLength={500}
      />
      <FormField
        id="prompt-queue"
        label={t('prompts.dialog.queue')}
        error={message('queueId')}
        hint={t('prompts.dialog.queueHint')}
      >
        <Picker
          source="queues"
          inputId="prompt-queue"
          value={values.queueId}
          onChange={(queueId) => apply({ ...values, queueId })}
          placeholder={t('prompts.dialog.queuePlaceholder')}
          invalid={Boolean(errors.queueId)}
          ariaDescribedBy={errors.queueId ? 'prompt-queue-error' : undefined}
          testId="prompt-queue"
        />
      </FormField>
      <div className="prompt-dialog__numbers">
        {number('maxTokens', PROMPT_MAX_TOKENS_MAX)}
        {number('temperature', PROMPT_TEMPERATURE_MAX, true)}
        {number('maxMessages', PROMPT_MAX_MESSAGES_MAX)}
      </div>
      <DropdownField<PromptVoice>
        {...bind('voice')}
        label={t('prompts.dialog.voice')}
        options={voiceOptions}
        className="w-full"
      />
      {usesVoice(values) ? (
        <div className="prompt-dialog__voice">
          <TextField {...bind('voiceKey')} label={t('prompts.dialog.voiceKey')} maxLength={500} />
          <TextField {...bind('voiceRegion')} label={t('prompts.dialog.voiceRegion')} maxLength={40} placeholder="brazilsouth" />
        </div>
      ) : null}
    </FormDialog>
  );
}
