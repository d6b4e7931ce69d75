/** A Cloud API number's approved message templates, the only messages delivered outside the 24-hour window. */
import type { MessageTemplate } from '@switchboard/shared/contracts/connections';
import { z } from 'zod';
import { graphCall } from '../graph/graph-client.ts';

const templatesAnswer = z.object({
  data: z
    .array(
      z.object({
        name: z.string(),
        language: z.string(),
        status: z.string(),
        category: z.string().default(''),
        components: z
          .array(z.object({ type: z.string(), format: z.string().optional(), text: z.string().optional() }).passthrough())
          .default([]),
      }),
    )
    .default([]),
});

/** How many `{{n}}` placeholders a template body has: the highest n. */
export const placeholderCount = (body: string): number =>
  Math.max(0, ...[...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1])));

/**
 * The Cloud API's `components` of a template send: the header's text parameter and the body's, in placeholder
 * order; none when the template has no placeholders.
 */
export const templateComponents = (t: {
  params: readonly string[];
  headerParams?: readonly string[];
}): Record<string, unknown>[] => {
  const text = (values: readonly string[]) => values.map((v) => ({ type: 'text', text: v }));
  return [
    ...(t.headerParams?.length ? [{ type: 'header', parameters: text(t.headerParams) }] : []),
    ...(t.params.length ? [{ type: 'body', parameters: text(t.params) }] : []),
  ];
};

/** The body with each `{{n}}` replaced by the n-th text, as the customer will read it. */
export const renderTemplateBody = (body: string, params: readonly string[]): string =>
  body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);

export const approvedTemplates = async (wabaId: string, token: string): Promise<MessageTemplate[]> => {
  const answer = templatesAnswer.parse(
    await graphCall('GET', `${wabaId}/message_templates`, {
      token,
      query: { fields: 'name,language,status,category,components', limit: '250' },
    }),
  );
  return answer.data
    .filter((t) => t.status === 'APPROVED')
    .map((t) => {
      const body = t.components.find((c) => c.type.toUpperCase() === 'BODY')?.text ?? '';
      // media headers (image, video, document) need a file per send: only text headers are filled from here
      const headerPart = t.components.find((c) => c.type.toUpperCase() === 'HEADER');
      const header = headerPart && (headerPart.format ?? 'TEXT').toUpperCase() === 'TEXT' ? (headerPart.text ?? '') : '';
      return {
        name: t.name,
        language: t.language,
        category: t.category,
        body,
        paramCount: placeholderCount(body),
        header,
        headerParamCount: placeholderCount(header),
      };
    });
};
