import type { QuickMessage } from '@switchboard/shared/contracts/quick-messages';
import { useState, type KeyboardEvent } from 'react';
import { useQuickReplies } from '../api/get-quick-replies.ts';

/**
 * The quick-reply picker of the message input (spec document 1): open while the text starts with '/' and the
 * shortcode typed after it has no space; what follows the '/' filters the list. Up and down move the highlight,
 * Enter picks, Escape closes it until the text changes.
 */
export const pickerFilterOf = (text: string): string | undefined => {
  if (!text.startsWith('/')) return undefined;
  const typed = text.slice(1);
  return /\s/.test(typed) ? undefined : typed;
};

export const useQuickReplyPicker = (text: string, enabled: boolean, onPick: (reply: QuickMessage) => void) => {
  const filter = enabled ? pickerFilterOf(text) : undefined;
  const [dismissedAt, setDismissedAt] = useState<string | undefined>(undefined);
  const [highlight, setHighlight] = useState(0);
  const [highlightFor, setHighlightFor] = useState(filter);
  if (highlightFor !== filter) {
    setHighlightFor(filter);
    setHighlight(0);
  }
  const open = filter !== undefined && dismissedAt !== text;
  const query = useQuickReplies(filter ?? '', open);
  const replies = open ? (query.data ?? []) : [];

  const pick = (reply: QuickMessage) => {
    setDismissedAt(undefined);
    onPick(reply);
  };

  /** Handles the picker's keys; true when the key was the picker's (the input must not act on it). */
  const onKeyDown = (e: KeyboardEvent<HTMLElement>): boolean => {
    if (!open) return false;
    if (e.key === 'Escape') {
      e.preventDefault();
      setDismissedAt(text);
      return true;
    }
    if (replies.length === 0) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setHighlight((h) => (h + step + replies.length) % replies.length);
      return true;
    }
    if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey) {
      e.preventDefault();
      pick(replies[Math.min(highlight, replies.length - 1)]!);
      return true;
    }
    return false;
  };

  return {
    open,
    replies,
    loading: open && query.isLoading,
    highlight: Math.min(highlight, Math.max(0, replies.length - 1)),
    setHighlight,
    pick,
    onKeyDown,
  };
};
