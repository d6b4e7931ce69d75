import type { Connection } from '@switchboard/shared/contracts/inbox';
import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { useFlowList } from '../../../lib/lookups.ts';

export type ConnectionFlows = Pick<Connection, 'flowIdWelcome' | 'flowIdNotPhrase'>;

/**
 * The standard flow tab (spec document 2 "Connections page"; server reference 5.4): the flow a new contact's first
 * message starts, and the one a returning contact's starts when no phrase matched.
 */
export function ConnectionFlowsTab({ value, onChange }: { value: ConnectionFlows; onChange: (v: ConnectionFlows) => void }) {
  const { t } = useTranslation();
  const flows = useFlowList();
  // optionValue is named: without it PrimeReact hands over the whole "none" option, its value being empty
  const options = [
    { value: null, label: t('connections.dialog.flows.none') },
    ...(flows.data ?? []).map((f) => ({
      value: f.id,
      label: f.active ? f.name : `${f.name} (${t('connections.dialog.flows.inactive')})`,
    })),
  ];
  return (
    <div className="connection-flows">
      <FormField
        id="connection-flow-welcome"
        label={t('connections.dialog.flows.welcome')}
        hint={t('connections.dialog.flows.welcomeHint')}
      >
        <Dropdown
          inputId="connection-flow-welcome"
          value={value.flowIdWelcome ?? null}
          options={options}
          optionValue="value"
          onChange={(e) => onChange({ ...value, flowIdWelcome: (e.value as number | null) ?? null })}
          loading={flows.isPending}
          className="w-full"
          data-testid="connection-flow-welcome"
        />
      </FormField>
      <FormField
        id="connection-flow-not-phrase"
        label={t('connections.dialog.flows.notPhrase')}
        hint={t('connections.dialog.flows.notPhraseHint')}
      >
        <Dropdown
          inputId="connection-flow-not-phrase"
          value={value.flowIdNotPhrase ?? null}
          options={options}
          optionValue="value"
          onChange={(e) => onChange({ ...value, flowIdNotPhrase: (e.value as number | null) ?? null })}
          loading={flows.isPending}
          className="w-full"
          data-testid="connection-flow-not-phrase"
        />
      </FormField>
    </div>
  );
}
