import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { badgeText } from '../utils/chat-state.ts';
import { TopBarButton } from '../../../components/top-bar-button.tsx';
import './chats.css';

/** The top bar's internal chat button (spec document 1 section 2): opens the chats, with the unread count. */
export function ChatsButton({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const label = unread ? t('chats.openChatsUnread', { count: unread }) : t('chats.openChats');
  return (
    <TopBarButton
      icon="pi pi-comment"
      className="chats-button"
      count={unread ? badgeText(unread) : undefined}
      countTestId="chats-button-count"
      aria-label={label}
      tooltip={t('chats.openChats')}
      onClick={() => void navigate('/chats')}
      data-testid="chats-button"
    />
  );
}
