import type { Flow } from '@switchboard/shared/contracts/flows';
import { InputSwitch } from 'primereact/inputswitch';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, recordDialogProps } from '../../../components/form-dialog.tsx';
import { useSaveAndClose } from '../../../components/save-and-close.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useSaveFlow } from '../api/save-flow.ts';
import { flowNameProblem } from '../utils/flow-form.ts';

/** Add a flow (no `record`) or edit its name and state: titled 'Añadir flujo' or 'Editar flujo'. */
export function FlowDialog({
  visible,
  record,
  onHide,
  onCreated,
}: {
  visible: boolean;
  record?: Flow;
  onHide: () => void;
  onCreated?: (flow: Flow) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveFlow();
  const saveAndClose = useSaveAndClose(onHide);
  const [name, setName] = useState('');
  const [active, setActive] = useState(true);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!visible) return;
    setName(record?.name ?? '');
    setActive(record?.active ?? true);
    setError(undefined);
  }, [visible, record]);

  const submit = () => {
    const problem = flowNameProblem(name);
    setError(problem);
    if (problem) return;
    saveAndClose(
      save,
      { id: record?.id, name: name.trim(), ...(record ? { active } : {}) },
      t(record ? 'flows.toasts.renamed' : 'flows.toasts.created'),
      {
        then: (flow) => {
          if (!record) onCreated?.(flow);
        },
      },
    );
  };

  return (
    <FormDialog
      {...recordDialogProps('flow', t(record ? 'flows.dialog.editTitle' : 'flows.dialog.addTitle'), { visible, onHide })}
      onSubmit={submit}
      busy={save.isPending}
      size="sm"
    >
      <TextField
        id="flow-name"
        label={t('flows.dialog.name')}
        error={error}
        value={name}
        onChange={setName}
        maxLength={60}
        autoFocus
      />
      {record ? (
        <div className="flow-dialog__switch">
          <InputSwitch inputId="flow-active" checked={active} onChange={(e) => setActive(Boolean(e.value))} />
          <label htmlFor="flow-active">{t('flows.dialog.active')}</label>
        </div>
      ) : null}
    </FormDialog>
  );
}
