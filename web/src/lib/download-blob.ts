/** Saves a file the app made (an export) through the browser's download. */
export const downloadBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started from the URL by now; revoking later leaves slow browsers time to read it
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
