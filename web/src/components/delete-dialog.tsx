import { ConfirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';

/**
 * The confirmation before deleting a record, the same on every list page: a warning, the page's own texts, a danger
 * button to confirm and Cancel focused first, so Enter never deletes by accident.
 */
export function DeleteDialog({
  visible,
  onHide,
  header,
  message,
  confirmLabel,
  onConfirm,
  testId,
}: {
  visible: boolean;
  onHide: () => void;
  header: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      visible={visible}
      onHide={onHide}
      header={header}
      message={message}
      icon="pi pi-exclamation-triangle"
      acceptLabel={confirmLabel}
      rejectLabel={t('common.cancel')}
      acceptClassName="p-button-danger"
      defaultFocus="reject"
      accept={onConfirm}
      data-testid={testId}
    />
  );
}
