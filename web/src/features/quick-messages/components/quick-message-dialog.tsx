import type { QuickMessage } from '@switchboard/shared/contracts/quick-messages';
import { ticketVariables } from '@switchboard/shared/message-variables';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { VariablesHelper } from '../../../components/variables-helper.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { MediaAttachRow } from '../../../components/media-attach-row.tsx';
import { useSaveQuickMessage, type MediaChange } from '../api/save-quick-message.ts';
import {
  emptyQuickMessageForm,
  quickMessageBodyOf,
  quickMessageFormOf,
  validateQuickMessageForm,
  withVisao,
  type QuickMessageFormErrors,
  type QuickMessageFormValues,
} from '../utils/quick-message-form.ts';
import { FormDialog, recordDialogProps } from '../../../components/form-dialog.tsx';
import { useSaveAndClose } from '../../../components/save-and-close.ts';

/** Add a reply (no `record`), edit one, or only view it when `readOnly` (another user's unshared reply). */
export function QuickMessageDialog({
  visible,
  record,
  readOnly,
  onHide,
}: {
  visible: boolean;
  record?: QuickMessage;
  readOnly: boolean;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveQuickMessage();
  const saveAndClose = useSaveAndClose(onHide);
  const [values, setValues] = useState<QuickMessageFormValues>(emptyQuickMessageForm);
  const [errors, setErrors] = useState<QuickMessageFormErrors>({});
  const [touched, setTouched] = useState(false);
  const [media, setMedia] = useState<MediaChange>({ kind: 'keep' });
  const [shown, setShown] = useState(record);
  const pending = save.isPending;

  useEffect(() => {
    if (!visible) return;
    setShown(record);
    setValues(record ? quickMessageFormOf(record) : emptyQuickMessageForm());
    setErrors({});
    setTouched(false);
    setMedia({ kind: 'keep' });
  }, [visible, record]);

  const apply = (next: QuickMessageFormValues) => {
    setValues(next);
    if (touched) setErrors(validateQuickMessageForm(next));
  };

  const mediaName = media.kind === 'upload' ? media.file.name : media.kind === 'remove' ? null : (shown?.mediaName ?? null);

  const submit = () => {
    if (readOnly) return;
    const found = validateQuickMessageForm(values);
    setTouched(true);
    setErrors(found);
    if (found.shortcode) return;
    saveAndClose(save, { id: record?.id, body: quickMessageBodyOf(values), media }, t('quickMessages.toasts.saved'), {
      refused: (error) => {
        if (isApiError(error) && error.code === 'ERR_DUPLICATED_SHORTCODE') {
          setErrors({ shortcode: 'quickMessages.dialog.duplicated' });
          return true;
        }
        const field = isApiError(error) ? error.body.fields?.find((f) => f.path === 'body.shortcode') : undefined;
        if (field) setErrors({ shortcode: field.message });
      },
    });
  };

  const title = readOnly
    ? t('quickMessages.dialog.viewTitle')
    : shown
      ? t('quickMessages.dialog.editTitle')
      : t('quickMessages.dialog.addTitle');

  return (
    <FormDialog
      {...recordDialogProps('quick-message', title, { visible, onHide })}
      onSubmit={submit}
      busy={pending}
      size="sm"
      dismissableMask
      intro={readOnly ? <p className="quick-message-readonly">{t('quickMessages.dialog.readOnly')}</p> : null}
      footer={
        readOnly ? (
          <div className="dialog-footer">
            <Button type="button" label={t('quickMessages.dialog.close')} onClick={onHide} />
          </div>
        ) : undefined
      }
    >
      <FormField
        id="quick-message-shortcode"
        label={t('quickMessages.dialog.shortcode')}
        error={errors.shortcode}
        hint={readOnly ? undefined : t('quickMessages.dialog.shortcodeHint')}
      >
        <InputText
          {...fieldA11y('quick-message-shortcode', errors.shortcode)}
          autoFocus={!readOnly}
          autoComplete="off"
          readOnly={readOnly}
          invalid={Boolean(errors.shortcode)}
          value={values.shortcode}
          onChange={(e) => apply({ ...values, shortcode: e.target.value })}
        />
      </FormField>
      <FormField id="quick-message-message" label={t('quickMessages.dialog.message')}>
        <InputTextarea
          id="quick-message-message"
          rows={5}
          autoResize
          readOnly={readOnly}
          value={values.message}
          onChange={(e) => apply({ ...values, message: e.target.value })}
        />
        <VariablesHelper
          targetId="quick-message-message"
          value={values.message}
          onChange={(message) => apply({ ...values, message })}
          variables={ticketVariables}
          disabled={readOnly}
        />
      </FormField>
      <div className="quick-message-switch">
        <InputSwitch
          inputId="quick-message-visao"
          checked={values.visao}
          disabled={readOnly}
          onChange={(e) => apply(withVisao(values, Boolean(e.value)))}
        />
        <label htmlFor="quick-message-visao">{t('quickMessages.dialog.visao')}</label>
      </div>
      {values.visao ? (
        <div className="quick-message-switch">
          <InputSwitch
            inputId="quick-message-geral"
            checked={values.geral}
            disabled={readOnly}
            onChange={(e) => apply({ ...values, geral: Boolean(e.value) })}
          />
          <label htmlFor="quick-message-geral">{t('quickMessages.dialog.geral')}</label>
        </div>
      ) : null}
      <MediaAttachRow
        use="quickMessage"
        mediaName={mediaName}
        editable={!readOnly}
        pending={pending}
        onPick={(file) => setMedia({ kind: 'upload', file })}
        onRemove={() => setMedia(shown?.isMedia ? { kind: 'remove' } : { kind: 'keep' })}
        className="quick-message-media"
        nameClassName="quick-message-media__name"
        texts={{
          none: t('quickMessages.noAttachment'),
          attach: t('quickMessages.dialog.attach'),
          remove: t('quickMessages.dialog.removeMedia'),
          refused: (name) => t('quickMessages.dialog.fileRefused', { name }),
        }}
        testIds={{ name: 'quick-message-media-name', remove: 'quick-message-remove-media', file: 'quick-message-file' }}
      />
    </FormDialog>
  );
}
