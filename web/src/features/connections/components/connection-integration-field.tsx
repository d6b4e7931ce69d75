import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { useIntegrationList } from '../../../lib/lookups.ts';

/**
 * The connection's integration, in the Integrations tab (spec document 2 "Connection edit dialog"; server reference
 * 1.2 step 17): it takes the connection's new conversations. The disabled first option reads "none" while nothing is
 * chosen; the clear button takes a chosen integration off.
 */
export function ConnectionIntegrationField({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (integrationId: number | null) => void;
}) {
  const { t } = useTranslation();
  const integrations = useIntegrationList();
  const options = [
    { value: null, label: t('queueIntegrations.connection.none'), disabled: true },
    ...(integrations.data ?? []).map((i) => ({ value: i.id, label: `${i.name} (${t(`queueIntegrations.types.${i.type}`)})` })),
  ];
  return (
    <FormField
      id="connection-integration"
      label={t('queueIntegrations.connection.label')}
      hint={t('queueIntegrations.connection.hint')}
    >
      <Dropdown
        inputId="connection-integration"
        value={value}
        options={options}
        optionDisabled="disabled"
        showClear={value !== null}
        onChange={(e) => onChange((e.value as number | null | undefined) ?? null)}
        loading={integrations.isPending}
        className="w-full"
        data-testid="connection-integration"
      />
    </FormField>
  );
}
