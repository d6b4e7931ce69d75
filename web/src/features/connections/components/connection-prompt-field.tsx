import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
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
  // optionValue is named: without it PrimeReact hands over the whole "none" option, its value being empty
  const options = [
    { value: null, label: t('prompts.connection.none') },
    ...(prompts.data?.prompts ?? []).map((p) => ({ value: p.id, label: p.name })),
  ];
  return (
    <FormField id="connection-prompt" label={t('prompts.connection.label')} hint={t('prompts.connection.hint')}>
      <Dropdown
        inputId="connection-prompt"
        value={value}
        options={options}
        optionValue="value"
        onChange={(e) => onChange((e.value as number | null) ?? null)}
        loading={prompts.isPending}
        className="w-full"
        data-testid="connection-prompt"
      />
    </FormField>
  );
}
