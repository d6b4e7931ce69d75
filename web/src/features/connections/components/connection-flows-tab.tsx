import type { Connection } from '@switchboard/shared/contracts/connections';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { OptionalDropdown } from '../../../components/optional-dropdown.tsx';
import { useFlowList } from '../../../lib/lookups.ts';

export type ConnectionFlows = Pick<Connection, 'flowIdWelcome' | 'flowIdNotPhrase'>;

/**
 * The standard flow tab (spec document 2 "Connections page"; server reference 5.4): the flow a new contact's first
 * message starts, and the one a returning contact's starts when no phrase matched.
 */
export function ConnectionFlowsTab({ value, onChange }: { value: ConnectionFlows; onChange: (v: ConnectionFlows) => void }) {
  const { t } = useTranslation();
  const flows = useFlowList();
  const choices = (flows.data ?? []).map((f) => ({
    value: f.id,
    label: f.active ? f.name : `${f.name} (${t('connections.dialog.flows.inactive')})`,
  }));
  return (
    <div className="connection-flows">
      <FormField
        id="connection-flow-welcome"
        label={t('connections.dialog.flows.welcome')}
        hint={t('connections.dialog.flows.welcomeHint')}
      >
        <OptionalDropdown
          inputId="connection-flow-welcome"
          value={value.flowIdWelcome ?? null}
          noneLabel={t('connections.dialog.flows.none')}
          choices={choices}
          onChange={(flowIdWelcome) => onChange({ ...value, flowIdWelcome })}
          loading={flows.isPending}
          testId="connection-flow-welcome"
        />
      </FormField>
      <FormField
        id="connection-flow-not-phrase"
        label={t('connections.dialog.flows.notPhrase')}
        hint={t('connections.dialog.flows.notPhraseHint')}
      >
        <OptionalDropdown
          inputId="connection-flow-not-phrase"
          value={value.flowIdNotPhrase ?? null}
          noneLabel={t('connections.dialog.flows.none')}
          choices={choices}
          onChange={(flowIdNotPhrase) => onChange({ ...value, flowIdNotPhrase })}
          loading={flows.isPending}
          testId="connection-flow-not-phrase"
        />
      </FormField>
    </div>
  );
}
