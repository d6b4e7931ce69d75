import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDeleteTag } from '../api/delete-tag.ts';

/** Asks before deleting a tag or a kanban lane (both are tags), deletes it on confirmation and says how it went. */
export function TagDeleteDialog({
  tag,
  onHide,
  testId,
}: {
  /** the tag to delete, null while the dialog is closed */
  tag: { id: number; name: string } | null;
  onHide: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useDeleteTag();
  const confirmDelete = () => {
    if (!tag) return;
    remove.mutate(tag.id, {
      onSuccess: () => toast.success(t('tags.done')),
      onError: (error) => toast.error(error),
    });
  };
  return (
    <DeleteDialog
      visible={Boolean(tag)}
      onHide={onHide}
      header={t('tags.deleteDialog.header')}
      message={t('tags.deleteDialog.message', { name: tag?.name ?? '' })}
      confirmLabel={t('tags.deleteDialog.confirm')}
      onConfirm={confirmDelete}
      testId={testId}
    />
  );
}
