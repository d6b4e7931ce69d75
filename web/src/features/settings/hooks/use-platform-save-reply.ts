import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../components/form-dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { serverErrorsOf } from '../utils/platform-forms.ts';

/**
 * What the super user's dialogs do with a save's answer: done closes the dialog with a toast; a 400 shows its field
 * messages beside the fields; anything else is the spec's "check for a company with the same name" toast.
 */
export function usePlatformSaveReply(onHide: () => void, setErrors: (errors: FieldErrors) => void) {
  const { t } = useTranslation();
  const toast = useToast();
  return {
    onSuccess: () => {
      toast.success(t('platform.done'));
      onHide();
    },
    onError: (error: unknown) => {
      if (error instanceof ApiError && error.body.fields) setErrors(serverErrorsOf(error.body.fields));
      else toast.errorText(t('platform.saveFailed'));
    },
  };
}
