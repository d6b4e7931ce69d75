/**
 * Conversation flows (spec document 3 "Flow list", "Flow editor", entity "Flow", sections 5, 7 "Flows" and 9;
 * server reference 5.1). The graph's own schema and functions are in ../flows/graph.ts.
 */
import { z } from 'zod';
import type { MediaUse } from '../media-types.ts';
import { flowConnection, flowGraph, flowNode } from '../flows/graph.ts';
import { idParam } from './common.ts';
import { uploadBody } from './uploads.ts';

/** Records per page of GET /flowbuilder (pageNumber counts from 1). */
export const FLOW_PAGE_SIZE = 20;
/** Section 5 and 9: a flow's name is 2 to 50 characters. */
export const FLOW_NAME_MIN = 2;
export const FLOW_NAME_MAX = 50;
export const flowNameMessages = { required: 'Introduzca un nombre', short: '¡Muy corto!', long: '¡Demasiado tiempo!' } as const;
/** A graph is one table item (DynamoDB items are at most 400 KB): bigger graphs are refused with this limit. */
export const FLOW_GRAPH_MAX_BYTES = 350 * 1024;
/** Section 5: uploads for flow nodes. */
export const FLOW_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const FLOW_AUDIO_MAX_BYTES = 5 * 1024 * 1024;
export const FLOW_VIDEO_MAX_BYTES = 20 * 1024 * 1024;
/** Section 9: images are compressed in the browser at this quality before upload. */
export const FLOW_IMAGE_QUALITY = 0.7;

export const flowName = z
  .string({ error: flowNameMessages.required })
  .trim()
  .min(1, flowNameMessages.required)
  // one message per name: 'required' for an empty one, not 'too short' as well
  .pipe(z.string().min(FLOW_NAME_MIN, flowNameMessages.short).max(FLOW_NAME_MAX, flowNameMessages.long));

export const flow = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  userId: z.number().int().nullable(),
  companyId: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Flow = z.infer<typeof flow>;

export const flowIdParams = z.object({ id: idParam });

export const flowListQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().min(1).max(1000).default(1),
});
export const flowListResponse = z.object({ flows: z.array(flow), hasMore: z.boolean() });
export type FlowListResponse = z.infer<typeof flowListResponse>;

export const createFlowBody = z.object({ name: flowName });
export const updateFlowBody = z.object({ flowId: z.number().int().positive(), name: flowName, active: z.boolean().optional() });
export type UpdateFlowBody = z.infer<typeof updateFlowBody>;
export const duplicateFlowBody = z.object({ flowId: z.number().int().positive() });

/** POST /flowbuilder/flow: the editor's whole graph. */
export const saveFlowGraphBody = z
  .object({ idFlow: z.number().int().positive(), nodes: z.array(flowNode), connections: z.array(flowConnection) })
  .superRefine((b, ctx) => {
    const checked = flowGraph.safeParse({ nodes: b.nodes, connections: b.connections });
    if (!checked.success)
      for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type SaveFlowGraphBody = z.infer<typeof saveFlowGraphBody>;

/** GET /flowbuilder/flow/{id}: the flow with its graph (`flow.flow`, as the fork answers), and addresses of its files. */
export const flowWithGraph = z.object({
  flow: flow.extend({ flow: z.object({ nodes: z.array(flowNode), connections: z.array(flowConnection) }) }),
  /** a stored file name used by the graph -> an address that serves it */
  media: z.record(z.string(), z.string()),
});
export type FlowWithGraph = z.infer<typeof flowWithGraph>;

const upload = (use: MediaUse, maxBytes: number) =>
  uploadBody({ style: 'setting', use, maxBytes, tooLarge: 'The file is too large' });

/** The uploads' kinds and their limits (section 5): the file goes to the answered signed address. */
export const flowImageUpload = upload('flowImage', FLOW_IMAGE_MAX_BYTES);
export const flowAudioUpload = upload('flowAudio', FLOW_AUDIO_MAX_BYTES);
/** a content block's files: images, audio (opus too) and mp4 video, each within its kind's limit */
export const flowContentUpload = z.object({
  medias: z
    .array(
      z.union([
        upload('flowImage', FLOW_IMAGE_MAX_BYTES),
        upload('flowContentAudio', FLOW_AUDIO_MAX_BYTES),
        upload('flowVideo', FLOW_VIDEO_MAX_BYTES),
      ]),
    )
    .min(1)
    .max(10),
});
export type FlowUploadFile = z.infer<typeof flowImageUpload>;

export const flowUploadTarget = z.object({
  /** the stored name the graph keeps in `data.url` or an element's `value` */
  name: z.string(),
  original: z.string(),
  url: z.string(),
  uploadUrl: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type FlowUploadTarget = z.infer<typeof flowUploadTarget>;
export const flowContentUploadResponse = z.object({ elements: z.array(flowUploadTarget) });
