/**
 * Reading an uploaded sheet in the browser with SheetJS, loaded only when a file is chosen so the app's main
 * bundle does not carry it. The first sheet is read as rows of raw cells; CSV and text files are read as text
 * without value guessing, so "+55 11 ..." and leading zeros of a number survive.
 */
export const ACCEPTED_EXTENSIONS = ['.xls', '.xlsx', '.csv', '.txt'] as const;

export const isAcceptedFile = (name: string): boolean => ACCEPTED_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

const isText = (name: string) => /\.(csv|txt)$/i.test(name);

export const readSpreadsheet = async (file: Pick<File, 'name' | 'text' | 'arrayBuffer'>): Promise<unknown[][]> => {
  const XLSX = await import('@e965/xlsx');
  const workbook = isText(file.name)
    ? XLSX.read(await file.text(), { type: 'string', raw: true })
    : XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: 'array', cellDates: true });
  const first = workbook.SheetNames[0];
  const sheet = first ? workbook.Sheets[first] : undefined;
  if (!sheet) return [];
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
};
