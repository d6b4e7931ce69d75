import { defineHandler } from '../../../platform/http/define-handler.ts';
import { usersMoments } from '../dashboard.service.ts';

export const handler = defineHandler('dashboard.moments', ({ auth }) => usersMoments(auth));
