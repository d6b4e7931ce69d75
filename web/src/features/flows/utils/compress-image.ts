/** Spec document 3 section 9: images of flow nodes are compressed in the browser at quality 0.7 before upload. */
import { FLOW_IMAGE_QUALITY } from '@switchboard/shared/contracts/flows';

/** The image re-encoded as JPEG/PNG (its own type) at quality 0.7; the original when that is not smaller or fails. */
export const compressImage = async (file: File): Promise<File> => {
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, FLOW_IMAGE_QUALITY));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], file.name, { type });
  } catch {
    return file;
  }
};
