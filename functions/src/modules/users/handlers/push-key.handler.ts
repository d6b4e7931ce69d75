import { defineHandler } from '../../../platform/http/define-handler.ts';
import { vapidPublicKey } from '../../push/push-subscriptions.service.ts';

export const handler = defineHandler('users.push-key', () => vapidPublicKey());
