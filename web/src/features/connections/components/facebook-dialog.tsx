import { Dialog } from 'primereact/dialog';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useConnectFacebook } from '../api/connect-facebook.ts';
import {
  facebookBodyOf,
  validateFacebookForm,
  type FacebookFormErrors,
  type FacebookFormValues,
} from '../utils/facebook-form.ts';

const FORM_ID = 'facebook-form';

/**
 * Facebook and Instagram pages through a Meta user token typed in by hand (Meta's login popup needs the internet,
 * which a local install may not have): POST /facebook lists the user's pages and adds a connection per page, and
 * its Instagram account when asked. `instagram` opens it for Instagram (the switch on); `allowInstagram` is the
 * plan's useInstagram flag.
 */
export function FacebookDialog({
  visible,
  instagram,
  allowInstagram,
  onHide,
}: {
  visible: boolean;
  instagram: boolean;
  allowInstagram: boolean;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const connect = useConnectFacebook();
  const [values, setValues] = useState<FacebookFormValues>({
    facebookUserId: '',
    facebookUserToken: '',
    addInstagram: instagram,
  });
  const [errors, setErrors] = useState<FacebookFormErrors>({});
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setValues({ facebookUserId: '', facebookUserToken: '', addInstagram: instagram && allowInstagram });
    setErrors({});
    setTouched(false);
  }, [visible, instagram, allowInstagram]);

  const apply = (next: FacebookFormValues) => {
    setValues(next);
    if (touched) setErrors(validateFacebookForm(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (connect.isPending) return;
    const found = validateFacebookForm(values);
    setTouched(true);
    setErrors(found);
    if (Object.keys(found).length) return;
    connect.mutate(facebookBodyOf(values), {
      onSuccess: (added) => {
        toast.success(t('connections.facebook.success', { count: added.length }));
        onHide();
      },
      onError: (error) => toast.error(error),
    });
  };

  return (
    <Dialog
      header={t(instagram ? 'connections.facebook.titleInstagram' : 'connections.facebook.title')}
      visible={visible}
      onHide={onHide}
      footer={
        <DialogActions
          onCancel={onHide}
          confirm={{
            label: t('connections.facebook.connect'),
            icon: 'pi pi-link',
            form: FORM_ID,
            loading: connect.isPending,
            testId: 'facebook-connect',
          }}
        />
      }
      style={{ width: '34rem' }}
      breakpoints={{ '640px': '96vw' }}
      modal
      closable={!connect.isPending}
      className="facebook-dialog"
      data-testid="facebook-dialog"
    >
      <form id={FORM_ID} className="dialog-form connection-form" onSubmit={submit} noValidate>
        <p className="connection-note" id="facebook-manual-note">
          <i className="pi pi-info-circle" aria-hidden="true" /> {t('connections.facebook.manualNote')}
        </p>
        <FormField
          id="facebook-user-id"
          label={t('connections.facebook.userId')}
          error={errors.facebookUserId}
          hint={t('connections.facebook.userIdHint')}
        >
          <InputText
            {...fieldA11y('facebook-user-id', errors.facebookUserId)}
            autoFocus
            inputMode="numeric"
            autoComplete="off"
            invalid={Boolean(errors.facebookUserId)}
            value={values.facebookUserId}
            onChange={(e) => apply({ ...values, facebookUserId: e.target.value })}
          />
        </FormField>
        <FormField
          id="facebook-user-token"
          label={t('connections.facebook.userToken')}
          error={errors.facebookUserToken}
          hint={t('connections.facebook.userTokenHint')}
        >
          <Password
            inputId="facebook-user-token"
            aria-invalid={errors.facebookUserToken ? true : undefined}
            aria-describedby={errors.facebookUserToken ? 'facebook-user-token-error' : undefined}
            feedback={false}
            toggleMask
            autoComplete="off"
            invalid={Boolean(errors.facebookUserToken)}
            value={values.facebookUserToken}
            onChange={(e) => apply({ ...values, facebookUserToken: e.target.value })}
            className="w-full"
            inputClassName="w-full"
          />
        </FormField>
        <div className="connection-check">
          <InputSwitch
            inputId="facebook-add-instagram"
            checked={values.addInstagram}
            disabled={!allowInstagram}
            onChange={(e) => apply({ ...values, addInstagram: Boolean(e.value) })}
            data-testid="facebook-add-instagram"
          />
          <label htmlFor="facebook-add-instagram">{t('connections.facebook.addInstagram')}</label>
        </div>
        {!allowInstagram ? <small className="form-field__hint">{t('connections.facebook.instagramNotInPlan')}</small> : null}
      </form>
    </Dialog>
  );
}
