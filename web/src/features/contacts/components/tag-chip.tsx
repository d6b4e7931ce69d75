import type { TagSummary } from '@switchboard/shared/contracts/tags';

/** A tag as a small coloured pill. */
export function TagChip({ tag }: { tag: Pick<TagSummary, 'name' | 'color'> }) {
  return (
    <span className="tag-chip" style={{ ['--tag-color' as string]: tag.color }}>
      <span className="tag-chip__dot" aria-hidden="true" />
      {tag.name}
    </span>
  );
}
