import type { CSSProperties } from 'react';

/** A small coloured label: a tag, a queue or an agent. */
export function TagChip({
  name,
  color,
  icon,
  outlined,
  testId,
}: {
  name: string;
  color?: string;
  icon?: string;
  outlined?: boolean;
  testId?: string;
}) {
  return (
    <span
      className={`tag-chip${outlined ? ' tag-chip--outlined' : ''}`}
      style={color ? ({ '--tag-color': color } as CSSProperties) : undefined}
      title={name}
      data-testid={testId}
    >
      {icon ? <i className={icon} aria-hidden="true" /> : null}
      <span className="tag-chip__text">{name}</span>
    </span>
  );
}
