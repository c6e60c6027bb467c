import { z } from 'zod';
import { reasons } from './fields.js';

/**
 * Where notifications go: the app's own notification centre always keeps them; the others also deliver them. A
 * module of its own: the app config names them, and every first screen reads the app config.
 */
export const NotificationChannel = z.enum(['in_app', 'web_push', 'line', 'sms'], { error: reasons.invalidChoice });
export type NotificationChannel = z.infer<typeof NotificationChannel>;
