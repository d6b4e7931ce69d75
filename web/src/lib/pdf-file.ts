import type * as PdfMake from 'pdfmake/build/pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

let loading: Promise<typeof PdfMake> | undefined;

/**
 * pdfmake with its Roboto fonts (about 800 KB compressed), fetched on first use so no page loads it up front.
 * A failed fetch is not kept: the next call tries again.
 */
export const loadPdfMake = () => {
  loading ??= Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')]).then(
    ([loaded, fonts]) => {
      // CommonJS bundles: their exports arrive as the default export
      const pdfMake = (loaded as unknown as { default?: typeof loaded }).default ?? loaded;
      pdfMake.addVirtualFileSystem(fonts.default);
      return pdfMake;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
};

/** Draws a pdfmake document into a PDF file and downloads it. */
export const downloadPdf = async (definition: TDocumentDefinitions, fileName: string): Promise<void> => {
  const pdfMake = await loadPdfMake();
  await pdfMake.createPdf(definition).download(fileName);
};
