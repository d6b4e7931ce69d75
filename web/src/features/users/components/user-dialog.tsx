import type { User } from '@switchboard/shared/contracts/auth';
import { MAX_OPEN_TICKETS_LIMIT, PROFILE_IMAGE_MAX_BYTES } from '@switchboard/shared/contracts/users';
import { acceptAttribute, mediaProblem } from '@switchboard/shared/media-types';
import { can, type Viewer } from '@switchboard/shared/permissions';
import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { DropdownField } from '../../../components/choice-fields.tsx';
import { InputSwitch } from 'primereact/inputswitch';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, recordDialogProps, useCheckedForm } from '../../../components/form-dialog.tsx';
import { refusedFields, useSaveAndClose } from '../../../components/save-and-close.ts';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { Picker } from '../../../components/picker.tsx';
import { useUser } from '../api/get-user.ts';
import { useSaveUser } from '../api/save-user.ts';
import { TextAreaField } from '../../../components/textarea-field.tsx';
import {
  createBodyOf,
  emptyUserForm,
  permissionSwitches,
  updateBodyOf,
  userFormOf,
  validateUserForm,
  WORK_TIME_STEP_SECONDS,
  type UserFormErrors,
  type UserFormValues,
} from '../utils/user-form.ts';

const IMAGE_ACCEPT = acceptAttribute('profileImage');

/** The server's field errors (paths `body.<field>`) that the form shows beside their field. */
const fieldOfPath = (path: string): keyof UserFormErrors | undefined => {
  const field = path.replace(/^body\./, '');
  return (['name', 'email', 'password', 'startWork', 'endWork'] as const).find((f) => f === field);
};

/**
 * Add a user (no `userId`) or edit one: every field of spec document 2 section 3. Profile, hours, default
 * connection and permission switches only for 'user-modal:editProfile', queues only for 'user-modal:editQueues'.
 */
export function UserDialog({
  visible,
  userId,
  viewer,
  onHide,
}: {
  visible: boolean;
  userId?: number;
  viewer: Viewer;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveUser();
  const saveAndClose = useSaveAndClose(onHide);
  const existing = useUser(visible ? userId : undefined);
  const [image, setImage] = useState<File | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const isNew = userId === undefined;
  const record: User | undefined = isNew ? undefined : existing.data;
  const editProfile = can(viewer, 'user-modal:editProfile');
  const editQueues = can(viewer, 'user-modal:editQueues');
  const pending = save.isPending;
  const { values, errors, setErrors, apply, check } = useCheckedForm<UserFormValues, UserFormErrors>(
    visible,
    () => (record ? userFormOf(record) : emptyUserForm()),
    (next) => validateUserForm(next, isNew),
    [record],
  );

  useEffect(() => {
    if (visible) setImage(undefined);
  }, [visible, record]);

  const preview = useMemo(() => (image ? URL.createObjectURL(image) : undefined), [image]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const imageSrc = preview ?? record?.profileImage ?? undefined;

  const submit = () => {
    if (Object.keys(check()).length > 0) return;
    const input = isNew
      ? { kind: 'create' as const, body: createBodyOf(values), image }
      : { kind: 'update' as const, id: userId, body: updateBodyOf(record!, values, editProfile), image };
    saveAndClose(save, input, t('users.toasts.saved'), {
      refused: (error) => {
        if (!isApiError(error)) return;
        const fromServer = refusedFields<UserFormErrors>(error, fieldOfPath);
        if (error.code === 'ERR_DUPLICATED_EMAIL') fromServer.email = 'errors.ERR_DUPLICATED_EMAIL';
        if (Object.keys(fromServer).length > 0) setErrors(fromServer);
      },
    });
  };

  const chooseImage = (file: File | undefined) => {
    if (!file) return;
    if (mediaProblem('profileImage', { name: file.name, mimeType: file.type }) || file.size > PROFILE_IMAGE_MAX_BYTES) {
      toast.warn(t('users.dialog.imageRejected'));
      return;
    }
    setImage(file);
  };

  const loading = !isNew && existing.isLoading;
  const failed = !isNew && existing.isError;
  const themeOptions = (['light', 'dark'] as const).map((v) => ({ label: t(`users.dialog.themes.${v}`), value: v }));
  const menuOptions = (['open', 'closed'] as const).map((v) => ({ label: t(`users.dialog.menus.${v}`), value: v }));
  const profileOptions = (['user', 'admin'] as const).map((v) => ({ label: t(`users.profiles.${v}`), value: v }));

  const switchRow = (id: string, label: string, checked: boolean, onChange: (on: boolean) => void) => (
    <div className="user-dialog__switch" key={id}>
      <InputSwitch
        inputId={id}
        checked={checked}
        onChange={(e) => onChange(Boolean(e.value))}
        disabled={pending}
        data-testid={id}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );

  return (
    <FormDialog
      {...recordDialogProps('user', t(isNew ? 'users.dialog.addTitle' : 'users.dialog.editTitle'), { visible, onHide })}
      formClassName="user-dialog"
      onSubmit={submit}
      busy={pending}
      saveDisabled={loading || failed}
      size="xl"
      dismissableMask
      placeholder={
        loading ? (
          <div className="user-dialog__loading" role="status">
            <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} aria-hidden="true" />
            <span className="sr-only">{t('common.loading')}</span>
          </div>
        ) : failed ? (
          <p role="alert">{t('users.dialog.loadFailed')}</p>
        ) : undefined
      }
    >
      <fieldset className="user-dialog__section">
        <legend>{t('users.dialog.sections.account')}</legend>
        <div className="user-dialog__image">
          {imageSrc ? (
            <img
              src={imageSrc}
              alt={t('users.dialog.imageAlt', { name: values.name })}
              className="user-dialog__avatar"
              data-testid="user-image-preview"
            />
          ) : (
            <Avatar icon="pi pi-user" size="xlarge" shape="circle" aria-hidden="true" />
          )}
          <div className="user-dialog__image-actions">
            <Button
              type="button"
              size="small"
              outlined
              icon="pi pi-upload"
              label={t('users.dialog.chooseImage')}
              onClick={() => fileInput.current?.click()}
              disabled={pending}
            />
            <small className="form-field__hint">{t('users.dialog.imageHint')}</small>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept={IMAGE_ACCEPT}
              aria-label={t('users.dialog.profileImage')}
              onChange={(e) => {
                chooseImage(e.target.files?.[0]);
                e.target.value = '';
              }}
              data-testid="user-image-file"
            />
          </div>
        </div>
        <div className="user-dialog__grid">
          <TextField
            id="user-name"
            label={t('users.dialog.name')}
            error={errors.name}
            autoFocus
            value={values.name}
            onChange={(value) => apply({ ...values, name: value })}
          />
          <TextField
            id="user-email"
            label={t('users.dialog.email')}
            error={errors.email}
            type="email"
            value={values.email}
            onChange={(value) => apply({ ...values, email: value })}
          />
          <TextField
            id="user-password"
            label={t('users.dialog.password')}
            error={errors.password}
            hint={isNew ? undefined : t('users.dialog.passwordHint')}
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(password) => apply({ ...values, password })}
          />
          {editProfile ? (
            <DropdownField
              id="user-profile"
              label={t('users.dialog.profile')}
              value={values.profile}
              options={profileOptions}
              onChange={(profile) => apply({ ...values, profile })}
              testId="user-profile"
            />
          ) : null}
        </div>
      </fieldset>

      <fieldset className="user-dialog__section">
        <legend>{t('users.dialog.sections.work')}</legend>
        <div className="user-dialog__grid">
          {editProfile ? (
            <>
              <FormField id="user-start-work" label={t('users.dialog.startWork')} error={errors.startWork}>
                <InputText
                  {...fieldA11y('user-start-work', errors.startWork)}
                  type="time"
                  step={WORK_TIME_STEP_SECONDS}
                  invalid={Boolean(errors.startWork)}
                  value={values.startWork}
                  onChange={(e) => apply({ ...values, startWork: e.target.value })}
                />
              </FormField>
              <FormField id="user-end-work" label={t('users.dialog.endWork')} error={errors.endWork}>
                <InputText
                  {...fieldA11y('user-end-work', errors.endWork)}
                  type="time"
                  step={WORK_TIME_STEP_SECONDS}
                  invalid={Boolean(errors.endWork)}
                  value={values.endWork}
                  onChange={(e) => apply({ ...values, endWork: e.target.value })}
                />
              </FormField>
              <FormField id="user-whatsapp" label={t('users.dialog.whatsappId')}>
                <Picker
                  source="connections"
                  inputId="user-whatsapp"
                  value={values.whatsappId ?? 0}
                  leading={[{ id: 0, name: t('users.dialog.noConnection') }]}
                  onChange={(id) => apply({ ...values, whatsappId: id || null })}
                  testId="user-whatsapp"
                />
              </FormField>
            </>
          ) : null}
          {editQueues ? (
            <FormField id="user-queues" label={t('users.dialog.queues')}>
              <Picker
                multiple
                source="queues"
                inputId="user-queues"
                value={values.queueIds}
                placeholder={t('users.dialog.queuesPlaceholder')}
                onChange={(queueIds) => apply({ ...values, queueIds })}
                testId="user-queues"
              />
            </FormField>
          ) : null}
        </div>
        <TextAreaField
          id="user-farewell"
          label={t('users.dialog.farewellMessage')}
          rows={2}
          value={values.farewellMessage}
          onChange={(value) => apply({ ...values, farewellMessage: value })}
        />
      </fieldset>

      {editProfile ? (
        <fieldset className="user-dialog__section">
          <legend>{t('users.dialog.sections.permissions')}</legend>
          <div className="user-dialog__switches">
            {switchRow('user-allTicket', t('users.permissions.allTicket'), values.allTicket === 'enable', (on) =>
              apply({ ...values, allTicket: on ? 'enable' : 'disable' }),
            )}
            {switchRow('user-allowGroup', t('users.permissions.allowGroup'), values.allowGroup, (on) =>
              apply({ ...values, allowGroup: on }),
            )}
            {permissionSwitches.map((key) =>
              switchRow(`user-${key}`, t(`users.permissions.${key}`), values[key] === 'enabled', (on) =>
                apply({ ...values, [key]: on ? 'enabled' : 'disabled' }),
              ),
            )}
          </div>
          <FormField
            id="user-maxOpenTickets"
            label={t('users.dialog.maxOpenTickets')}
            hint={t('users.dialog.maxOpenTicketsHint')}
          >
            <InputNumber
              inputId="user-maxOpenTickets"
              value={values.maxOpenTickets}
              min={0}
              max={MAX_OPEN_TICKETS_LIMIT}
              useGrouping={false}
              onValueChange={(e) =>
                apply({ ...values, maxOpenTickets: Math.min(MAX_OPEN_TICKETS_LIMIT, Math.max(0, Math.trunc(e.value ?? 0))) })
              }
            />
          </FormField>
        </fieldset>
      ) : null}

      <fieldset className="user-dialog__section">
        <legend>{t('users.dialog.sections.preferences')}</legend>
        <div className="user-dialog__grid">
          <DropdownField
            id="user-theme"
            label={t('users.dialog.defaultTheme')}
            value={values.defaultTheme}
            options={themeOptions}
            onChange={(defaultTheme) => apply({ ...values, defaultTheme })}
          />
          <DropdownField
            id="user-menu"
            label={t('users.dialog.defaultMenu')}
            value={values.defaultMenu}
            options={menuOptions}
            onChange={(defaultMenu) => apply({ ...values, defaultMenu })}
          />
        </div>
      </fieldset>
    </FormDialog>
  );
}
