import { visitorMessage, webchatEvents } from '@switchboard/shared/contracts/webchat';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { getVisitorMessages } from '../api/get-visitor-messages.ts';
import { getVisitorSocketTicket } from '../api/get-visitor-socket-ticket.ts';
import { widgetConfigQueryKey } from '../api/get-widget-config.ts';
import { sendVisitorMessage } from '../api/send-visitor-message.ts';
import { uploadVisitorFile } from '../api/upload-visitor-file.ts';
import { isWidgetHttpError } from '../api/widget-fetch.ts';
import { newClientMessageId } from '../utils/client-message-id.ts';
import {
  conversationReducer,
  emptyConversation,
  isFromCompany,
  type FailureKind,
  type LocalAttachment,
} from '../utils/conversation.ts';
import { notifyHost } from '../utils/host-messages.ts';
import { fileProblemOfFields, isImageFile } from '../utils/visitor-file.ts';
import { openVisitorSocket } from '../utils/visitor-socket.ts';

const failureOf = (error: unknown): FailureKind =>
  isWidgetHttpError(error) && error.status === 429
    ? 'throttled'
    : isWidgetHttpError(error) && error.status === 0
      ? 'network'
      : ((isWidgetHttpError(error) && error.status === 400 ? fileProblemOfFields(error.fields) : undefined) ?? 'refused');

/**
 * The visitor's conversation: loaded once, kept live over the visitor socket (loaded again at every
 * reconnection, so nothing missed while offline is lost), and the sending of messages with retries that reuse
 * the message's id. A 401 anywhere means the visitor token is over: `onExpired` starts the widget over.
 */
export const useVisitorConversation = ({
  chatToken,
  visitorToken,
  onExpired,
}: {
  chatToken: string;
  visitorToken: string;
  onExpired: () => void;
}) => {
  const [state, dispatch] = useReducer(conversationReducer, emptyConversation);
  const [loadFailed, setLoadFailed] = useState(false);
  const [throttled, setThrottled] = useState(false);
  const [live, setLive] = useState<boolean | undefined>(undefined);
  const queryClient = useQueryClient();
  const expired = useRef(onExpired);
  useLayoutEffect(() => {
    expired.current = onExpired;
  });

  const handleError = useCallback((error: unknown): boolean => {
    if (isWidgetHttpError(error) && error.status === 401) {
      expired.current();
      return true;
    }
    return false;
  }, []);

  const load = useCallback(async (): Promise<boolean> => {
    try {
      const answer = await getVisitorMessages({ chatToken, visitorToken });
      dispatch({ type: 'loaded', messages: answer.messages, answered: answer.answered });
      setLoadFailed(false);
      return true;
    } catch (error) {
      if (!handleError(error)) setLoadFailed(true);
      return false;
    }
  }, [chatToken, visitorToken, handleError]);

  useEffect(() => {
    let socket: ReturnType<typeof openVisitorSocket> | undefined;
    let active = true;
    // the socket opens only once the token has proved valid, so an expired one never loops on reconnections
    void load().then((ok) => {
      if (!ok || !active) return;
      socket = openVisitorSocket({
        getTicket: async () => {
          try {
            return await getVisitorSocketTicket({ chatToken, visitorToken });
          } catch (error) {
            handleError(error);
            throw error;
          }
        },
        onStopped: () => {
          setLive(undefined);
          // the chat's page shows it unavailable when the chat is gone; otherwise the conversation just stays
          void queryClient.invalidateQueries({ queryKey: widgetConfigQueryKey(chatToken) });
        },
        onOpen: () => {
          setLive(true);
          // what arrived between the load and this (re)connection is fetched, so no message is missed
          void load();
        },
        onDown: () => setLive(false),
        onFrame: (event, data) => {
          if (event !== webchatEvents.message && event !== webchatEvents.messageUpdate) return;
          const parsed = visitorMessage.safeParse(data);
          if (!parsed.success) return;
          dispatch({ type: 'received', message: parsed.data });
          if (event === webchatEvents.message && isFromCompany(parsed.data)) notifyHost({ type: 'message' });
        },
      });
    });
    return () => {
      active = false;
      socket?.close();
    };
  }, [load, chatToken, visitorToken, handleError, queryClient]);

  const deliver = useCallback(
    async (clientMessageId: string, body: string, attachment?: LocalAttachment, choice?: string) => {
      try {
        // a file goes up once: a retry after a failed send reuses the upload
        let media = attachment?.upload;
        if (attachment && !media) {
          media = await uploadVisitorFile({ chatToken, visitorToken, file: attachment.file });
          dispatch({ type: 'uploaded', clientMessageId, upload: media });
        }
        const accepted = await sendVisitorMessage({ chatToken, visitorToken, body, clientMessageId, media, choice });
        dispatch({ type: 'sent', clientMessageId, serverCreatedAt: accepted.createdAt });
        setThrottled(false);
      } catch (error) {
        if (handleError(error)) return;
        const failure = failureOf(error);
        if (failure === 'throttled') setThrottled(true);
        dispatch({ type: 'failed', clientMessageId, failure });
      }
    },
    [chatToken, visitorToken, handleError],
  );

  /** `choice`: a tapped menu button's option id, `text` being its label (what the visitor and the agents read). */
  const send = useCallback(
    (text: string, choice?: string) => {
      const body = text.trim();
      if (body === '') return;
      const clientMessageId = newClientMessageId();
      dispatch({ type: 'sending', message: { clientMessageId, body, choice, createdAt: new Date().toISOString() } });
      void deliver(clientMessageId, body, undefined, choice);
    },
    [deliver],
  );

  // the previews of picked images live as long as the conversation on screen
  const previews = useRef<string[]>([]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  /** Sends a file the visitor picked (already checked against the allow-list and the size limit). */
  const sendFile = useCallback(
    (file: File) => {
      const clientMessageId = newClientMessageId();
      const previewUrl = isImageFile(file) ? URL.createObjectURL(file) : null;
      if (previewUrl) previews.current.push(previewUrl);
      const attachment: LocalAttachment = { file, previewUrl };
      dispatch({ type: 'sending', message: { clientMessageId, body: '', createdAt: new Date().toISOString(), attachment } });
      void deliver(clientMessageId, '', attachment);
    },
    [deliver],
  );

  const retry = useCallback(
    (clientMessageId: string) => {
      const message = state.local.find((l) => l.clientMessageId === clientMessageId);
      if (!message) return;
      dispatch({ type: 'retrying', clientMessageId });
      void deliver(clientMessageId, message.body, message.attachment, message.choice);
    },
    [state.local, deliver],
  );

  return { state, loadFailed, reload: load, throttled, live, send, sendFile, retry };
};
