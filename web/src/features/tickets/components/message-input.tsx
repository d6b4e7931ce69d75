import type { Message } from '@switchboard/shared/contracts/messages';
import type { Ticket } from '@switchboard/shared/contracts/tickets';
import type { QuickMessage } from '@switchboard/shared/contracts/quick-messages';
import { voiceRecordingFormat } from '@switchboard/shared/voice-recordings';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { classNames } from 'primereact/utils';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readStored } from '../../../lib/storage.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useEditMessage } from '../api/edit-message.ts';
import { useSettingEnabled } from '../../../lib/company-setting.ts';
import { useOnline } from '../../../lib/network-state.ts';
import { useSendMessage } from '../api/send-message.ts';
import { uploadMedia } from '../api/upload-media.ts';
import { useAudioRecorder } from '../hooks/use-audio-recorder.ts';
import { useInboxViewer } from '../hooks/use-inbox-viewer.ts';
import { useQuickReplyPicker } from '../hooks/use-quick-reply-picker.ts';
import { useReplyOutbox } from '../hooks/use-reply-outbox.ts';
import { isBlank, keepsRecording, withSignature } from '../utils/message-rules.ts';
import { serviceWindowState } from '../utils/service-window.ts';
import { AttachmentDialog, type Attachment } from './attachment-dialog.tsx';
import { CameraDialog } from './camera-dialog.tsx';
import { ComposerContext } from './composer-context.tsx';
import { ComposerRecording } from './composer-recording.tsx';
import { ComposerTools, SIGN_KEY } from './composer-tools.tsx';
import { EmojiPicker } from './emoji-picker.tsx';
import { useFocusRequest } from './inbox-context.tsx';
import { QuickReplyPicker } from './quick-reply-picker.tsx';
import { ServiceWindowNotice } from './service-window-notice.tsx';
import { TemplateDialog } from './template-dialog.tsx';

/** A finished recording's file extension by its type (the recorder gives types without parameters). */
const RECORDING_EXTENSIONS: Record<string, string> = { 'audio/ogg': 'ogg', 'audio/wav': 'wav', 'audio/mp4': 'm4a' };

/**
 * The message composer: text with emoji, attachments with a caption, camera photos, voice recordings, replies,
 * edits, private notes, the signature and quick replies: a text starting with '/' opens the picker, and the
 * chosen reply's text goes into the input (or, when it has a file, the file is attached with the text as caption).
 * A text reply goes through the outbox (shown at once, kept until the server has it, sent once); files and
 * recordings need a connection and say so when there is none.
 */
export function MessageInput({
  ticket,
  replyTo,
  editing,
  onCancelReply,
  onCancelEdit,
  onSendContact,
}: {
  ticket: Ticket;
  replyTo: Message | undefined;
  editing: Message | undefined;
  onCancelReply: () => void;
  onCancelEdit: () => void;
  onSendContact: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const viewer = useInboxViewer();
  const signOffered = useSettingEnabled('sendSignMessage');
  const send = useSendMessage();
  const outbox = useReplyOutbox();
  const online = useOnline();
  const edit = useEditMessage();
  const recorder = useAudioRecorder(voiceRecordingFormat(ticket.channel));
  const [text, setText] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [sign, setSign] = useState(() => readStored(SIGN_KEY) !== 'false');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [attachmentCaption, setAttachmentCaption] = useState('');
  const [uploading, setUploading] = useState(false);
  const [camera, setCamera] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const [templates, setTemplates] = useState(false);
  const [windowNow, setWindowNow] = useState(() => Date.now());
  const serviceWindow = serviceWindowState(ticket, windowNow);
  // Meta's 24-hour window: outside it only private notes (and, on the Cloud API, templates) can be written
  const windowClosed = serviceWindow.applies && !serviceWindow.open && !isPrivate && !editing;
  useEffect(() => {
    if (!serviceWindow.applies) return undefined;
    const timer = setInterval(() => setWindowNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [serviceWindow.applies]);
  useFocusRequest('composer', input, !uploading);
  const signing = signOffered && sign && !isPrivate;

  const applyQuickReply = async (reply: QuickMessage) => {
    input.current?.focus();
    if (!reply.isMedia || !reply.mediaUrl) {
      setText(reply.message);
      return;
    }
    setText('');
    try {
      const response = await fetch(reply.mediaUrl);
      if (!response.ok) throw new ApiError(response.status, { error: 'ERR_NOT_FOUND' });
      const blob = await response.blob();
      const file = reply.mediaType && blob.type !== reply.mediaType ? new Blob([blob], { type: reply.mediaType }) : blob;
      setAttachmentCaption(reply.message);
      setAttachments([{ file, name: reply.mediaName ?? 'file' }]);
    } catch (error) {
      setText(reply.message);
      toast.error(error);
    }
  };
  const picker = useQuickReplyPicker(text, !editing, (reply) => void applyQuickReply(reply));

  useEffect(() => {
    if (editing) {
      setText(editing.body);
      input.current?.focus();
    }
  }, [editing]);

  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  const submit = async () => {
    if (isBlank(text) || windowClosed) return;
    if (editing) {
      try {
        await edit.mutateAsync({ messageId: editing.id, ticketId: ticket.id, body: text.trim() });
        setText('');
        onCancelEdit();
      } catch (error) {
        toast.error(error);
      }
      return;
    }
    const typed = text;
    const quoted = replyTo;
    const body = withSignature(typed.trim(), viewer.name, signing);
    // the box empties at once so the agent can go on typing; the reply shows in the conversation until it is sent
    setText('');
    onCancelReply();
    outbox.add(ticket.id, { body, isPrivate, ...(quoted ? { quotedMsg: { id: quoted.id } } : {}) });
  };

  /** Files and recordings are sent online only: offline, the agent is told instead of losing them. */
  const needsNetwork = (): boolean => {
    if (online) return false;
    toast.warn(t('tickets.outbox.filesNeedNetwork'));
    return true;
  };

  const sendFiles = async (caption: string) => {
    if (needsNetwork()) return;
    setUploading(true);
    try {
      for (const [i, a] of attachments.entries()) {
        const media = await uploadMedia(ticket.id, a.file, a.name);
        const body = i === 0 && !isBlank(caption) ? withSignature(caption.trim(), viewer.name, signing) : '';
        await send.mutateAsync({
          ticketId: ticket.id,
          message: { body, isPrivate, media, ...(i === 0 && replyTo ? { quotedMsg: { id: replyTo.id } } : {}) },
        });
      }
      setAttachments([]);
      setAttachmentCaption('');
      onCancelReply();
    } catch (error) {
      toast.error(error);
    } finally {
      setUploading(false);
    }
  };

  const startRecording = async () => {
    if (needsNetwork()) return;
    try {
      await recorder.start();
    } catch (error) {
      if (error instanceof Error && error.name === 'NotAllowedError') toast.errorText(t('tickets.input.micDenied'));
      else toast.error(error);
    }
  };

  const finishRecording = async () => {
    const blob = await recorder.stop();
    if (!blob) return;
    if (!keepsRecording(blob.size)) {
      toast.warn(t('tickets.input.recordingTooShort'));
      return;
    }
    if (needsNetwork()) return;
    setUploading(true);
    try {
      const ext = RECORDING_EXTENSIONS[blob.type] ?? 'webm';
      const media = await uploadMedia(ticket.id, blob, `audio-${new Date().toISOString().replace(/[:.]/g, '-')}.${ext}`);
      await send.mutateAsync({ ticketId: ticket.id, message: { body: '', isPrivate, media: { ...media, voiceNote: true } } });
    } catch (error) {
      toast.error(error);
    } finally {
      setUploading(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picker.onKeyDown(e)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
    if (e.key === 'Escape') {
      if (editing) {
        setText('');
        onCancelEdit();
      } else if (replyTo) onCancelReply();
    }
  };

  const insertEmoji = (emoji: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const recording = recorder.state !== 'idle';
  const busy = send.isPending || edit.isPending || uploading;

  /** Leaves the edit (its text goes) or the reply. */
  const cancelContext = () => {
    if (editing) {
      setText('');
      onCancelEdit();
    } else onCancelReply();
  };

  return (
    <div className={classNames('composer', { 'composer--private': isPrivate })} data-testid="composer">
      {replyTo || editing ? <ComposerContext replyTo={replyTo} editing={editing} onCancel={cancelContext} /> : null}
      {isPrivate ? (
        <div className="composer__private-hint">
          <i className="pi pi-lock" aria-hidden="true" /> {t('tickets.input.privateHint')}
        </div>
      ) : null}
      {!online ? (
        <div className="composer__offline-hint" role="note" data-testid="composer-offline">
          <i className="pi pi-wifi" aria-hidden="true" /> {t('tickets.outbox.offlineHint')}
        </div>
      ) : null}
      <ServiceWindowNotice ticket={ticket} state={serviceWindow} onTemplate={() => setTemplates(true)} />
      {picker.open && !recording ? (
        <QuickReplyPicker
          replies={picker.replies}
          loading={picker.loading}
          highlight={picker.highlight}
          onHighlight={picker.setHighlight}
          onPick={picker.pick}
        />
      ) : null}
      {recording ? (
        <ComposerRecording recorder={recorder} onSend={() => void finishRecording()} />
      ) : (
        <div className="composer__row">
          <div className="composer__tools">
            <EmojiPicker onPick={insertEmoji} disabled={busy} />
            {!editing ? (
              <ComposerTools
                busy={busy}
                windowClosed={windowClosed}
                isPrivate={isPrivate}
                onTogglePrivate={() => setPrivate((p) => !p)}
                signOffered={signOffered}
                sign={sign}
                onSign={setSign}
                onFiles={setAttachments}
                onCamera={() => setCamera(true)}
                onSendContact={onSendContact}
              />
            ) : null}
          </div>
          <InputTextarea
            ref={input}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            rows={1}
            autoResize
            placeholder={isPrivate ? t('tickets.input.privatePlaceholder') : t('tickets.input.placeholder')}
            aria-label={t('tickets.input.placeholder')}
            className="composer__text"
            maxLength={4096}
            disabled={uploading || windowClosed}
            data-testid="message-input"
          />
          {isBlank(text) && !editing && recorder.supported ? (
            <Button
              type="button"
              icon="pi pi-microphone"
              rounded
              aria-label={t('tickets.input.record')}
              tooltip={t('tickets.input.record')}
              tooltipOptions={{ position: 'top' }}
              onClick={() => void startRecording()}
              disabled={windowClosed}
              loading={uploading}
              data-testid="record-button"
            />
          ) : (
            <Button
              type="button"
              icon={editing ? 'pi pi-check' : 'pi pi-send'}
              rounded
              aria-label={editing ? t('tickets.input.saveEdit') : t('tickets.input.send')}
              onClick={() => void submit()}
              disabled={isBlank(text) || windowClosed}
              loading={busy}
              data-testid="send-button"
            />
          )}
        </div>
      )}
      <AttachmentDialog
        attachments={attachments}
        initialCaption={attachmentCaption}
        sending={uploading}
        onSend={(caption) => void sendFiles(caption)}
        onHide={() => {
          if (uploading) return;
          setAttachments([]);
          setAttachmentCaption('');
        }}
      />
      {templates ? <TemplateDialog ticket={ticket} onHide={() => setTemplates(false)} /> : null}
      <CameraDialog
        visible={camera}
        onHide={() => setCamera(false)}
        onCapture={(photo) => {
          setCamera(false);
          setAttachments([{ file: photo, name: `foto-${Date.now()}.jpg` }]);
        }}
      />
    </div>
  );
}
