import { useTranslation } from 'react-i18next';
import { MediaAttachRow } from '../../../components/media-attach-row.tsx';

/** The campaign's attachment: its name, and while the settings are editable, buttons to attach or remove one. */
export function CampaignMediaField({
  mediaName,
  editable,
  pending,
  onPick,
  onRemove,
}: {
  mediaName: string | null;
  editable: boolean;
  pending: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <MediaAttachRow
      use="message"
      mediaName={mediaName}
      editable={editable}
      pending={pending}
      onPick={onPick}
      onRemove={onRemove}
      className="campaign-form__media"
      nameClassName="campaign-form__media-name"
      texts={{
        none: t('campaigns.dialog.noAttachment'),
        attach: t('campaigns.dialog.attach'),
        remove: t('campaigns.dialog.removeMedia'),
        refused: (name) => t('campaigns.dialog.fileRefused', { name }),
      }}
      testIds={{ name: 'campaign-media-name', attach: 'campaign-attach', remove: 'campaign-remove-media', file: 'campaign-file' }}
    />
  );
}
