import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as duplicate } from './handlers/duplicate.handler.ts';
import { handler as graph } from './handlers/graph.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as saveGraph } from './handlers/save-graph.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as update } from './handlers/update.handler.ts';
import { handler as uploadAudio } from './handlers/upload-audio.handler.ts';
import { handler as uploadContent } from './handlers/upload-content.handler.ts';
import { handler as uploadImage } from './handlers/upload-image.handler.ts';

export const handler = moduleHandler({
  'flows.list': list,
  'flows.show': show,
  'flows.create': create,
  'flows.update': update,
  'flows.delete': remove,
  'flows.duplicate': duplicate,
  'flows.graph': graph,
  'flows.save-graph': saveGraph,
  'flows.upload-image': uploadImage,
  'flows.upload-audio': uploadAudio,
  'flows.upload-content': uploadContent,
});
