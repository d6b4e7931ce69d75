/** What a repository answers of a stored item: never the table's keys, index keys or kind. */
import { describe, expect, it } from 'vitest';
import { strip, stripWith } from './strip.ts';

const stored = {
  pk: 'C#1',
  sk: 'TICKET#0000000001',
  type: 'ticket',
  gsi1pk: 'a',
  gsi1sk: 'b',
  gsi2pk: 'c',
  gsi2sk: 'd',
  gsi3pk: 'e',
  gsi3sk: 'f',
  gsi4pk: 'g',
  gsi4sk: 'h',
  companyId: 1,
  id: 1,
  filterTagIds: [3],
};

describe('strip', () => {
  it('leaves out the keys of the table and of every index, and the item kind', () => {
    expect(strip(stored)).toEqual({ companyId: 1, id: 1, filterTagIds: [3] });
  });

  it('leaves out, on request, attributes the repository keeps to itself', () => {
    expect(stripWith('filterTagIds')(stored)).toEqual({ companyId: 1, id: 1 });
  });
});
