import type { Message, Ticket } from '@switchboard/shared/contracts/inbox';
import type { QuickMessage } from '@switchboard/shared/contracts/quick-messages';
import { acceptAttribute, mediaProblem } from '@switchboard/shared/media-types';
import { voiceRecordingFormat } from '@switchboard/shared/voice-recordings';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Menu } from 'primereact/menu';
import { classNames } from 'primereact/utils';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readStored, writeStored } from '../../../lib/storage.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useEditMessage } from '../api/edit-message.ts';
import { useSettingEnabled } from '../../../lib/company-setting.ts';
import { useSendMessage } from '../api/send-message.ts';
import { uploadMedia } from '../api/upload-media.ts';
import { useAudioRecorder } from '../hooks/use-audio-recorder.ts';
import { useInboxViewer } from '../hooks/use-inbox-viewer.ts';
import { useQuickReplyPicker } from '../hooks/use-quick-reply-picker.ts';
import { isBlank, keepsRecording, withSignature } from '../utils/message-rules.ts';
import { serviceWindowState } from '../utils/service-window.ts';
import { AttachmentDialog, type Attachment } from './attachment-dialog.tsx';
import { CameraDialog } from './camera-dialog.tsx';
import { EmojiPicker } from './emoji-picker.tsx';
import { QuotedMessage } from './message-bubble.tsx';
import { useFocusRequest } from './inbox-context.tsx';
import { QuickReplyPicker } from './quick-reply-picker.tsx';
import { ServiceWindowNotice } from './service-window-notice.tsx';
import { TemplateDialog } from './template-dialog.tsx';

const MESSAGE_MEDIA_ACCEPT = acceptAttribute('message');

const SIGN_KEY = 'ticketSignature';

/** A finished recording's file extension by its type (the recorder gives types without parameters). */
const RECORDING_EXTENSIONS: Record<string, string> = { 'audio/ogg': 'ogg', 'audio/wav': 'wav', 'audio/mp4': 'm4a' };

const elapsed = (since: number | undefined, now: number) => {
  const s = since ? Math.max(0, Math.floor((now - since) / 1000)) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * The message composer: text with emoji, attachments with a caption, camera photos, voice recordings, replies,
 * edits, private notes, the signature and quick replies: a text starting with '/' opens the picker, and the
 * chosen reply's text goes into the input (or, when it has a file, the file is attached with the text as caption).
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
  const edit = useEditMessage();
  const recorder = useAudioRecorder(voiceRecordingFormat(ticket.channel));
  const [text, setText] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [sign, setSign] = useState(() => readStored(SIGN_KEY) !== 'false');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [attachmentCaption, setAttachmentCaption] = useState('');
  const [uploading, setUploading] = useState(false);
  const [camera, setCamera] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const input = useRef<HTMLTextAreaElement>(null);
  const files = useRef<HTMLInputElement>(null);
  const attachMenu = useRef<Menu>(null);
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

  useEffect(() => {
    if (recorder.state !== 'recording') return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [recorder.state]);

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
    // the box empties at once so the agent can go on typing; a failed send gives the text back
    setText('');
    onCancelReply();
    try {
      await send.mutateAsync({
        ticketId: ticket.id,
        message: { body, isPrivate, ...(quoted ? { quotedMsg: { id: quoted.id } } : {}) },
      });
    } catch (error) {
      setText((current) => (current === '' ? typed : current));
      toast.error(error);
    }
  };

  const sendFiles = async (caption: string) => {
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

  return (
    <div className={classNames('composer', { 'composer--private': isPrivate })} data-testid="composer">
      {replyTo || editing ? (
        <div className="composer__context">
          <i className={editing ? 'pi pi-pencil' : 'pi pi-reply'} aria-hidden="true" />
          <div className="composer__context-body">
            <span className="composer__context-title">
              {editing ? t('tickets.input.editing') : t('tickets.input.replyingTo')}
            </span>
            {replyTo && !editing ? (
              <QuotedMessage
                quoted={{
                  id: replyTo.id,
                  body: replyTo.body,
                  fromMe: replyTo.fromMe,
                  mediaType: replyTo.mediaType,
                  isDeleted: replyTo.isDeleted,
                }}
              />
            ) : null}
          </div>
          <Button
            type="button"
            icon="pi pi-times"
            text
            rounded
            size="small"
            severity="secondary"
            aria-label={t('common.cancel')}
            onClick={() => {
              if (editing) {
                setText('');
                onCancelEdit();
              } else onCancelReply();
            }}
          />
        </div>
      ) : null}
      {isPrivate ? (
        <div className="composer__private-hint">
          <i className="pi pi-lock" aria-hidden="true" /> {t('tickets.input.privateHint')}
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
        <div className="composer__recording" role="status">
          <span className="composer__rec-dot" aria-hidden="true" />
          <span>{t('tickets.input.recording', { time: elapsed(recorder.startedAt, now) })}</span>
          <span className="composer__spacer" />
          <Button
            type="button"
            icon="pi pi-trash"
            text
            rounded
            severity="danger"
            aria-label={t('tickets.input.cancelRecording')}
            onClick={() => void recorder.cancel()}
          />
          <Button
            type="button"
            icon="pi pi-send"
            rounded
            aria-label={t('tickets.input.sendRecording')}
            onClick={() => void finishRecording()}
            disabled={recorder.state !== 'recording'}
          />
        </div>
      ) : (
        <div className="composer__row">
          <div className="composer__tools">
            <EmojiPicker onPick={insertEmoji} disabled={busy} />
            {!editing ? (
              <>
                <Button
                  type="button"
                  icon="pi pi-paperclip"
                  text
                  rounded
                  severity="secondary"
                  aria-label={t('tickets.input.attach')}
                  tooltip={t('tickets.input.attach')}
                  tooltipOptions={{ position: 'top' }}
                  aria-haspopup="menu"
                  onClick={(e) => attachMenu.current?.toggle(e)}
                  disabled={busy || windowClosed}
                  data-testid="attach-button"
                />
                <Menu
                  ref={attachMenu}
                  popup
                  model={[
                    { label: t('tickets.input.attachFile'), icon: 'pi pi-file', command: () => files.current?.click() },
                    { label: t('tickets.input.camera'), icon: 'pi pi-camera', command: () => setCamera(true) },
                    { label: t('tickets.input.sendContact'), icon: 'pi pi-id-card', command: onSendContact },
                  ]}
                />
                <input
                  ref={files}
                  type="file"
                  multiple
                  hidden
                  accept={MESSAGE_MEDIA_ACCEPT}
                  onChange={(e) => {
                    const picked = Array.from(e.target.files ?? []);
                    // the server refuses these too; saying so here spares an upload that cannot succeed
                    const refused = picked.filter((file) => mediaProblem('message', { name: file.name, mimeType: file.type }));
                    if (refused.length)
                      toast.warn(t('tickets.input.fileRefused', { names: refused.map((f) => f.name).join(', ') }));
                    const chosen = picked.filter((file) => !refused.includes(file)).map((file) => ({ file, name: file.name }));
                    if (chosen.length) setAttachments(chosen);
                    e.target.value = '';
                  }}
                  data-testid="file-input"
                />
                <Button
                  type="button"
                  icon="pi pi-lock"
                  text={!isPrivate}
                  rounded
                  severity={isPrivate ? 'warning' : 'secondary'}
                  aria-label={t('tickets.input.private')}
                  aria-pressed={isPrivate}
                  tooltip={t('tickets.input.private')}
                  tooltipOptions={{ position: 'top' }}
                  onClick={() => setPrivate((p) => !p)}
                  data-testid="private-toggle"
                />
                {signOffered ? (
                  <Button
                    type="button"
                    icon="pi pi-pen-to-square"
                    text
                    rounded
                    severity={sign ? undefined : 'secondary'}
                    className={sign ? 'composer__toggle--on' : undefined}
                    aria-label={t('tickets.input.signature')}
                    aria-pressed={sign}
                    tooltip={sign ? t('tickets.input.signatureOn') : t('tickets.input.signatureOff')}
                    tooltipOptions={{ position: 'top' }}
                    onClick={() =>
                      setSign((s) => {
                        writeStored(SIGN_KEY, String(!s));
                        return !s;
                      })
                    }
                    data-testid="signature-toggle"
                  />
                ) : null}
              </>
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
