import { Fragment, type ReactNode } from 'react';
import { formatLine, linkSegments } from '../lib/message-format.ts';

const Formatted = ({ text }: { text: string }) => (
  <>
    {formatLine(text).map((run, j) => {
      let node: ReactNode = run.text;
      if (run.mono) node = <code>{node}</code>;
      if (run.strike) node = <s>{node}</s>;
      if (run.italic) node = <em>{node}</em>;
      if (run.bold) node = <strong>{node}</strong>;
      return <Fragment key={j}>{node}</Fragment>;
    })}
  </>
);

/**
 * Message text with its line breaks and WhatsApp-style emphasis; with `links`, its http(s) addresses open in a new
 * tab (a privacy policy link the bot sends, for one).
 */
export function MessageText({ text, links = false }: { text: string; links?: boolean }) {
  const lines = text.split('\n');
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {links ? (
            linkSegments(line).map((segment, j) =>
              'href' in segment ? (
                <a key={j} href={segment.href} target="_blank" rel="noopener noreferrer">
                  {segment.href}
                </a>
              ) : (
                <Formatted key={j} text={segment.text} />
              ),
            )
          ) : (
            <Formatted text={line} />
          )}
          {i < lines.length - 1 ? <br /> : null}
        </Fragment>
      ))}
    </>
  );
}
