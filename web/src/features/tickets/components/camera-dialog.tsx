import { Dialog } from 'primereact/dialog';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';

/** Takes a photo with the device camera; the photo then goes to the attachment preview. */
export function CameraDialog({
  visible,
  onCapture,
  onHide,
}: {
  visible: boolean;
  onCapture: (photo: Blob) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | undefined>(undefined);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!visible) return;
    let live = true;
    let opened: MediaStream | undefined;
    setFailed(false);
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: 'user' }, audio: false })
      .then((s) => {
        opened = s;
        if (!live) s.getTracks().forEach((track) => track.stop());
        else setStream(s);
      })
      .catch(() => live && setFailed(true));
    if (!navigator.mediaDevices) setFailed(true);
    return () => {
      live = false;
      opened?.getTracks().forEach((track) => track.stop());
      setStream(undefined);
    };
  }, [visible]);

  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);

  const capture = () => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    canvas.toBlob((blob) => blob && onCapture(blob), 'image/jpeg', 0.9);
  };

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('tickets.camera.title')}
      className="inbox-dialog inbox-dialog--wide"
      footer={
        <DialogActions
          onCancel={onHide}
          confirm={{ label: t('tickets.camera.capture'), icon: 'pi pi-camera', disabled: !stream, onClick: capture }}
        />
      }
    >
      {failed ? (
        <p className="camera__error" role="alert">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('tickets.camera.unavailable')}
        </p>
      ) : (
        <video ref={video} className="camera__video" autoPlay playsInline muted />
      )}
    </Dialog>
  );
}
