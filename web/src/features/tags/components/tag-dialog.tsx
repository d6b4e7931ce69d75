import type { Tag } from '@switchboard/shared/contracts/tags';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { DropdownField } from '../../../components/choice-fields.tsx';
import { InputNumber } from 'primereact/inputnumber';
import { useTranslation } from 'react-i18next';
import { ColorField } from '../../../components/color-field.tsx';
import { FormDialog, recordDialogProps, useLoadedForm } from '../../../components/form-dialog.tsx';
import { useSaveAndClose } from '../../../components/save-and-close.ts';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useKanbanLanes } from '../api/get-kanban-lanes.ts';
import { useTag } from '../api/get-tag.ts';
import { useSaveTag } from '../api/save-tag.ts';
import { TextAreaField } from '../../../components/textarea-field.tsx';
import {
  emptyTagForm,
  hasErrors,
  tagBodyOf,
  tagFormOf,
  validateTagForm,
  type TagFormErrors,
  type TagFormValues,
} from '../utils/tag-form.ts';

/**
 * Add a tag (no `tagId`) or edit one: name, colour, the kanban flag and, for a lane, its automation (hours in the
 * lane, next lane, rollback lane, the message sent on entering it). `kanban` presets the flag for a new tag.
 */
export function TagDialog({
  visible,
  tagId,
  kanban = false,
  onHide,
}: {
  visible: boolean;
  tagId?: number;
  kanban?: boolean;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTag();
  const saveAndClose = useSaveAndClose(onHide);
  const detail = useTag(visible ? tagId : undefined);
  const lanes = useKanbanLanes();
  const { values, errors, setErrors, apply, check, editing, loading } = useLoadedForm<TagFormValues, TagFormErrors, Tag>({
    visible,
    id: tagId,
    loaded: detail.data,
    empty: () => emptyTagForm(kanban),
    formOf: tagFormOf,
    validate: validateTagForm,
    deps: [kanban],
  });

  const submit = () => {
    const found = check();
    if (hasErrors(found)) return;
    saveAndClose(save, { id: tagId, body: tagBodyOf(values) }, t('tags.done'), {
      refused: (error) => {
        if (isApiError(error) && error.code === 'ERR_DUPLICATED_TAG') setErrors({ ...found, name: 'errors.ERR_DUPLICATED_TAG' });
      },
    });
  };

  const laneOptions = [
    { id: null, name: t('tags.dialog.noLane') },
    ...(lanes.data?.lista ?? []).filter((l) => l.id !== tagId).map((l) => ({ id: l.id as number | null, name: l.name })),
  ];

  return (
    <FormDialog
      {...recordDialogProps('tag', t(editing ? 'tags.dialog.editTitle' : 'tags.dialog.addTitle'), { visible, onHide })}
      formClassName="tag-form"
      onSubmit={submit}
      busy={save.isPending}
      size="md"
      position="top"
      dismissableMask
      className="tag-dialog"
      placeholder={loading ? detail.isError ? <p role="alert">{t('tags.loadFailed')}</p> : <PageLoader /> : undefined}
    >
      <TextField
        id="tag-name"
        label={t('tags.columns.name')}
        error={errors.name}
        autoFocus
        maxLength={50}
        value={values.name}
        onChange={(value) => apply({ ...values, name: value })}
      />
      <div className="tag-form__row">
        <FormField id="tag-color" label={t('tags.dialog.color')} error={errors.color}>
          <ColorField
            id="tag-color"
            value={values.color}
            onChange={(color) => apply({ ...values, color })}
            error={errors.color}
            pickerLabel={t('tags.dialog.color')}
            pickerTestId="tag-color-picker"
          />
        </FormField>
        <div className="tag-form__check">
          <Checkbox
            inputId="tag-kanban"
            checked={values.kanban}
            onChange={(e) => apply({ ...values, kanban: e.checked === true })}
            data-testid="tag-kanban"
          />
          <label htmlFor="tag-kanban" id="tag-kanban-label">
            {t('tags.kanbanYes')}
          </label>
        </div>
      </div>
      {values.kanban ? (
        <div className="tag-form__lane" role="group" aria-labelledby="tag-kanban-label" data-testid="tag-lane-fields">
          <div className="tag-form__row">
            <FormField id="tag-time-lane" label={t('tags.dialog.timeLane')} error={errors.timeLane}>
              <InputNumber
                inputId="tag-time-lane"
                aria-invalid={errors.timeLane ? true : undefined}
                aria-describedby={errors.timeLane ? 'tag-time-lane-error' : undefined}
                invalid={Boolean(errors.timeLane)}
                value={values.timeLane}
                min={0}
                useGrouping={false}
                onChange={(e) => apply({ ...values, timeLane: e.value ?? 0 })}
              />
            </FormField>
            <FormField id="tag-next-lane" label={t('tags.dialog.nextLane')} error={errors.nextLaneId}>
              <Dropdown
                inputId="tag-next-lane"
                aria-describedby={errors.nextLaneId ? 'tag-next-lane-error' : undefined}
                invalid={Boolean(errors.nextLaneId)}
                value={values.nextLaneId}
                options={laneOptions}
                optionLabel="name"
                optionValue="id"
                onChange={(e) => apply({ ...values, nextLaneId: (e.value as number | null) ?? null })}
                data-testid="tag-next-lane"
              />
            </FormField>
          </div>
          <DropdownField
            id="tag-rollback-lane"
            label={t('tags.dialog.rollbackLane')}
            value={values.rollbackLaneId}
            options={laneOptions}
            optionLabel="name"
            optionValue="id"
            onChange={(rollbackLaneId) => apply({ ...values, rollbackLaneId: rollbackLaneId ?? null })}
            testId="tag-rollback-lane"
          />
          <TextAreaField
            id="tag-greeting-lane"
            label={t('tags.dialog.greetingMessageLane')}
            maxLength={1000}
            value={values.greetingMessageLane}
            onChange={(value) => apply({ ...values, greetingMessageLane: value })}
          />
        </div>
      ) : null}
    </FormDialog>
  );
}
