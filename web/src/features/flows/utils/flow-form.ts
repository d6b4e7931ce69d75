/** The flow name's checks (spec document 3 section 5), with the spec's texts; the API checks the same. */
import { FLOW_NAME_MAX, FLOW_NAME_MIN, flowNameMessages } from '@switchboard/shared/contracts/flows';

export const flowNameProblem = (name: string): string | undefined => {
  const value = name.trim();
  if (!value) return flowNameMessages.required;
  if (value.length < FLOW_NAME_MIN) return flowNameMessages.short;
  if (value.length > FLOW_NAME_MAX) return flowNameMessages.long;
  return undefined;
};
