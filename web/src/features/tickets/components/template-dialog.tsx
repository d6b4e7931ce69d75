import type { MessageTemplate } from '@switchboard/shared/contracts/connections';
import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useMessageTemplates } from '../api/get-message-templates.ts';
import { useSendTemplate } from '../api/send-template.ts';

const keyOf = (t: Pick<MessageTemplate, 'name' | 'language'>) => `${t.name}|${t.language}`;

const preview = (body: string, params: readonly string[]) =>
  body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => params[Number(n) - 1] || whole);

/** The Cloud API's approved templates: one chosen, a text for each placeholder, the body previewed, then sent. */
export function TemplateDialog({ ticket, onHide }: { ticket: Ticket; onHide: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const templates = useMessageTemplates(ticket.whatsappId, true);
  const send = useSendTemplate();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [params, setParams] = useState<string[]>([]);
  const template = templates.data?.find((x) => keyOf(x) === chosen);
  const complete = !!template && params.length === template.paramCount && params.every((p) => p.trim() !== '');

  const submit = async () => {
    if (!template || !complete) return;
    try {
      await send.mutateAsync({
        ticketId: ticket.id,
        template: { name: template.name, language: template.language, params: params.map((p) => p.trim()) },
      });
      onHide();
    } catch (error) {
      toast.error(error);
    }
  };

  return (
    <Dialog
      visible
      onHide={onHide}
      header={t('tickets.serviceWindow.templateTitle')}
      className="inbox-dialog"
      data-testid="template-dialog"
      footer={
        <DialogActions
          onCancel={onHide}
          confirm={{
            label: t('tickets.input.send'),
            icon: 'pi pi-send',
            disabled: !complete,
            loading: send.isPending,
            onClick: () => void submit(),
            testId: 'template-send',
          }}
        />
      }
    >
      <div className="dialog-form">
        <div className="form-field">
          <label htmlFor="template-pick">{t('tickets.serviceWindow.template')}</label>
          <Dropdown
            inputId="template-pick"
            value={chosen}
            options={(templates.data ?? []).map((x) => ({ value: keyOf(x), label: `${x.name} (${x.language})` }))}
            placeholder={t('tickets.serviceWindow.templatePlaceholder')}
            emptyMessage={templates.isError ? t('tickets.serviceWindow.loadFailed') : t('tickets.serviceWindow.noTemplates')}
            loading={templates.isLoading}
            onChange={(e) => {
              const next = templates.data?.find((x) => keyOf(x) === e.value);
              setChosen(e.value as string);
              setParams(Array.from({ length: next?.paramCount ?? 0 }, () => ''));
            }}
            data-testid="template-pick"
          />
        </div>
        {params.map((value, i) => (
          <div className="form-field" key={i}>
            <label htmlFor={`template-param-${i + 1}`}>{t('tickets.serviceWindow.param', { n: `{{${i + 1}}}` })}</label>
            <InputText
              id={`template-param-${i + 1}`}
              value={value}
              maxLength={1024}
              onChange={(e) => setParams((all) => all.map((p, j) => (j === i ? e.target.value : p)))}
            />
          </div>
        ))}
        {template ? (
          <div className="form-field">
            <span className="form-field__label">{t('tickets.serviceWindow.preview')}</span>
            <p className="composer__template-preview" data-testid="template-preview">
              {preview(template.body, params)}
            </p>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
