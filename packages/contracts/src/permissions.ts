import { z } from 'zod';
import { PERMISSION_FLAGS, type PermissionFlag } from './areas.js';

export const permissionFlagsSchema = z.object(
  Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, z.boolean()])) as Record<PermissionFlag, z.ZodBoolean>,
);
