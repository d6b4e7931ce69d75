import {
  PROMPT_MAX_MESSAGES_MAX,
  PROMPT_MAX_TOKENS_MAX,
  PROMPT_TEMPERATURE_MAX,
  isMaskedSecret,
  promptVoices,
  type Prompt,
  type PromptVoice,
} from '@switchboard/shared/contracts/prompts';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { useTranslation } from 'react-i18next';
import { FormDialog, useCheckedForm } from '../../../components/form-dialog.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Picker } from '../../../components/picker.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useToast } from '../../../lib/toast.tsx';
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
  const toast = useToast();
  const save = useSavePrompt();
  const { values, errors, apply, check } = useCheckedForm<PromptFormValues, PromptFormErrors>(
    visible,
    () => (record ? promptFormOf(record) : emptyPromptForm()),
    validatePromptForm,
    [record],
  );
  const message = (field: keyof PromptFormValues) => (errors[field] ? t(`prompts.errors.${errors[field]}`) : undefined);

  const submit = () => {
    if (Object.keys(check()).length) return;
    save.mutate(
      { id: record?.id, body: promptBodyOf(values) },
      {
        onSuccess: () => {
          toast.success(t(record ? 'prompts.toasts.saved' : 'prompts.toasts.created'));
          onHide();
        },
        onError: (e) => toast.error(e),
      },
    );
  };

  const voiceOptions = promptVoices.map((v) => ({
    value: v,
    label: v === 'texto' ? t('prompts.dialog.textVoice') : v.replace(/^pt-BR-(\w+)Neural$/, '$1 (pt-BR)'),
  }));
  const number = (field: 'maxTokens' | 'temperature' | 'maxMessages', id: string, max: number, fraction = false) => (
    <FormField id={id} label={t(`prompts.dialog.${field}`)}>
      <InputNumber
        inputId={id}
        value={values[field]}
        onValueChange={(e) => apply({ ...values, [field]: e.value ?? 0 })}
        min={0}
        max={max}
        {...(fraction ? { minFractionDigits: 1, maxFractionDigits: 2, step: 0.1, mode: 'decimal' as const } : {})}
        data-testid={id}
      />
    </FormField>
  );

  return (
    <FormDialog
      header={record ? t('prompts.dialog.editTitle') : t('prompts.dialog.addTitle')}
      visible={visible}
      onHide={onHide}
      formId="prompt-form"
      onSubmit={submit}
      busy={save.isPending}
      saveTestId="prompt-save"
      testId="prompt-dialog"
      size="xl"
    >
      <TextField
        id="prompt-name"
        label={t('prompts.dialog.name')}
        error={message('name')}
        value={values.name}
        onChange={(name) => apply({ ...values, name })}
        maxLength={100}
        autoFocus
        testId="prompt-name"
      />
      <TextAreaField
        id="prompt-text"
        label={t('prompts.dialog.prompt')}
        rows={6}
        error={message('prompt')}
        hint={t('prompts.dialog.promptHint')}
        value={values.prompt}
        onChange={(value) => apply({ ...values, prompt: value })}
        testId="prompt-text"
      />
      <TextField
        id="prompt-api-key"
        label={t('prompts.dialog.apiKey')}
        error={message('apiKey')}
        hint={record && isMaskedSecret(values.apiKey) ? t('prompts.dialog.apiKeyKept') : undefined}
        value={values.apiKey}
        onChange={(apiKey) => apply({ ...values, apiKey })}
        maxLength={500}
        testId="prompt-api-key"
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
        {number('maxTokens', 'prompt-max-tokens', PROMPT_MAX_TOKENS_MAX)}
        {number('temperature', 'prompt-temperature', PROMPT_TEMPERATURE_MAX, true)}
        {number('maxMessages', 'prompt-max-messages', PROMPT_MAX_MESSAGES_MAX)}
      </div>
      <FormField id="prompt-voice" label={t('prompts.dialog.voice')}>
        <Dropdown
          inputId="prompt-voice"
          value={values.voice}
          options={voiceOptions}
          onChange={(e) => apply({ ...values, voice: e.value as PromptVoice })}
          className="w-full"
          data-testid="prompt-voice"
        />
      </FormField>
      {usesVoice(values) ? (
        <div className="prompt-dialog__voice">
          <TextField
            id="prompt-voice-key"
            label={t('prompts.dialog.voiceKey')}
            error={message('voiceKey')}
            value={values.voiceKey}
            onChange={(voiceKey) => apply({ ...values, voiceKey })}
            maxLength={500}
            testId="prompt-voice-key"
          />
          <TextField
            id="prompt-voice-region"
            label={t('prompts.dialog.voiceRegion')}
            error={message('voiceRegion')}
            value={values.voiceRegion}
            onChange={(voiceRegion) => apply({ ...values, voiceRegion })}
            maxLength={40}
            placeholder="brazilsouth"
            testId="prompt-voice-region"
          />
        </div>
      ) : null}
    </FormDialog>
  );
}
