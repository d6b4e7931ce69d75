import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A small built-in set: the faces and signs agents use most in customer service. */
const EMOJIS = [
  '😀',
  '😃',
  '😄',
  '😁',
  '😊',
  '🙂',
  '😉',
  '😍',
  '🥰',
  '😘',
  '😎',
  '🤩',
  '🤗',
  '🤔',
  '😅',
  '😂',
  '🙃',
  '😇',
  '😌',
  '😴',
  '😢',
  '😭',
  '😮',
  '😱',
  '😡',
  '🥺',
  '🙏',
  '👍',
  '👎',
  '👏',
  '🙌',
  '👋',
  '🤝',
  '💪',
  '👌',
  '✌️',
  '❤️',
  '💙',
  '💚',
  '💛',
  '🔥',
  '⭐',
  '✨',
  '🎉',
  '✅',
  '❌',
  '⚠️',
  '📌',
  '📞',
  '📦',
  '🚚',
  '💳',
  '💰',
  '🧾',
  '📅',
  '⏰',
  '📍',
  '🔗',
  '📷',
  '📎',
  '💬',
  '☕',
  '🌟',
  '😉',
].filter((e, i, all) => all.indexOf(e) === i);

export function EmojiPicker({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  return (
    <>
      <Button
        type="button"
        icon="pi pi-face-smile"
        text
        rounded
        severity="secondary"
        aria-label={t('tickets.input.emoji')}
        tooltip={t('tickets.input.emoji')}
        tooltipOptions={{ position: 'top' }}
        disabled={disabled}
        onClick={(e) => panel.current?.toggle(e)}
        data-testid="emoji-button"
      />
      <OverlayPanel ref={panel} className="emoji-panel" aria-label={t('tickets.input.emoji')}>
        <div className="emoji-grid" role="listbox" aria-label={t('tickets.input.emoji')}>
          {EMOJIS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              role="option"
              aria-selected="false"
              className="emoji-grid__item"
              onClick={() => onPick(emoji)}
            >
              {emoji}
            </button>
          ))}
        </div>
      </OverlayPanel>
    </>
  );
}
