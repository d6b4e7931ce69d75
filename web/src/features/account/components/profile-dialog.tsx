import { Password } from 'primereact/password';
import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useCurrentUser, useSession } from '../../../lib/session.tsx';
import { setTheme } from '../../../lib/theme.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useUser } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import {
  profileChanges,
  profileValuesOf,
  validateProfile,
  type ProfileErrors,
  type ProfileValues,
} from '../utils/profile-form.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

/** The avatar menu's Profile: the user's name, password and theme and menu defaults. */
export function ProfileDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const session = useSession();
  const sessionUser = useCurrentUser();
  const stored = useUser(sessionUser.id, { enabled: visible });
  const update = useUpdateUser();
  const user = stored.data ?? sessionUser;
  const [values, setValues] = useState<ProfileValues>(() => profileValuesOf(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [touched, setTouched] = useState(false);

  // Each opening starts from the freshest copy of the user.
  useEffect(() => {
    if (visible) {
      setValues(profileValuesOf(user));
      setErrors({});
      setTouched(false);
    }
  }, [visible, user]);

  const change = <K extends keyof ProfileValues>(field: K, value: ProfileValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (touched) setErrors(validateProfile(next));
  };

  const submit = () => {
    if (update.isPending) return;
    const found = validateProfile(values);
    setTouched(true);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const changes = profileChanges(user, values);
    if (!changes) {
      onHide();
      return;
    }
    update.mutate(
      { id: user.id, changes },
      {
        onSuccess: (updated) => {
          session.setUser({ ...sessionUser, ...updated });
          if (changes.defaultTheme) setTheme(changes.defaultTheme);
          toast.success(t('profile.saved'));
          onHide();
        },
        onError: (error) => toast.error(error),
      },
    );
  };

  const themeOptions = [
    { label: t('profile.themes.light'), value: 'light', icon: 'pi pi-sun' },
    { label: t('profile.themes.dark'), value: 'dark', icon: 'pi pi-moon' },
  ];
  const menuOptions = [
    { label: t('profile.menus.open'), value: 'open' },
    { label: t('profile.menus.closed'), value: 'closed' },
  ];

  return (
    <FormDialog
      header={t('profile.title')}
      visible={visible}
      onHide={onHide}
      formId="profile-form"
      onSubmit={submit}
      busy={update.isPending}
      saveDisabled={stored.isLoading}
      testId="profile-dialog"
      size="sm"
      dismissableMask
      placeholder={
        stored.isLoading ? (
          <div className="profile-skeleton" aria-busy="true">
            <Skeleton height="2.5rem" />
            <Skeleton height="2.5rem" />
            <Skeleton height="2.5rem" />
            <Skeleton height="2.5rem" />
          </div>
        ) : undefined
      }
    >
      <p className="dialog-form__meta">
        <i className="pi pi-envelope" aria-hidden="true" /> {user.email}
      </p>
      <TextField
        id="profile-name"
        label={t('profile.name')}
        error={errors.name}
        autoFocus
        autoComplete="name"
        value={values.name}
        onChange={(value) => change('name', value)}
      />
      <div className="dialog-form__grid">
        <FormField id="profile-password" label={t('profile.password')} error={errors.password} hint={t('profile.passwordHint')}>
          <Password
            inputId="profile-password"
            autoComplete="new-password"
            feedback={false}
            toggleMask
            invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? 'profile-password-error' : undefined}
            value={values.password}
            onChange={(e) => change('password', e.target.value)}
          />
        </FormField>
        <FormField id="profile-confirmation" label={t('profile.confirmation')} error={errors.confirmation}>
          <Password
            inputId="profile-confirmation"
            autoComplete="new-password"
            feedback={false}
            toggleMask
            disabled={values.password === ''}
            invalid={Boolean(errors.confirmation)}
            aria-describedby={errors.confirmation ? 'profile-confirmation-error' : undefined}
            value={values.confirmation}
            onChange={(e) => change('confirmation', e.target.value)}
          />
        </FormField>
      </div>
      <div className="dialog-form__grid">
        <div className="form-field" role="group" aria-labelledby="profile-theme-label">
          <span id="profile-theme-label" className="form-field__label">
            {t('profile.defaultTheme')}
          </span>
          <SelectButton
            value={values.defaultTheme}
            options={themeOptions}
            allowEmpty={false}
            onChange={(e) => e.value && change('defaultTheme', e.value as ProfileValues['defaultTheme'])}
            itemTemplate={(o: (typeof themeOptions)[number]) => (
              <span className="select-option">
                <i className={o.icon} aria-hidden="true" /> {o.label}
              </span>
            )}
          />
        </div>
        <div className="form-field" role="group" aria-labelledby="profile-menu-label">
          <span id="profile-menu-label" className="form-field__label">
            {t('profile.defaultMenu')}
          </span>
          <SelectButton
            value={values.defaultMenu}
            options={menuOptions}
            allowEmpty={false}
            onChange={(e) => e.value && change('defaultMenu', e.value as ProfileValues['defaultMenu'])}
          />
        </div>
      </div>
      {stored.isError ? <p className="form-field__error">{t('profile.loadFailed')}</p> : null}
    </FormDialog>
  );
}
