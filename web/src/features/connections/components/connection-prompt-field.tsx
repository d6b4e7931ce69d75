import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { OptionalDropdown } from '../../../components/optional-dropdown.tsx';
import { usePromptList } from '../../../lib/lookups.ts';

/**
 * The connection's AI prompt, in the Integrations tab (spec document 2 "Connection edit dialog"; server reference
 * 8.4): it answers the connection's new conversations before the queues. None: the connection has no assistant.
 */
export function ConnectionPromptField({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (promptId: number | null) => void;
}) {
  const { t } = useTranslation();
  const prompts = usePromptList();
  return (
    <FormField id="connection-prompt" label={t('prompts.connection.label')} hint={t('prompts.connection.hint')}>
      <OptionalDropdown
        inputId="connection-prompt"
        value={value}
        noneLabel={t('prompts.connection.none')}
        choices={(prompts.data?.prompts ?? []).map((p) => ({ value: p.id, label: p.name }))}
        onChange={onChange}
        loading={prompts.isPending}
        testId="connection-prompt"
      />
    </FormField>
  );
}
