import type { Chat } from '@switchboard/shared/contracts/chats';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { classNames } from 'primereact/utils';
import { useEffect, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { DeleteDialog } from '../../../components/delete-dialog.tsx';
import { RowActionButton } from '../../../components/list-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PlanGate } from '../../../components/plan-gate.tsx';
import { TabStrip } from '../../../components/tab-strip.tsx';
import { useNarrowScreen } from '../../../layout/use-narrow-screen.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeleteChat } from '../api/delete-chat.ts';
import { useChat, useChats } from '../api/get-chats.ts';
import { useReadChat } from '../api/read-chat.ts';
import { useChatDeleted } from '../hooks/use-chats-live-updates.ts';
import { badgeText, isOwner, unreadOf } from '../utils/chat-state.ts';
import { ChatConversation } from './chat-conversation.tsx';
import { ChatDialog } from './chat-dialog.tsx';
import './chats.css';

/** Spec document 3 section 2: infinite lists load the next page within 100 px of the bottom. */
const SCROLL_THRESHOLD_PX = 100;
const TABS = ['chats', 'messages'] as const;
type Tab = (typeof TABS)[number];

/** /chats and /chats/{uuid}: the internal chat, gated by the plan's useInternalChat (spec document 3). */
export function ChatsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('chats.title'));
  return (
    <PlanGate flag="useInternalChat" message={t('chats.planRequired')}>
      <InternalChat />
    </PlanGate>
  );
}

function ChatListItem({ chat, meId, selected, onSelect }: { chat: Chat; meId: number; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const unread = unreadOf(chat, meId);
  return (
    <li>
      <button
        type="button"
        className={classNames('chat-item', { 'chat-item--selected': selected, 'chat-item--unread': unread > 0 })}
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
        data-testid="chat-item"
        data-chat-title={chat.title}
      >
        <span className="chat-item__title">{chat.title}</span>
        {unread > 0 ? (
          <Badge
            value={badgeText(unread)}
            severity="danger"
            aria-label={t('chats.unread', { count: unread })}
            data-testid="chat-item-unread"
          />
        ) : null}
        <span className="chat-item__last">{chat.lastMessage || t('chats.members', { count: chat.users.length })}</span>
      </button>
    </li>
  );
}

function InternalChat() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const narrow = useNarrowScreen();
  const { uuid } = useParams<{ uuid?: string }>();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const list = useChats(searchParam);
  const detail = useChat(uuid);
  const read = useReadChat();
  const remove = useDeleteChat();
  const [tab, setTab] = useState<Tab>(uuid ? 'messages' : 'chats');
  const [dialog, setDialog] = useState<{ open: boolean; chat?: Chat }>({ open: false });
  const [deleting, setDeleting] = useState<Chat | null>(null);

  const records = list.data?.pages.flatMap((p) => p.records) ?? [];
  const selected =
    (uuid ? records.find((c) => c.uuid === uuid) : undefined) ?? (detail.data?.uuid === uuid ? detail.data : undefined);
  const myUnread = selected ? unreadOf(selected, user.id) : 0;

  // selecting a chat with unread messages marks it read (spec section 4), and so does a message arriving while it is open
  const { mutate: markRead, isPending: marking } = read;
  useEffect(() => {
    if (selected && myUnread > 0 && !marking) markRead(selected.id);
  }, [selected, myUnread, marking, markRead]);

  // a chat deleted (or taken away) while open: the selection clears and the address goes back to /chats
  useChatDeleted(user.companyId, (chatId) => {
    if (selected?.id !== chatId) return;
    setTab('chats');
    void navigate('/chats', { replace: true });
  });

  const open = (chat: Chat) => {
    setTab('messages');
    void navigate(`/chats/${chat.uuid}`);
  };

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_THRESHOLD_PX && list.hasNextPage && !list.isFetchingNextPage)
      void list.fetchNextPage();
  };

  const listPane = (
    <section className="chats-pane chats-pane--list" aria-label={t('chats.listLabel')}>
      <div className="chats-pane__toolbar">
        <IconField iconPosition="left" className="chats-pane__search">
          <InputIcon className="pi pi-search" />
          <InputText
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('chats.searchPlaceholder')}
            aria-label={t('chats.searchPlaceholder')}
          />
        </IconField>
        <Button
          type="button"
          rounded
          icon="pi pi-plus"
          aria-label={t('chats.newChat')}
          tooltip={t('chats.newChat')}
          tooltipOptions={{ position: 'bottom' }}
          onClick={() => setDialog({ open: true })}
          data-testid="chat-new"
        />
      </div>
      <div className="chats-pane__scroll" onScroll={onScroll}>
        {list.isLoading ? (
          <PageLoader />
        ) : list.isError ? (
          <p className="chats-pane__note" role="alert">
            {t('chats.loadFailed')}
          </p>
        ) : records.length === 0 ? (
          <p className="chats-pane__note">{t('chats.empty')}</p>
        ) : (
          <ul className="chat-items" data-testid="chat-list">
            {records.map((chat) => (
              <ChatListItem key={chat.id} chat={chat} meId={user.id} selected={chat.uuid === uuid} onSelect={() => open(chat)} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );

  const messagesPane = (
    <section className="chats-pane chats-pane--messages" aria-label={selected?.title ?? t('chats.title')}>
      {selected ? (
        <>
          <header className="chats-pane__header">
            <div className="chats-pane__heading">
              <h2 data-testid="chat-heading">{selected.title}</h2>
              <span>{selected.users.map((u) => u.user.name).join(', ')}</span>
            </div>
            {isOwner(selected, user.id) ? (
              <div className="chats-pane__actions">
                <RowActionButton
                  icon="pi pi-pencil"
                  label={t('chats.edit')}
                  tooltipAt="bottom"
                  onClick={() => setDialog({ open: true, chat: selected })}
                  testId="chat-edit"
                />
                <RowActionButton
                  icon="pi pi-trash"
                  severity="danger"
                  label={t('chats.delete')}
                  tooltipAt="bottom"
                  onClick={() => setDeleting(selected)}
                  testId="chat-delete"
                />
              </div>
            ) : null}
          </header>
          <ChatConversation key={selected.id} chat={selected} meId={user.id} />
        </>
      ) : (
        <p className="chats-pane__note chats-pane__note--center">
          {uuid && detail.isError ? t('chats.notFound') : uuid ? t('common.loading') : t('chats.selectChat')}
        </p>
      )}
    </section>
  );

  return (
    <div className={classNames('page chats-page', { 'chats-page--narrow': narrow })} data-testid="chats-page">
      <h1 className="sr-only">{t('chats.title')}</h1>
      {narrow ? (
        <>
          <TabStrip
            tabs={TABS}
            active={tab}
            onChange={setTab}
            label={t('chats.tabs.label')}
            labelOf={(k) => t(`chats.tabs.${k}`)}
            idPrefix="chats-tab"
            panelId="chats-tab-panel"
          />
          <div id="chats-tab-panel" role="tabpanel" className="chats-page__panel">
            {tab === 'chats' ? listPane : messagesPane}
          </div>
        </>
      ) : (
        <div className="chats-page__panes">
          {listPane}
          {messagesPane}
        </div>
      )}
      <ChatDialog
        visible={dialog.open}
        chat={dialog.chat}
        meId={user.id}
        onHide={() => setDialog({ open: false })}
        onSaved={(chat) => (dialog.chat ? undefined : open(chat))}
      />
      <DeleteDialog
        visible={deleting !== null}
        onHide={() => setDeleting(null)}
        header={t('chats.deleteDialog.header')}
        message={t('chats.deleteDialog.message', { title: deleting?.title ?? '' })}
        confirmLabel={t('chats.deleteDialog.confirm')}
        testId="chat-delete-dialog"
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('chats.toasts.deleted'));
              setTab('chats');
              void navigate('/chats', { replace: true });
            },
            onError: (error) => console.warn('chat not deleted', error),
          });
        }}
      />
    </div>
  );
}
