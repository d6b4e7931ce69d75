import { Dropdown } from 'primereact/dropdown';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { Picker, PickerChoice, type PickerItem } from '../../../components/picker.tsx';
import { withRecipients, type CampaignFormErrors, type CampaignFormValues } from '../utils/campaign-form.ts';

/** The campaign's recipients: a contact list or a tag (one of the two). */
export function CampaignRecipientsFields({
  values,
  errors,
  apply,
  contactLists,
  disabled,
}: {
  values: CampaignFormValues;
  errors: CampaignFormErrors;
  apply: (next: CampaignFormValues) => void;
  contactLists: { data?: { id: number; name: string; contactsCount: number }[]; isLoading: boolean };
  disabled: boolean;
}) {
  const { t } = useTranslation();
  // spec: the tag choice offers only tags that have contacts; the campaign's own tag stays, so that opening it shows it
  const chosenTag = values.tagListId;
  const tagsWithContacts = useCallback(
    (items: PickerItem[]) => items.filter((item) => (item.contactCount ?? 0) > 0 || item.id === chosenTag),
    [chosenTag],
  );
  const tagOption = (item: PickerItem) => (
    <span className="campaign-form__tag-option">
      <PickerChoice item={item} />
      <span className="campaign-form__tag-count">{t('campaigns.dialog.tagContacts', { count: item.contactCount ?? 0 })}</span>
    </span>
  );
  const contactListOptions = (contactLists.data ?? []).map((l) => ({
    value: l.id,
    label: t('campaigns.dialog.contactListOption', { name: l.name, count: l.contactsCount }),
  }));
  return (
    <div className="campaign-form__row">
      <FormField
        id="campaign-contact-list"
        label={t('campaigns.dialog.contactList')}
        error={errors.contactListId}
        hint={t('campaigns.dialog.recipientsHint')}
      >
        <Dropdown
          inputId="campaign-contact-list"
          value={values.contactListId}
          options={contactListOptions}
          onChange={(e) => apply(withRecipients(values, { contactListId: (e.value as number | null | undefined) ?? null }))}
          placeholder={t('campaigns.dialog.none')}
          showClear
          filter
          emptyMessage={contactLists.isLoading ? t('common.loading') : t('campaigns.dialog.noContactLists')}
          disabled={disabled}
          invalid={Boolean(errors.contactListId)}
          aria-describedby={errors.contactListId ? 'campaign-contact-list-error' : undefined}
          appendTo={document.body}
          className="w-full"
          data-testid="campaign-contact-list"
        />
      </FormField>
      <FormField id="campaign-tag" label={t('campaigns.dialog.tagList')} error={errors.tagListId}>
        <Picker
          source="tags"
          inputId="campaign-tag"
          value={values.tagListId}
          onChange={(id) => apply(withRecipients(values, { tagListId: id }))}
          arrange={tagsWithContacts}
          itemTemplate={tagOption}
          emptyMessage={t('campaigns.dialog.noTagsWithContacts')}
          placeholder={t('campaigns.dialog.none')}
          showClear
          disabled={disabled}
          invalid={Boolean(errors.tagListId)}
          appendTo={document.body}
          className="w-full"
          testId="campaign-tag"
        />
      </FormField>
    </div>
  );
}
