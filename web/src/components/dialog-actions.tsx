import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';

export interface DialogConfirm {
  label: string;
  icon: string;
  /** submits this form (type submit); otherwise `onClick` runs */
  form?: string;
  onClick?: () => void;
  loading?: boolean;
  disabled?: boolean;
  testId?: string;
}

/**
 * The footer of a dialog that asks for a decision: Cancel (quiet, disabled while the action runs) and the action.
 * One look for every dialog of the app.
 */
export function DialogActions({ onCancel, confirm }: { onCancel: () => void; confirm: DialogConfirm }) {
  const { t } = useTranslation();
  return (
    <div className="dialog-footer">
      <Button type="button" text severity="secondary" label={t('common.cancel')} onClick={onCancel} disabled={confirm.loading} />
      <Button
        type={confirm.form ? 'submit' : 'button'}
        form={confirm.form}
        label={confirm.label}
        icon={confirm.icon}
        loading={confirm.loading}
        disabled={confirm.disabled}
        onClick={confirm.form ? undefined : confirm.onClick}
        data-testid={confirm.testId}
      />
    </div>
  );
}
