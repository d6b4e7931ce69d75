import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { badgeText } from '../utils/chat-state.ts';
import './chats.css';

/** The top bar's internal chat button (spec document 1 section 2): opens the chats, with the unread count. */
export function ChatsButton({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const label = unread ? t('chats.openChatsUnread', { count: unread }) : t('chats.openChats');
  return (
    <Button
      type="button"
      text
      rounded
      severity="secondary"
      icon="pi pi-comment"
      className="chats-button"
      aria-label={label}
      tooltip={t('chats.openChats')}
      tooltipOptions={{ position: 'bottom' }}
      onClick={() => void navigate('/chats')}
      data-testid="chats-button"
    >
      {unread ? (
        <span className="chats-button__count" aria-hidden="true" data-testid="chats-button-count">
          {badgeText(unread)}
        </span>
      ) : null}
    </Button>
  );
}
