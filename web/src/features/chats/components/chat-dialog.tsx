import { CHAT_TITLE_MAX, type Chat } from '@switchboard/shared/contracts/chats';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useUserPicks } from '../../../lib/lookups.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useSaveChat } from '../api/save-chat.ts';
import { canSaveChat } from '../utils/chat-state.ts';

/** New chat (no `chat`) or the owner's edit of one: a title and the users in it (spec document 3 section 5). */
export function ChatDialog({
  visible,
  chat,
  meId,
  onHide,
  onSaved,
}: {
  visible: boolean;
  chat?: Chat;
  meId: number;
  onHide: () => void;
  onSaved: (chat: Chat) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveChat();
  const [title, setTitle] = useState('');
  const [userIds, setUserIds] = useState<number[]>([]);
  const [filter, setFilter] = useState('');
  const [titleError, setTitleError] = useState<string | undefined>();
  const users = useUserPicks(useDebouncedValue(filter), { enabled: visible });

  useEffect(() => {
    if (!visible) return;
    setTitle(chat?.title ?? '');
    setUserIds(chat ? chat.users.map((u) => u.userId).filter((id) => id !== meId) : []);
    setFilter('');
    setTitleError(undefined);
  }, [visible, chat, meId]);

  // the chosen users stay offered (by name) while the search shows others
  const options = useMemo(() => {
    const found = (users.data?.users ?? []).filter((u) => u.id !== meId).map((u) => ({ id: u.id, name: u.name }));
    const known = new Map(found.map((u) => [u.id, u]));
    for (const member of chat?.users ?? [])
      if (member.userId !== meId && !known.has(member.userId))
        known.set(member.userId, { id: member.userId, name: member.user.name });
    return [...known.values()];
  }, [users.data, chat, meId]);

  const valid = canSaveChat(title, userIds);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || save.isPending) return;
    save.mutate(
      { id: chat?.id, body: { title: title.trim(), users: userIds.map((id) => ({ id })) } },
      {
        onSuccess: (saved) => {
          toast.success(t('chats.toasts.saved'));
          onSaved(saved);
          onHide();
        },
        onError: (error) => {
          const field = isApiError(error) ? error.body.fields?.find((f) => f.path === 'body.title') : undefined;
          if (field) setTitleError(field.message);
          toast.error(error);
        },
      },
    );
  };

  return (
    <Dialog
      header={chat ? t('chats.dialog.editTitle') : t('chats.dialog.addTitle')}
      visible={visible}
      onHide={() => (save.isPending ? undefined : onHide())}
      style={{ width: '32rem' }}
      breakpoints={{ '552px': '96vw' }}
      data-testid="chat-dialog"
      footer={
        <DialogActions
          onCancel={onHide}
          confirm={{
            label: t('chats.dialog.save'),
            icon: 'pi pi-check',
            form: 'chat-form',
            loading: save.isPending,
            disabled: !valid,
            testId: 'chat-save',
          }}
        />
      }
    >
      <form id="chat-form" onSubmit={submit} className="chat-form">
        <FormField id="chat-title" label={t('chats.dialog.title')} error={titleError}>
          <InputText
            {...fieldA11y('chat-title', titleError)}
            autoFocus
            autoComplete="off"
            maxLength={CHAT_TITLE_MAX}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            data-testid="chat-title"
          />
        </FormField>
        <FormField id="chat-users" label={t('chats.dialog.users')} hint={t('chats.dialog.usersHint')}>
          <MultiSelect
            inputId="chat-users"
            value={userIds}
            options={options}
            optionLabel="name"
            optionValue="id"
            display="chip"
            filter
            onFilter={(e) => setFilter(e.filter)}
            resetFilterOnHide
            placeholder={t('chats.dialog.usersPlaceholder')}
            onChange={(e) => setUserIds(e.value as number[])}
            className="chat-form__users"
            data-testid="chat-users"
          />
        </FormField>
      </form>
    </Dialog>
  );
}
