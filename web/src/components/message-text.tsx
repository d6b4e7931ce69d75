import { Fragment, type ReactNode } from 'react';
import { formatLine } from '../lib/message-format.ts';

/** Message text with its line breaks and WhatsApp-style emphasis. */
export function MessageText({ text }: { text: string }) {
  const lines = text.split('\n');
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {formatLine(line).map((run, j) => {
            let node: ReactNode = run.text;
            if (run.mono) node = <code>{node}</code>;
            if (run.strike) node = <s>{node}</s>;
            if (run.italic) node = <em>{node}</em>;
            if (run.bold) node = <strong>{node}</strong>;
            return <Fragment key={j}>{node}</Fragment>;
          })}
          {i < lines.length - 1 ? <br /> : null}
        </Fragment>
      ))}
    </>
  );
}
