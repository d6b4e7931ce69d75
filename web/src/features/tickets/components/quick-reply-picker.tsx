import type { QuickMessage } from '@switchboard/shared/contracts/quick-messages';
import { classNames } from 'primereact/utils';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QUICK_REPLY_LABEL_MAX, truncate } from '../utils/truncate.ts';
import './quick-reply-picker.css';

/** The list of quick replies shown above the message input while the text starts with '/'. */
export function QuickReplyPicker({
  replies,
  loading,
  highlight,
  onHighlight,
  onPick,
}: {
  replies: QuickMessage[];
  loading: boolean;
  highlight: number;
  onHighlight: (index: number) => void;
  onPick: (reply: QuickMessage) => void;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [highlight]);
  return (
    <div className="quick-reply-picker" data-testid="quick-reply-picker">
      {replies.length === 0 ? (
        <p className="quick-reply-picker__empty">
          {loading ? t('quickMessages.picker.loading') : t('quickMessages.picker.empty')}
        </p>
      ) : (
        <ul ref={list} role="listbox" aria-label={t('quickMessages.picker.label')} className="quick-reply-picker__list">
          {replies.map((r, i) => (
            <li
              key={r.id}
              role="option"
              aria-selected={i === highlight}
              className={classNames('quick-reply-picker__item', { 'quick-reply-picker__item--active': i === highlight })}
              // mousedown keeps the focus in the message input
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => onHighlight(i)}
              onClick={() => onPick(r)}
              data-testid="quick-reply-option"
            >
              <span className="quick-reply-picker__shortcode">/{r.shortcode}</span>
              <span className="quick-reply-picker__label">{truncate(r.message || r.shortcode, QUICK_REPLY_LABEL_MAX)}</span>
              {r.isMedia ? (
                <i
                  className="pi pi-paperclip quick-reply-picker__media"
                  role="img"
                  aria-label={r.mediaName || t('tickets.messages.file')}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
